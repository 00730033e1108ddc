// The object URLs the API signs: S3's own addressing in AWS, path style at a local endpoint, keys
// encoded as S3 checks signatures.
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function presign(key: string) {
  vi.stubEnv('UPLOADS_BUCKET', 'clinic-uploads');
  vi.stubEnv('AWS_REGION', 'eu-west-2');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'secret');
  const { presignObjectRequest } = await import('./s3-objects');
  return new URL(await presignObjectRequest({ method: 'GET', key, query: { 'response-cache-control': 'no-store' }, expiresInSeconds: 300 }));
}

describe('presignObjectRequest', () => {
  it("uses the bucket's virtual-hosted regional endpoint in AWS, signed for the region with SigV4", async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_S3', '');
    const url = await presign("private/org/o1/it's (1)*!.pdf");
    expect(url.origin).toBe('https://clinic-uploads.s3.eu-west-2.amazonaws.com');
    expect(url.pathname).toBe('/private/org/o1/it%27s%20%281%29%2A%21.pdf');
    expect(url.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^AKIDEXAMPLE\/\d{8}\/eu-west-2\/s3\/aws4_request$/);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    expect(url.searchParams.get('response-cache-control')).toBe('no-store');
  });

  it('addresses the bucket in the path at a local endpoint', async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_S3', 'http://127.0.0.1:4569');
    const url = await presign('org/o1/a.png');
    expect(url.origin).toBe('http://127.0.0.1:4569');
    expect(url.pathname).toBe('/clinic-uploads/org/o1/a.png');
  });
});
