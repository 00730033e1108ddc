// The environment, parsed once per cold start with zod into typed, frozen groups. Every read of
// process.env in functions/ goes through here (tests aside).
//
// Not every function gets every variable: the stack sets only what a handler's route rows declare
// (functions/routes.ts `uses`; infra/constructs/api-function.ts bind*), e.g. UPLOADS_BUCKET only for
// rows that touch uploads. So each group is parsed on its first use, not at import: a function that
// never touches uploads does not need UPLOADS_BUCKET, and one that does fails on its first use with
// an error naming the variable, never with an undefined bucket name half-way through a request.
//
// AWS endpoints are not configured here: the SDK reads AWS_ENDPOINT_URL_<SERVICE> itself, which the
// local stack sets, so the same code runs in Lambda and locally.
import * as z from 'zod/mini';

/** Set and not empty (an empty value counts as unset everywhere below). */
const required = z.string().check(z.minLength(1));
const optional = z.optional(z.string());
const flag = (on: string) => z.pipe(optional, z.transform((value) => value === on));
const positiveInteger = z.optional(z.string().check(z.regex(/^[1-9]\d*$/, 'a whole number above 0')));
const url = z.optional(z.string().check(z.url()));

const SCHEMAS = {
  table: z.object({ TABLE_NAME: required }),
  uploads: z.object({ UPLOADS_BUCKET: required, AWS_REGION: optional, AWS_ENDPOINT_URL_S3: url }),
  site: z.object({ APP_URL: url, MAIL_FROM: optional }),
  secrets: z.object({
    // Where the secrets are in AWS (read through the Parameters and Secrets extension)...
    APP_SECRETS_ARN: optional,
    DATA_ENCRYPTION_SECRET_ARN: optional,
    PAYMENTS_SECRET_ARN: optional,
    CHALLENGE_SECRET_ARN: optional,
    ORIGIN_SECRET_ARN: optional,
    PARAMETERS_SECRETS_EXTENSION_HTTP_PORT: positiveInteger,
    AWS_SESSION_TOKEN: optional,
    // ...or the values themselves, locally (infra/local/stack.ts).
    TOKEN_SIGNING_KEY: optional,
    PREVIOUS_TOKEN_SIGNING_KEYS: optional,
    DATA_ENCRYPTION_KEY: optional,
    CHALLENGE_HMAC_KEY: optional,
    STRIPE_SECRET_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
  }),
  services: z.object({
    STRIPE_API_BASE: url,
    SMS_OUTBOX_URL: url,
    LOCAL_STACK: flag('true'),
    WEBHOOKS_ALLOW_LOOPBACK: flag('1'),
    OUTBOX_RETRY_BASE_MS: positiveInteger,
    REPLY_CHECK: z.optional(z.enum(['strict'])),
  }),
  // Logging must never throw: an unknown level or format reads as the default.
  log: z.object({
    LOG_LEVEL: z.catch(z.optional(z.enum(['debug', 'info', 'warn', 'error', 'silent'])), undefined),
    LOG_FORMAT: z.catch(z.optional(z.enum(['json', 'pretty'])), undefined),
  }),
};

type Group = keyof typeof SCHEMAS;
type Env<G extends Group> = z.infer<(typeof SCHEMAS)[G]>;

/** Thrown at the first use of a group whose variables are missing or malformed; names each one. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parse<G extends Group>(group: G): Env<G> {
  const schema = SCHEMAS[group];
  const raw = Object.fromEntries(Object.keys(schema.shape).map((name) => [name, process.env[name] || undefined]));
  const result = schema.safeParse(raw);
  if (result.success) return result.data as Env<G>;
  const problems = result.error.issues.map((issue) => {
    const name = String(issue.path[0]);
    return raw[name] === undefined ? `${name} is not set` : `${name} is not valid (${issue.message})`;
  });
  throw new ConfigError(`Environment: ${problems.join('; ')}. The stack sets what the function's route rows declare (functions/routes.ts uses).`);
}

const cache = new Map<Group, unknown>();

/** A group's values: parsed on first use, then the same frozen object for the life of the container. */
function group<G extends Group, T extends object>(name: G, shape: (env: Env<G>) => T): () => Readonly<T> {
  return () => {
    if (!cache.has(name)) cache.set(name, Object.freeze(shape(parse(name))));
    return cache.get(name) as Readonly<T>;
  };
}

