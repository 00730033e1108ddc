// Secrets come from Secrets Manager in AWS (APP_SECRETS_ARN, a JSON secret) and from the environment
// locally. Read again every few minutes, so a rotated key reaches warm containers; never logged. In
// Lambda they are read through AWS's Parameters and Secrets extension (a localhost HTTP call with its
// own cache), so no Secrets Manager client is bundled into every function (~13 KB minified each).

export interface AppSecrets {
  /** Signs new tokens. */
  tokenSigningKey: string;
  /** Keys rotated out (or rotated in ahead of use): tokens they signed are still accepted. */
  previousTokenSigningKeys: string[];
  /**
   * Encrypts secrets kept in the table (two-factor secrets). Absent from app secrets made before it
   * existed: then functions/lib/encryption.ts derives one from tokenSigningKey (and says so in the
   * ciphertext, so a key added later still reads what was written before).
   */
  dataEncryptionKey?: string;
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
}

/** How long a container uses the secrets it read before reading them again. */
export const SECRETS_REFRESH_MS = 5 * 60_000;
/** After a failed re-read, the last good secrets serve this long before the next try. */
const RETRY_AFTER_FAILURE_MS = 30_000;

let cached: { secrets: Promise<AppSecrets>; until: number } | undefined;

export function getSecrets(): Promise<AppSecrets> {
  if (cached && Date.now() < cached.until) return cached.secrets;
  const stale = cached?.secrets;
  const entry = {
    until: Date.now() + SECRETS_REFRESH_MS,
    secrets: load().catch((error: unknown) => {
      if (!stale) {
        if (cached === entry) cached = undefined;
        throw error;
      }
      // A re-read that fails (the extension briefly unavailable) keeps the last good secrets.
      entry.until = Date.now() + RETRY_AFTER_FAILURE_MS;
      return stale;
    }),
  };
  cached = entry;
  return entry.secrets;
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
    const parsed = JSON.parse(await secretString(arn)) as Partial<Record<keyof AppSecrets, unknown>>;
    if (typeof parsed.tokenSigningKey !== 'string' || !parsed.tokenSigningKey) throw new Error('The app secret has no tokenSigningKey');
    return {
      tokenSigningKey: parsed.tokenSigningKey,
      previousTokenSigningKeys: keyList(parsed.previousTokenSigningKeys),
      dataEncryptionKey: (parsed.dataEncryptionKey as string) || undefined,
      stripeSecretKey: (parsed.stripeSecretKey as string) || undefined,
      stripeWebhookSecret: (parsed.stripeWebhookSecret as string) || undefined,
    };
  }
  const tokenSigningKey = process.env.TOKEN_SIGNING_KEY;
  if (!tokenSigningKey) throw new Error('Missing TOKEN_SIGNING_KEY (or APP_SECRETS_ARN)');
  return {
    tokenSigningKey,
    previousTokenSigningKeys: keyList(process.env.PREVIOUS_TOKEN_SIGNING_KEYS?.split(',')),
    dataEncryptionKey: process.env.DATA_ENCRYPTION_KEY || undefined,
    stripeSecretKey: process.env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: process.env.STRIPE_WEBHOOK_SECRET || undefined,
  };
}

/** The previous keys as given (a JSON array, or a comma-separated list in the environment): non-empty strings. */
function keyList(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new Error('previousTokenSigningKeys must be a list of keys');
  return value.filter((key): key is string => typeof key === 'string' && key.trim() !== '').map((key) => key.trim());
}
