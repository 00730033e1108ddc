// The environment is parsed once per group, on first use, into frozen values; a function that needs a
// variable its route rows did not get fails naming it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, config, resetConfig } from './config';

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfig();
});

/** The environment of a function, as the stack would set it: exactly these variables. */
function environment(vars: Record<string, string>) {
  for (const name of ['TABLE_NAME', 'UPLOADS_BUCKET', 'APP_URL', 'MAIL_FROM', 'STRIPE_API_BASE', 'OUTBOX_RETRY_BASE_MS', 'LOG_LEVEL', 'LOG_FORMAT', 'AWS_REGION', 'AWS_ENDPOINT_URL_S3']) {
    vi.stubEnv(name, vars[name] ?? '');
  }
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  resetConfig();
}

describe('config', () => {
  it('reads what the function was given, with defaults for what it may go without', () => {
    environment({ TABLE_NAME: 'clinic', APP_URL: 'https://clinic.example.org/' });
    expect(config.tableName).toBe('clinic');
    expect(config.appUrl).toBe('https://clinic.example.org');
    expect(config.mailFrom).toBe('no-reply@example.com');
    expect(config.services.stripeApiBase).toBe('https://api.stripe.com');
    expect(config.services.outboxRetryBaseMs).toBe(30_000);
    expect(config.log).toEqual({ level: 'info', format: 'json' });
  });

  it('names the missing variable when a function uses a group it was not given, and only then', () => {
    environment({ TABLE_NAME: 'clinic' });
    // A function without uploads runs fine until it touches them.
    expect(config.tableName).toBe('clinic');
    expect(() => config.uploadsBucket).toThrow(ConfigError);
    expect(() => config.uploadsBucket).toThrow(/UPLOADS_BUCKET is not set/);
    environment({});
    expect(() => config.tableName).toThrow(/TABLE_NAME is not set/);
  });

  it('counts an empty value as unset', () => {
    environment({ TABLE_NAME: '' });
    expect(() => config.tableName).toThrow(/TABLE_NAME is not set/);
  });

  it('refuses a malformed value, naming it', () => {
    environment({ STRIPE_API_BASE: 'stripe.local', OUTBOX_RETRY_BASE_MS: '-5' });
    expect(() => config.services).toThrow(/STRIPE_API_BASE is not valid/);
    expect(() => config.services).toThrow(/OUTBOX_RETRY_BASE_MS is not valid/);
  });

  it('parses once: later changes to the environment are not seen until resetConfig', () => {
    environment({ TABLE_NAME: 'first', OUTBOX_RETRY_BASE_MS: '500' });
    expect(config.tableName).toBe('first');
    expect(config.services.outboxRetryBaseMs).toBe(500);
    vi.stubEnv('TABLE_NAME', 'second');
    expect(config.tableName).toBe('first');
    resetConfig();
    expect(config.tableName).toBe('second');
  });

  it('hands out frozen values', () => {
    environment({ UPLOADS_BUCKET: 'uploads', AWS_REGION: 'eu-west-1' });
    expect(config.uploads).toEqual({ bucket: 'uploads', region: 'eu-west-1', endpoint: undefined });
    expect(Object.isFrozen(config.uploads)).toBe(true);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('never fails logging: an unknown level or format reads as the default', () => {
    environment({ LOG_LEVEL: 'loud', LOG_FORMAT: 'xml' });
    expect(config.log).toEqual({ level: 'info', format: 'json' });
    environment({ LOG_LEVEL: 'warn', LOG_FORMAT: 'pretty' });
    expect(config.log).toEqual({ level: 'warn', format: 'pretty' });
  });

  it('splits the previous signing keys of the local environment', () => {
    vi.stubEnv('PREVIOUS_TOKEN_SIGNING_KEYS', 'k1,k0');
    resetConfig();
    expect(config.secrets.previousTokenSigningKeys).toEqual(['k1', 'k0']);
  });
});
