// Uploads to the private uploads bucket. Public files (profile pictures, package images) are served
// back through /assets/<key> (CloudFront in AWS, the local server locally), so the API returns keys,
// which the console joins to the asset base. Private files (appointment attachments: insurance cards,
// referral documents) live under private/ and are never served there: staff read them through an
// authorised route that answers with a short-lived signed link.
import { badRequest, unsupportedMediaType } from './errors';
import type { UploadedFile } from './multipart';
import { randomId } from './passwords';
import { deleteObject, listObjectKeys, putObject } from './s3-objects';
import { PRIVATE_PREFIX } from './upload-keys';

export const IMAGE_TYPES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** Magic numbers: the declared type must match the bytes, so a renamed script is not stored as an image. */
function sniff(content: Buffer): string | undefined {
  if (content.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'image/jpeg';
  if (content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (content.subarray(0, 4).toString('latin1') === 'RIFF' && content.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (content.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (content.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return undefined;
}

export interface StoreOptions {
  /** Allowed content types and their file extensions. */
  types: Record<string, string>;
  maxBytes: number;
  /** Key prefix, beginning with the organisation: org/<orgId>/... */
  prefix: string;
  /** 'private' files are never served at /assets; see signedDownloadUrl. Default 'public'. */
  visibility?: 'public' | 'private';
  /**
   * The file's name below the prefix (without extension); random when absent. An idempotent request
   * passes an id derived from its key, so a retry stores the same object instead of a second one.
   */
  name?: string;
}

/** Checks a file's real type and size, stores it (under a random name unless given) and returns the key. */
export async function storeUpload(file: UploadedFile | undefined, options: StoreOptions): Promise<string> {
  if (!file) throw badRequest('Please choose a file to upload.');
  const allowed = Object.keys(options.types);
  const actual = sniff(file.content);
  if (!actual || !allowed.includes(actual)) {
    throw unsupportedMediaType(`This file type is not allowed. Allowed: ${Object.values(options.types).join(', ')}.`);
  }
  if (file.content.length > options.maxBytes) {
    throw badRequest(`The file is too large (at most ${Math.round(options.maxBytes / 1024 / 1024)} MB).`);
  }
  const key = `${options.visibility === 'private' ? PRIVATE_PREFIX : ''}${options.prefix}/${options.name ?? randomId()}.${options.types[actual]}`;
  await putObject(key, file.content, actual);
  return key;
}

export function deleteUpload(key: string): Promise<void> {
  return deleteObject(key);
}

/** Deletes one patient document (under private/: a patient erased); any other key is refused. */
export async function deletePatientDocument(key: string): Promise<void> {
  if (!key.startsWith(PRIVATE_PREFIX)) throw new Error(`Not a patient document: ${key}`);
  await deleteObject(key);
}

/**
 * Deletes every stored file whose key begins with `prefix`, public and private (an organisation's
 * whole folder when it is deleted). Stops at `until` (epoch ms) and answers false when files are
 * left; what is gone is simply not listed again, so a later run continues.
 */
export async function deleteUploadsUnder(prefix: string, until = Infinity): Promise<boolean> {
  for (const base of [prefix, `${PRIVATE_PREFIX}${prefix}`]) {
    let page: { keys: string[]; next?: string } = { keys: [] };
    do {
      if (Date.now() > until) return false;
      page = await listObjectKeys(base, page.next);
      for (let i = 0; i < page.keys.length; i += 10) await Promise.all(page.keys.slice(i, i + 10).map((key) => deleteObject(key)));
    } while (page.next);
  }
  return true;
}
