// Secrets kept in the table (two-factor secrets) are encrypted with AES-256-GCM under a key from the
// app secret, so a copy of the table (a backup, an export) does not give them away. The ciphertext
// names its key: 'k1' is the app secret's dataEncryptionKey; 'd1' a key derived (HKDF) from the token
// signing key, for deployments whose app secret has no dataEncryptionKey yet. Each value is bound to
// its record (`context`, the additional authenticated data), so it cannot be moved to another user.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { getSecrets } from './secrets';

type KeyId = 'k1' | 'd1';

async function keys(): Promise<{ current: KeyId; byId: Partial<Record<KeyId, Buffer>> }> {
  const { dataEncryptionKey, tokenSigningKey } = await getSecrets();
  const derived = Buffer.from(hkdfSync('sha256', tokenSigningKey, 'clinic-suite', 'data-encryption-v1', 32));
  const byId: Partial<Record<KeyId, Buffer>> = { d1: derived };
  // Any string works as the configured key: hashed to 32 bytes.
  if (dataEncryptionKey) byId.k1 = createHash('sha256').update(dataEncryptionKey).digest();
  return { current: dataEncryptionKey ? 'k1' : 'd1', byId };
}

/** `<key id>.<iv>.<tag>.<ciphertext>` (base64url parts). */
export async function encryptSecret(plain: string, context: string): Promise<string> {
  const { current, byId } = await keys();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', byId[current]!, iv);
  cipher.setAAD(Buffer.from(context));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [current, iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plain text; throws when the value was altered, moved to another record, or its key is gone. */
export async function decryptSecret(sealed: string, context: string): Promise<string> {
  const [id, iv, tag, data] = sealed.split('.');
  const key = (await keys()).byId[id as KeyId];
  if (!key || !iv || !tag || data === undefined) throw new Error('Cannot decrypt: unknown key or malformed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
