// .data/secrets.json: created once, and a file of an older shape keeps its keys and gains the new ones.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecrets } from './stack';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('local secrets', () => {
  it('migrates the first shape: keeps its keys, adds dataEncryptionKey, and keeps it from then on', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify({ tokenSigningKey: 'old-signing', localStripeWebhookSecret: 'whsec_old' }));
    const first = loadOrCreateSecrets(dir);
    expect(first).toMatchObject({ tokenSigningKey: 'old-signing', localStripeWebhookSecret: 'whsec_old' });
    expect(first.dataEncryptionKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8'))).toEqual(first);
    expect(loadOrCreateSecrets(dir)).toEqual(first);
  });
});
