// The Stripe client retries as Stripe's own libraries do, against a small server that fails first:
// network errors, 409, 429 and 5xx are tried again (at most twice), Stripe-Should-Retry decides when
// present, and every POST carries one Idempotency-Key, the same on each try.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from './errors';
import { runInScope } from './request-scope';
import { createCheckoutSession, expireCheckoutSession, retrieveCheckoutSession, retryDelay, shouldRetry } from './stripe';

type Answer = { status: number; headers?: Record<string, string>; body?: unknown } | 'drop';
let script: Answer[] = [];
let seen: { method: string; url: string; key: string | undefined; body: string }[] = [];
let server: Server;

beforeAll(async () => {
  server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    seen.push({ method: req.method!, url: req.url!, key: req.headers['idempotency-key'] as string | undefined, body });
    const answer = script.shift() ?? { status: 200, body: { id: 'cs_1', url: 'https://pay', status: 'open' } };
    if (answer === 'drop') return req.socket.destroy();
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(JSON.stringify(answer.body ?? { error: { message: 'failed' } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  vi.stubEnv('STRIPE_API_BASE', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_retry');
});
afterAll(() => {
  server.close();
  vi.unstubAllEnvs();
});
beforeEach(() => {
  script = [];
  seen = [];
  // No real waiting: the backoff itself is checked apart (retryDelay).
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

const session = () =>
  createCheckoutSession({ amountCents: 5000, currency: 'jpy', productName: 'Consultation', successUrl: 'https://x/s', cancelUrl: 'https://x/c', metadata: { kind: 'booking', orgId: 'o1' }, expiresAt: 2_000_000_000 });

describe('Stripe client retries', () => {
  it('retries a 500 and a dropped connection with the same Idempotency-Key, then succeeds', async () => {
    script = [{ status: 500 }, 'drop'];
    const out = await session();
    expect(out.id).toBe('cs_1');
    expect(seen).toHaveLength(3);
    expect(seen[0].key).toMatch(/.+/);
    expect(new Set(seen.map((s) => s.key)).size).toBe(1);
    expect(new Set(seen.map((s) => s.body)).size).toBe(1);
    expect(decodeURIComponent(seen[0].body)).toContain('line_items[0][price_data][currency]=jpy');
    expect(decodeURIComponent(seen[0].body)).toContain('line_items[0][price_data][unit_amount]=5000');
  });

  it('retries 409 and 429, at most twice, then answers 502', async () => {
    script = [{ status: 409 }, { status: 429 }, { status: 503 }];
    await expect(session()).rejects.toMatchObject({ status: 502 });
    expect(seen).toHaveLength(3);
  });

  it('does not retry a 400, nor what Stripe-Should-Retry: false says; does retry a 400 it marks true', async () => {
    script = [{ status: 400 }];
    await expect(session()).rejects.toBeInstanceOf(HttpError);
    expect(seen).toHaveLength(1);

    seen = [];
    script = [{ status: 500, headers: { 'stripe-should-retry': 'false' } }];
    await expect(session()).rejects.toMatchObject({ status: 502 });
    expect(seen).toHaveLength(1);

    seen = [];
    script = [{ status: 400, headers: { 'stripe-should-retry': 'true' } }];
    expect((await session()).id).toBe('cs_1');
    expect(seen).toHaveLength(2);
  });

  it('sends a key on every POST (expiring a session included), none on GETs', async () => {
    await expireCheckoutSession('cs_9');
    await expireCheckoutSession('cs_9');
    expect(seen.map((s) => s.key)).toEqual(['expire-cs_9', 'expire-cs_9']);
    seen = [];
    script = [{ status: 502 }, { status: 404 }];
    expect(await retrieveCheckoutSession('cs_gone')).toBeUndefined();
    expect(seen.map((s) => [s.method, s.key])).toEqual([['GET', undefined], ['GET', undefined]]);
  });

  it('stops at the request deadline instead of waiting to retry', async () => {
    vi.spyOn(Math, 'random').mockRestore();
    script = [{ status: 500 }, { status: 500 }];
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('deadline')), 100);
    const started = Date.now();
    await expect(runInScope({ signal: controller.signal }, session)).rejects.toThrow('deadline');
    expect(Date.now() - started).toBeLessThan(450);
    expect(seen).toHaveLength(1);
  });
});

describe('retry policy', () => {
  it("follows Stripe's libraries: header first, then 409, 429 and 5xx", () => {
    expect(shouldRetry(500, null)).toBe(true);
    expect(shouldRetry(409, null)).toBe(true);
    expect(shouldRetry(429, null)).toBe(true);
    expect(shouldRetry(402, null)).toBe(false);
    expect(shouldRetry(503, 'false')).toBe(false);
    expect(shouldRetry(400, 'true')).toBe(true);
  });

  it('backs off from 0.5 s, doubling to 5 s at most, jittered between half and all of it', () => {
    expect(retryDelay(1, () => 1)).toBe(500);
    expect(retryDelay(2, () => 1)).toBe(1000);
    expect(retryDelay(2, () => 0)).toBe(500);
    expect(retryDelay(10, () => 1)).toBe(5000);
    expect(retryDelay(10, () => 0)).toBe(2500);
  });
});
