// How a function reads its secrets in Lambda: through the Parameters and Secrets extension's local
// HTTP endpoint, authenticated with the session token. A stand-in extension proves the call.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';

describe('getSecrets in Lambda', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
    vi.useRealTimers();
  });

  it('reads the JSON secret through the extension with the session token', async () => {
    const seen: { url?: string; token?: string } = {};
    const server = createServer((req, res) => {
      seen.url = req.url;
      seen.token = req.headers['x-aws-parameters-secrets-token'] as string;
      res.end(JSON.stringify({ SecretString: JSON.stringify({ tokenSigningKey: 'k1', previousTokenSigningKeys: ['k0', ''] }) }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    vi.stubEnv('APP_SECRETS_ARN', 'arn:aws:secretsmanager:us-east-1:1:secret:app');
    vi.stubEnv('AWS_SESSION_TOKEN', 'session-token');
    vi.stubEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', String((server.address() as AddressInfo).port));
    const { getSecrets } = await import('./secrets');
    expect(await getSecrets()).toEqual({ tokenSigningKey: 'k1', previousTokenSigningKeys: ['k0'] });
    expect(seen.url).toBe('/secretsmanager/get?secretId=arn%3Aaws%3Asecretsmanager%3Aus-east-1%3A1%3Asecret%3Aapp');
    expect(seen.token).toBe('session-token');
    server.close();
  });

  it('fails when the secret has no signing key, and tries again on the next call', async () => {
    let calls = 0;
    const server = createServer((_req, res) => {
      calls++;
      res.end(JSON.stringify({ SecretString: JSON.stringify(calls === 1 ? {} : { tokenSigningKey: 'k2' }) }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    vi.stubEnv('APP_SECRETS_ARN', 'arn');
    vi.stubEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', String((server.address() as AddressInfo).port));
    const { getSecrets } = await import('./secrets');
    await expect(getSecrets()).rejects.toThrow('no tokenSigningKey');
    expect((await getSecrets()).tokenSigningKey).toBe('k2');
    server.close();
  });

  it('reads the secret again after a while (a rotated key reaches warm containers), keeping the last good one when that fails', async () => {
    const answers = [{ tokenSigningKey: 'k1' }, undefined, { tokenSigningKey: 'k2', previousTokenSigningKeys: ['k1'] }];
    const server = createServer((_req, res) => {
      const answer = answers.shift();
      if (!answer) {
        res.statusCode = 500;
        res.end();
        return;
      }
      res.end(JSON.stringify({ SecretString: JSON.stringify(answer) }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    vi.stubEnv('APP_SECRETS_ARN', 'arn');
    vi.stubEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', String((server.address() as AddressInfo).port));
    const start = Date.parse('2026-01-01T00:00:00Z');
    vi.useFakeTimers({ now: start, toFake: ['Date'] });
    const { getSecrets, SECRETS_REFRESH_MS } = await import('./secrets');
    expect((await getSecrets()).tokenSigningKey).toBe('k1');
    vi.setSystemTime(start + SECRETS_REFRESH_MS + 1);
    expect((await getSecrets()).tokenSigningKey).toBe('k1'); // the extension failed: last good secrets
    expect(answers).toHaveLength(1);
    expect((await getSecrets()).tokenSigningKey).toBe('k1'); // and no new call at once
    expect(answers).toHaveLength(1);
    vi.setSystemTime(start + SECRETS_REFRESH_MS + 31_000);
    expect(await getSecrets()).toMatchObject({ tokenSigningKey: 'k2', previousTokenSigningKeys: ['k1'] });
    server.close();
  });

  it('reads the Stripe keys from their own secret, empty values as not set', async () => {
    const asked: string[] = [];
    const server = createServer((req, res) => {
      asked.push(new URL(req.url!, 'http://x').searchParams.get('secretId')!);
      res.end(JSON.stringify({ SecretString: JSON.stringify({ stripeSecretKey: 'rk_test_1', stripeWebhookSecret: '' }) }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    vi.stubEnv('PAYMENTS_SECRET_ARN', 'arn:payments');
    vi.stubEnv('APP_SECRETS_ARN', 'arn:app');
    vi.stubEnv('PARAMETERS_SECRETS_EXTENSION_HTTP_PORT', String((server.address() as AddressInfo).port));
    const { getPaymentSecrets } = await import('./secrets');
    expect(await getPaymentSecrets()).toEqual({ stripeSecretKey: 'rk_test_1', stripeWebhookSecret: undefined });
    expect(asked).toEqual(['arn:payments']);
    server.close();
  });

  it('reads the Stripe keys from the environment where there is no payments secret (the local stack)', async () => {
    vi.stubEnv('PAYMENTS_SECRET_ARN', '');
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_local');
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', 'whsec_local');
    const { getPaymentSecrets } = await import('./secrets');
    expect(await getPaymentSecrets()).toEqual({ stripeSecretKey: 'sk_test_local', stripeWebhookSecret: 'whsec_local' });
  });
});
