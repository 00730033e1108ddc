// Short-lived signed links to private uploads, for staff who may read them. Separate from storage.ts
// so only the functions that hand out links carry the presigner.
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from './config';
import { s3 } from './storage';

export const DOWNLOAD_LINK_SECONDS = 300;

export function signedDownloadUrl(key: string, filename: string): Promise<string> {
  return getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: config.uploadsBucket,
      Key: key,
      ResponseContentDisposition: `inline; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      ResponseCacheControl: 'private, no-store',
    }),
    { expiresIn: DOWNLOAD_LINK_SECONDS },
  );
}
