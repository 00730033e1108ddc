// The object requests the API makes to the uploads bucket (put, delete, signed get, list by prefix), signed by
// the SDK's own S3RequestPresigner and sent with fetch. Why not S3Client: for these plain requests
// it adds ~60 KB to a function (S3's endpoint rules, the XML protocol, checksums, S3 Express), which
// put every function that stores or links a file over the 350 KB budget (`npm run bench`).
// Addressing: path style at AWS_ENDPOINT_URL_S3 when set (the local stack), else the bucket's
// virtual-hosted regional endpoint, as S3Client would use.
import { formatUrl } from '@aws-sdk/core/util';
import { fromEnv } from '@aws-sdk/credential-provider-env';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { Sha256 } from '@smithy/core/checksum';
import { HttpRequest } from '@smithy/core/protocols';
import { config } from './config';

const region = () => config.uploads.region;

let presigner: S3RequestPresigner | undefined;
const signer = () => (presigner ??= new S3RequestPresigner({ credentials: fromEnv(), region: region(), sha256: Sha256 }));

interface ObjectRequest {
  method: 'GET' | 'PUT' | 'DELETE';
  /** The object's key; '' addresses the bucket itself (a listing). */
  key: string;
  /** Headers the request is sent with (the presigner leaves content-type out of the signature). */
  headers?: Record<string, string>;
  /** Signed query parameters (response-content-disposition of a GET link). */
  query?: Record<string, string>;
  expiresInSeconds: number;
}

/** RFC 3986 encoding, as S3 checks signatures: encodeURIComponent leaves !'()* as they are. */
const encodeKeySegment = (segment: string) => encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A URL that performs exactly this request until it expires. */
export async function presignObjectRequest({ method, key, headers = {}, query = {}, expiresInSeconds }: ObjectRequest): Promise<string> {
  const bucket = config.uploadsBucket;
  const objectPath = `/${key.split('/').map(encodeKeySegment).join('/')}`;
  const endpoint = config.uploads.endpoint;
  const base = new URL(endpoint ?? `https://${bucket}.s3.${region()}.amazonaws.com`);
  const basePath = base.pathname.replace(/\/$/, '');
  const request = new HttpRequest({
    method,
    protocol: base.protocol,
    hostname: base.hostname,
    port: base.port ? Number(base.port) : undefined,
    path: endpoint ? `${basePath}/${bucket}${objectPath}` : objectPath,
    query,
    headers: { host: base.host, ...headers },
  });
  return formatUrl(await signer().presign(request, { expiresIn: expiresInSeconds }));
}

const ATTEMPTS = 3;

/**
 * S3's answer as an error shaped like the SDK's: named by S3's error code (`SlowDown`, `AccessDenied`)
 * with the HTTP status in `$metadata`, so the error envelope (functions/http/http.ts) tells a busy S3
 * (503 with Retry-After to the visitor) from a fault (500).
 */
const s3Error = (message: string, status?: number, code?: string) =>
  Object.assign(new Error(message), { name: code ?? 'S3Error', ...(status ? { $metadata: { httpStatusCode: status } } : {}) });

/** Sends a presigned request, retrying network errors, throttling and 5xx as S3Client would; resolves to the answer's text. */
async function send(request: Omit<ObjectRequest, 'expiresInSeconds'>, body?: Uint8Array): Promise<string> {
  const url = await presignObjectRequest({ ...request, expiresInSeconds: 60 });
  for (let attempt = 1; ; attempt++) {
    let failure: string;
    let status: number | undefined;
    let code: string | undefined;
    try {
      const res = await fetch(url, { method: request.method, headers: request.headers, body: body as Uint8Array<ArrayBuffer> | undefined, signal: AbortSignal.timeout(10_000) });
      if (res.ok) return await res.text();
      const text = await res.text();
      status = res.status;
      code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
      failure = `${res.status} ${text.slice(0, 300)}`;
      if (res.status < 500 && res.status !== 429) throw s3Error(`S3 ${request.method} ${request.key}: ${failure}`, status, code);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('S3 ')) throw error;
      failure = String(error);
    }
    if (attempt === ATTEMPTS) throw s3Error(`S3 ${request.method} ${request.key} failed ${ATTEMPTS} times: ${failure}`, status, code);
    await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
  }
}

export async function putObject(key: string, content: Uint8Array, contentType: string): Promise<void> {
  await send({ method: 'PUT', key, headers: { 'content-type': contentType } }, content);
}

/** Deleting a key that does not exist succeeds, as in S3. */
export async function deleteObject(key: string): Promise<void> {
  await send({ method: 'DELETE', key });
}

const xmlText = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** One page (at most 1,000) of the keys that begin with `prefix` (ListObjectsV2), and where the next page starts. */
export async function listObjectKeys(prefix: string, continuationToken?: string): Promise<{ keys: string[]; next?: string }> {
  const query: Record<string, string> = { 'list-type': '2', prefix };
  if (continuationToken) query['continuation-token'] = continuationToken;
  const xml = await send({ method: 'GET', key: '', query });
  const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => xmlText(m[1]));
  const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
  const next = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1];
  return { keys, next: truncated && next ? xmlText(next) : undefined };
}
