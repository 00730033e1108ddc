// Secrets come from Secrets Manager in AWS (APP_SECRETS_ARN, a JSON secret) and from the environment
// locally. Read once per container; never logged. In Lambda they are read through AWS's Parameters
// and Secrets extension (a localhost HTTP call with its own cache), so no Secrets Manager client is
// bundled into every function (~13 KB minified each).

export interface AppSecrets {
  tokenSigningKey: string;
  /**
   * Encrypts secrets kept in the table (two-factor secrets). Absent from app secrets made before it
   * existed: then functions/lib/encryption.ts derives one from tokenSigningKey (and says so in the
   * ciphertext, so a key added later still reads what was written before).
   */
  dataEncryptionKey?: string;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
}

let cached: Promise<AppSecrets> | undefined;

export function getSecrets(): Promise<AppSecrets> {
  cached ??= load().catch((error) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** The header CloudFront adds to every request it forwards to the API, with the origin secret. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

let originSecret: Promise<string | undefined> | undefined;

/**
 * The value CloudFront sends in ORIGIN_VERIFY_HEADER (the secret at ORIGIN_SECRET_ARN), or undefined
 * where no CloudFront stands in front of the API (the local stack).
 */
export function getOriginSecret(): Promise<string | undefined> {
  const arn = process.env.ORIGIN_SECRET_ARN;
  if (!arn) return Promise.resolve(undefined);
  originSecret ??= secretString(arn).catch((error) => {
    originSecret = undefined;
    throw error;
  });
  return originSecret;
}

async function secretString(arn: string): Promise<string> {
  const port = process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? '2773';
  const res = await fetch(`http://localhost:${port}/secretsmanager/get?secretId=${encodeURIComponent(arn)}`, {
    headers: { 'X-Aws-Parameters-Secrets-Token': process.env.AWS_SESSION_TOKEN ?? '' },
    signal: AbortSignal.timeout(3000),
  });
  if (!res.ok) throw new Error(`The secrets extension answered ${res.status}`);
  const body = (await res.json()) as { SecretString?: string };
  if (!body.SecretString) throw new Error('The secret has no string value');
  return body.SecretString;
}

async function load(): Promise<AppSecrets> {
  const arn = process.env.APP_SECRETS_ARN;
  if (arn) {
    const parsed = JSON.parse(await secretString(arn)) as Partial<AppSecrets>;
    if (!parsed.tokenSigningKey) throw new Error('The app secret has no tokenSigningKey');
    return { tokenSigningKey: parsed.tokenSigningKey, dataEncryptionKey: parsed.dataEncryptionKey || undefined, stripeSecretKey: parsed.stripeSecretKey || undefined, stripeWebhookSecret: parsed.stripeWebhookSecret || undefined };
  }
  const tokenSigningKey = process.env.TOKEN_SIGNING_KEY;
  if (!tokenSigningKey) throw new Error('Missing TOKEN_SIGNING_KEY (or APP_SECRETS_ARN)');
  return {
    tokenSigningKey,
    dataEncryptionKey: process.env.DATA_ENCRYPTION_KEY || undefined,
    stripeSecretKey: process.env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: process.env.STRIPE_WEBHOOK_SECRET || undefined,
  };
}
