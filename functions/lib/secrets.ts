// Secrets come from Secrets Manager in AWS (APP_SECRETS_ARN, a JSON secret) and from the environment
// locally. Read once per container; never logged.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

export interface AppSecrets {
  tokenSigningKey: string;
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

async function load(): Promise<AppSecrets> {
  const arn = process.env.APP_SECRETS_ARN;
  if (arn) {
    const client = new SecretsManagerClient({});
    const out = await client.send(new GetSecretValueCommand({ SecretId: arn }));
    const parsed = JSON.parse(out.SecretString ?? '{}') as Partial<AppSecrets>;
    if (!parsed.tokenSigningKey) throw new Error('The app secret has no tokenSigningKey');
    return parsed as AppSecrets;
  }
  const tokenSigningKey = process.env.TOKEN_SIGNING_KEY;
  if (!tokenSigningKey) throw new Error('Missing TOKEN_SIGNING_KEY (or APP_SECRETS_ARN)');
  return {
    tokenSigningKey,
    stripeSecretKey: process.env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: process.env.STRIPE_WEBHOOK_SECRET || undefined,
  };
}
