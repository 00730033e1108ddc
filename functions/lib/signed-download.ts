// Short-lived signed links to private uploads, for staff who may read them.
import { presignObjectRequest } from './s3-objects';

export const DOWNLOAD_LINK_SECONDS = 300;

export function signedDownloadUrl(key: string, filename: string): Promise<string> {
  return presignObjectRequest({
    method: 'GET',
    key,
    query: {
      'response-content-disposition': `inline; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      'response-cache-control': 'private, no-store',
    },
    expiresInSeconds: DOWNLOAD_LINK_SECONDS,
  });
}
