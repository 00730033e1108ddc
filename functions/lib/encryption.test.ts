// AES-256-GCM for secrets kept in the table: round trip, bound to its record, tamper-evident, not
// readable under another key, and never sealed without the configured key.
import { afterEach, describe, expect, it, vi } from 'vitest';

async function load(env: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return import('./encryption');
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('encryptSecret', () => {
  it('round-trips, never shows the plain text, and uses a fresh IV each time', async () => {
    const { encryptSecret, decryptSecret } = await load({ TOKEN_SIGNING_KEY: 'signing', DATA_ENCRYPTION_KEY: 'data-key' });
    const a = await encryptSecret('JBSWY3DPEHPK3PXP', 'two-factor:u1');
    const b = await encryptSecret('JBSWY3DPEHPK3PXP', 'two-factor:u1');
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a.startsWith('k1.')).toBe(true);
    expect(await decryptSecret(a, 'two-factor:u1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses a value moved to another record or altered', async () => {
    const { encryptSecret, decryptSecret } = await load({ TOKEN_SIGNING_KEY: 'signing', DATA_ENCRYPTION_KEY: 'data-key' });
    const sealed = await encryptSecret('secret', 'two-factor:u1');
    await expect(decryptSecret(sealed, 'two-factor:u2')).rejects.toThrow();
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other!').toString('base64url');
    await expect(decryptSecret(parts.join('.'), 'two-factor:u1')).rejects.toThrow();
  });

  it('does not open a value sealed under another data key, nor seal anything without a key', async () => {
    const one = await load({ TOKEN_SIGNING_KEY: 'signing', DATA_ENCRYPTION_KEY: 'data-key' });
    const sealed = await one.encryptSecret('secret', 'ctx');
    const other = await load({ TOKEN_SIGNING_KEY: 'signing', DATA_ENCRYPTION_KEY: 'another-key' });
    await expect(other.decryptSecret(sealed, 'ctx')).rejects.toThrow();
    const none = await load({ TOKEN_SIGNING_KEY: 'signing', DATA_ENCRYPTION_KEY: '' });
    await expect(none.encryptSecret('secret', 'ctx')).rejects.toThrow(/data encryption key/);
  });
});
