// Short-lived signed links to private uploads, for staff who may read them.
import { presignObjectRequest } from './s3-objects';

export const DOWNLOAD_LINK_SECONDS = 300;

/** `as`: 'inline' to view in the browser (the default), 'attachment' to download (a patient's export). */
export function signedDownloadUrl(key: string, filename: string, { as = 'inline', seconds = DOWNLOAD_LINK_SECONDS }: { as?: 'inline' | 'attachment'; seconds?: number } = {}): Promise<string> {
  return presignObjectRequest({
    method: 'GET',
    key,
    query: {
      'response-content-disposition': `${as}; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      'response-cache-control': 'private, no-store',
    },
    expiresInSeconds: seconds,
  });
}