const table = group('table', (env) => ({ tableName: env.TABLE_NAME }));
const uploads = group('uploads', (env) => ({
  bucket: env.UPLOADS_BUCKET,
  region: env.AWS_REGION ?? 'us-east-1',
  /** S3's endpoint when not AWS's (the local stack's s3rver). */
  endpoint: env.AWS_ENDPOINT_URL_S3,
}));
const site = group('site', (env) => ({
  appUrl: (env.APP_URL ?? 'http://localhost:3000').replace(/\/$/, ''),
  mailFrom: env.MAIL_FROM ?? 'no-reply@example.com',
}));
const secrets = group('secrets', (env) => ({
  appSecretsArn: env.APP_SECRETS_ARN,
  dataEncryptionSecretArn: env.DATA_ENCRYPTION_SECRET_ARN,
  paymentsSecretArn: env.PAYMENTS_SECRET_ARN,
  challengeSecretArn: env.CHALLENGE_SECRET_ARN,
  originSecretArn: env.ORIGIN_SECRET_ARN,
  extensionPort: env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? '2773',
  sessionToken: env.AWS_SESSION_TOKEN ?? '',
  tokenSigningKey: env.TOKEN_SIGNING_KEY,
  /** Comma-separated in the environment. */
  previousTokenSigningKeys: env.PREVIOUS_TOKEN_SIGNING_KEYS?.split(','),
  dataEncryptionKey: env.DATA_ENCRYPTION_KEY,
  challengeHmacKey: env.CHALLENGE_HMAC_KEY,
  stripeSecretKey: env.STRIPE_SECRET_KEY,
  stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
}));
const services = group('services', (env) => ({
  stripeApiBase: (env.STRIPE_API_BASE ?? 'https://api.stripe.com').replace(/\/$/, ''),
  /** Texts go to this captured outbox instead of SNS (explicitly, or the local stack's own). */
  smsOutboxUrl: env.SMS_OUTBOX_URL,
  localStack: env.LOCAL_STACK,
  /** Local and test servers only: lets webhooks reach loopback addresses. */
  webhooksAllowLoopback: env.WEBHOOKS_ALLOW_LOOPBACK,
  /** The outbox worker's first pause after a failed delivery (fault tests shorten it). */
  outboxRetryBaseMs: env.OUTBOX_RETRY_BASE_MS ? Number(env.OUTBOX_RETRY_BASE_MS) : 30_000,
  /** 'strict': every answer is checked against its declared reply schema (the local stack sets it). */
  replyCheck: env.REPLY_CHECK === 'strict',
}));
const log = group('log', (env) => ({ level: env.LOG_LEVEL ?? 'info', format: env.LOG_FORMAT ?? 'json' }));

/** The function's configuration, by group (each parsed on its first use). */
export const config = Object.freeze({
  get tableName() {
    return table().tableName;
  },
  get uploadsBucket() {
    return uploads().bucket;
  },
  /** The sender of every mail (SES verified identity). */
  get mailFrom() {
    return site().mailFrom;
  },
  /** The site's own origin, used in links inside mail (invites, receipts). */
  get appUrl() {
    return site().appUrl;
  },
  get uploads() {
    return uploads();
  },
  get secrets() {
    return secrets();
  },
  get services() {
    return services();
  },
  get log() {
    return log();
  },
});

/**
 * Forgets what was parsed, so the next use reads process.env again. For tests that change the
 * environment, and the local stack, which sets it for the handlers it runs in its own process.
 */
export function resetConfig(): void {
  cache.clear();
}
