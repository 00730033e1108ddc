// Uploaded files are served at /assets/<key>; the API gives keys (e.g. profilePictureUrl).
export const ASSET_BASE = '/assets';

export function assetUrl(key: string | null | undefined): string | undefined {
  if (!key) return undefined;
  if (/^(https?:|data:|blob:)/i.test(key)) return key;
  return `${ASSET_BASE}/${key.replace(/^\/+/, '')}`;
}
