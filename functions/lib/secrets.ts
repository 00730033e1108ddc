// Secrets come from Secrets Manager in AWS and from the environment locally. Read once per container;
// never logged. In Lambda they are read through AWS's Parameters and Secrets extension (a localhost
// HTTP call with its own cache), so no Secrets Manager client is bundled into every function (~13 KB
// minified each).
//
// Two secrets, so each function can read only what it needs: the app secret (APP_SECRETS_ARN: the
// token signing key) and the payments secret (PAYMENTS_SECRET_ARN: the Stripe keys, read only by the
// functions whose route row declares `payments`).

export interface AppSecrets {
  tokenSigningKey: string;
}

export interface PaymentSecrets {
  /** A Stripe restricted key (rk_...) or secret key; absent: card payments are not set up. */
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
    return { tokenSigningKey: parsed.tokenSigningKey };
  }
  const tokenSigningKey = process.env.TOKEN_SIGNING_KEY;
  if (!tokenSigningKey) throw new Error('Missing TOKEN_SIGNING_KEY (or APP_SECRETS_ARN)');
  return { tokenSigningKey };
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
  const arn = process.env.PAYMENTS_SECRET_ARN;
  const source: Record<string, string | undefined> = arn
    ? (JSON.parse(await secretString(arn)) as Record<string, string | undefined>)
    : { stripeSecretKey: process.env.STRIPE_SECRET_KEY, stripeWebhookSecret: process.env.STRIPE_WEBHOOK_SECRET };
  return { stripeSecretKey: source.stripeSecretKey || undefined, stripeWebhookSecret: source.stripeWebhookSecret || undefined };
}
