// Secrets kept in the table (two-factor secrets) are encrypted with AES-256-GCM under the data
// encryption key (its own secret: functions/lib/secrets.ts), so a copy of the table (a backup, an
// export) does not give them away. The ciphertext names its key ('k1'), so a later key can be added
// beside it. Each value is bound to its record (`context`, the additional authenticated data), so it
// cannot be moved to another user.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { getDataEncryptionKey } from './secrets';

type KeyId = 'k1';
const CURRENT: KeyId = 'k1';

async function keys(): Promise<Record<KeyId, Buffer>> {
  // Any string works as the configured key: hashed to 32 bytes.
  return { k1: createHash('sha256').update(await getDataEncryptionKey()).digest() };
}

/** `<key id>.<iv>.<tag>.<ciphertext>` (base64url parts). */
export async function encryptSecret(plain: string, context: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', (await keys())[CURRENT], iv);
  cipher.setAAD(Buffer.from(context));
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [CURRENT, iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** The plain text; throws when the value was altered, moved to another record, or its key is gone. */
export async function decryptSecret(sealed: string, context: string): Promise<string> {
  const [id, iv, tag, data] = sealed.split('.');
  const key = (await keys())[id as KeyId] as Buffer | undefined;
  if (!key || !iv || !tag || data === undefined) throw new Error('Cannot decrypt: unknown key or malformed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
