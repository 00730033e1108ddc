// Secrets come from Secrets Manager in AWS and from the environment locally. Read again every few
// minutes, so a rotated key reaches warm containers; never logged. In Lambda they are read through
// AWS's Parameters and Secrets extension (a localhost HTTP call with its own cache), so no Secrets
// Manager client is bundled into every function (~13 KB minified each).
//
// Separate secrets, so each function can read only what it needs: the app secret (APP_SECRETS_ARN:
// the token signing keys), the data encryption key (DATA_ENCRYPTION_SECRET_ARN, read by the same
// functions, never rotated in place) and the payments secret (PAYMENTS_SECRET_ARN: the Stripe keys,
// read only by the functions whose route row declares `payments`); the challenge key
// (CHALLENGE_SECRET_ARN) only for the rows that issue or check proof-of-work challenges.

import { config } from './config';

export interface AppSecrets {
  /** Signs new tokens. */
  tokenSigningKey: string;
  /** Keys rotated out (or rotated in ahead of use): tokens they signed are still accepted. */
  previousTokenSigningKeys: string[];
}

export interface PaymentSecrets {
  /** A Stripe restricted key (rk_...) or secret key; absent: card payments are not set up. */
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
  const arn = config.secrets.originSecretArn;
  if (!arn) return Promise.resolve(undefined);
  originSecret ??= secretString(arn).catch((error) => {
    originSecret = undefined;
    throw error;
  });
  return originSecret;
}

async function secretString(arn: string): Promise<string> {
  const { extensionPort, sessionToken } = config.secrets;
  const res = await fetch(`http://localhost:${extensionPort}/secretsmanager/get?secretId=${encodeURIComponent(arn)}`, {
    headers: { 'X-Aws-Parameters-Secrets-Token': sessionToken },
    signal: AbortSignal.timeout(3000),
  });
  if (!res.ok) throw new Error(`The secrets extension answered ${res.status}`);
  const body = (await res.json()) as { SecretString?: string };
  if (!body.SecretString) throw new Error('The secret has no string value');
  return body.SecretString;
}

async function load(): Promise<AppSecrets> {
  const env = config.secrets;
  const arn = env.appSecretsArn;
  if (arn) {
    const parsed = JSON.parse(await secretString(arn)) as Partial<Record<keyof AppSecrets, unknown>>;
    if (typeof parsed.tokenSigningKey !== 'string' || !parsed.tokenSigningKey) throw new Error('The app secret has no tokenSigningKey');
    return {
      tokenSigningKey: parsed.tokenSigningKey,
      previousTokenSigningKeys: keyList(parsed.previousTokenSigningKeys),
    };
  }
  const tokenSigningKey = env.tokenSigningKey;
  if (!tokenSigningKey) throw new Error('Missing TOKEN_SIGNING_KEY (or APP_SECRETS_ARN)');
  return {
    tokenSigningKey,
    previousTokenSigningKeys: keyList(env.previousTokenSigningKeys),
  };
}

let dataKey: Promise<string> | undefined;

/** The key that encrypts secrets kept in the table: its own secret in AWS, DATA_ENCRYPTION_KEY locally. */
export function getDataEncryptionKey(): Promise<string> {
  dataKey ??= loadDataKey().catch((error) => {
    dataKey = undefined;
    throw error;
  });
  return dataKey;
}

async function loadDataKey(): Promise<string> {
  const { dataEncryptionSecretArn: arn, dataEncryptionKey } = config.secrets;
  const key = arn ? await secretString(arn) : dataEncryptionKey;
  if (!key) throw new Error('Missing the data encryption key (DATA_ENCRYPTION_SECRET_ARN or DATA_ENCRYPTION_KEY)');
  return key;
}

let challengeKey: Promise<string> | undefined;

/**
 * The HMAC key that signs the public pages' proof-of-work challenges (functions/lib/challenge.ts): its
 * own secret in AWS (CHALLENGE_SECRET_ARN, read only by the challenge route and the rows that check a
 * solution), CHALLENGE_HMAC_KEY locally.
 */
export function getChallengeKey(): Promise<string> {
  challengeKey ??= (async () => {
    const { challengeSecretArn: arn, challengeHmacKey } = config.secrets;
    const key = arn ? await secretString(arn) : challengeHmacKey;
    if (!key) throw new Error('Missing the challenge key (CHALLENGE_SECRET_ARN or CHALLENGE_HMAC_KEY)');
    return key;
  })().catch((error: unknown) => {
    challengeKey = undefined;
    throw error;
  });
  return challengeKey;
}

let payments: Promise<PaymentSecrets> | undefined;

/** The Stripe keys: from the payments secret in AWS, STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET locally. */
export function getPaymentSecrets(): Promise<PaymentSecrets> {
  payments ??= loadPayments().catch((error) => {
    payments = undefined;
    throw error;
  });
  return payments;
}

async function loadPayments(): Promise<PaymentSecrets> {
  const { paymentsSecretArn: arn, stripeSecretKey, stripeWebhookSecret } = config.secrets;
  const source: Record<string, string | undefined> = arn
    ? (JSON.parse(await secretString(arn)) as Record<string, string | undefined>)
    : { stripeSecretKey, stripeWebhookSecret };
  return { stripeSecretKey: source.stripeSecretKey || undefined, stripeWebhookSecret: source.stripeWebhookSecret || undefined };
}

/** The previous keys as given (a JSON array, or a comma-separated list in the environment): non-empty strings. */
function keyList(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new Error('previousTokenSigningKeys must be a list of keys');
  return value.filter((key): key is string => typeof key === 'string' && key.trim() !== '').map((key) => key.trim());
}
