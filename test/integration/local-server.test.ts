// The local stack under faults, on a stack of this file's own (its services are stopped, killed and
// paused here, which must never stall the shared stack of the other files): mail waits in the outbox
// while SES is down and goes out once it is back; DynamoDB Local killed is started again and the app
// works on; an undecodable path is a 400; stopping lets a request in flight finish. It also serves a
// small web build of its own (the real precompress step run on it): the best encoding a request allows.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalStack, type LocalStack } from '../../infra/local/stack';
import { mailsTo, testAddress, uniqueEmail, waitForMails } from '../support/api';
import { challengeHeaders } from '../support/challenge';
import { eventually } from '../support/eventually';
import { precompressDir } from '../../web/precompress';

let stack: LocalStack;
/** A web build of this file's own: the console's HTML shell, a public page's HTML, a hashed script, a hashed image. */
const webDir = mkdtempSync(join(tmpdir(), 'clinic-web-'));
const SHELL = `<!doctype html><html><head><script type="module" src="/assets/index-AbCd1234.js"></script></head><body>${'<div class="row">Clinic</div>'.repeat(100)}</body></html>`;
/** A public page's inline script loader, as the build writes it (web/vite-deferred-entry.ts). */
const LOADER = "document.head.append(Object.assign(document.createElement('script'),{type:'module',src:'/assets/booking-AbCd1234.js'}))";
const BOOKING_PAGE = `<!doctype html><html><head><title>Book</title></head><body>${'<label>Email</label>'.repeat(100)}<script data-src="/assets/booking-AbCd1234.js">${LOADER}</script></body></html>`;
/** The page in Arabic, as the build writes it beside the English one (issue 36). */
const BOOKING_PAGE_AR = `<!doctype html><html lang="ar" dir="rtl"><head><title>الحجز</title></head><body>${'<label>البريد الإلكتروني</label>'.repeat(100)}<script data-src="/assets/booking-AbCd1234.js">${LOADER}</script></body></html>`;
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 37}`))};`;
const IMAGE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
let outbox: typeof import('../../functions/data/outbox');
let core: typeof import('../../functions/data/core');

beforeAll(async () => {
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), SHELL);
  writeFileSync(join(webDir, 'booking.html'), BOOKING_PAGE);
  writeFileSync(join(webDir, 'booking.ar.html'), BOOKING_PAGE_AR);
  writeFileSync(join(webDir, 'assets', 'index-AbCd1234.js'), SCRIPT);
  writeFileSync(join(webDir, 'assets', 'logo-AbCd1234.png'), IMAGE);
  precompressDir(webDir);
  // Retries after half a second (not 30 s) and a sweep every half second, so recovery fits in a test.
  stack = await startLocalStack({ inMemory: true, port: 0, quiet: true, webDir, outbox: { sweepMs: 500, retryBaseMs: 500 } });
  // The stack set this process's environment for its handlers: the data layer here uses the same table.
  outbox = await import('../../functions/data/outbox');
  core = await import('../../functions/data/core');
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(webDir, { recursive: true, force: true });
});

/** `challenge`: a solved challenge fetched beforehand (the challenge route reads the table too). */
async function post(path: string, body: unknown, challenge?: Record<string, string>) {
  const res = await fetch(`${stack.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': testAddress(), ...(challenge ?? (await challengeHeaders(`${stack.url}/api`, 'POST', path, { body }))) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { message: string } };
}

const register = (email = uniqueEmail('local'), challenge?: Record<string, string>) => post('/users/register-email', { email, password: 'Secret-123' }, challenge);

describe('a table kept from before the stream and the tenant index', () => {
  it('gets them when the stack starts on it, its items indexed by tenant', async () => {
    const { CreateTableCommand, DescribeTableCommand, DynamoDBClient, PutItemCommand, QueryCommand } = await import('@aws-sdk/client-dynamodb');
    const { TABLE_INDEXES } = await import('../../functions/data/table');
    const { ensureTable, localClientConfig } = await import('../../infra/local/services');
    const client = new DynamoDBClient(localClientConfig(stack.env.AWS_ENDPOINT_URL_DYNAMODB));
    const name = `kept-${randomUUID().slice(0, 8)}`;
    const keys = ['pk', 'sk', ...TABLE_INDEXES.flatMap((i) => [i.partition, i.sort])];
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: keys.map((k) => ({ AttributeName: k, AttributeType: 'S' })),
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
        GlobalSecondaryIndexes: TABLE_INDEXES.map((i) => ({
          IndexName: i.name,
          KeySchema: [{ AttributeName: i.partition, KeyType: 'HASH' }, { AttributeName: i.sort, KeyType: 'RANGE' }],
          Projection: { ProjectionType: 'ALL' },
        })),
      }),
    );
    for (let i = 0; i < 3; i++) await client.send(new PutItemCommand({ TableName: name, Item: { pk: { S: `ORG#kept#${i}` }, sk: { S: 'X' }, tenant: { S: 'kept' } } }));

    expect(await ensureTable(stack.env.AWS_ENDPOINT_URL_DYNAMODB, name)).toBe(false);
    const table = (await client.send(new DescribeTableCommand({ TableName: name }))).Table!;
    expect(table.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_IMAGE' });
    expect(table.LatestStreamArn).toBeTruthy();
    expect(table.GlobalSecondaryIndexes?.find((i) => i.IndexName === 'tenant')).toMatchObject({ IndexStatus: 'ACTIVE', Projection: { ProjectionType: 'KEYS_ONLY' } });
    const tenantItems = await client.send(new QueryCommand({ TableName: name, IndexName: 'tenant', KeyConditionExpression: 'tenant = :t', ExpressionAttributeValues: { ':t': { S: 'kept' } } }));
    expect(tenantItems.Count).toBe(3);
    // Started again on it, nothing more to do.
    expect(await ensureTable(stack.env.AWS_ENDPOINT_URL_DYNAMODB, name)).toBe(false);
    client.destroy();
  });
});

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and decode), raw bytes back. */
function rawGet(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(`${stack.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the web build', () => {
  const script = '/assets/index-AbCd1234.js';

  it("sends each page with CloudFront's CSP: its own inline scripts by hash, framing only for public pages", async () => {
    const hash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
    const booking = (await rawGet('/booking/pk_any')).headers['content-security-policy'] as string;
    expect(booking).toContain(`script-src 'self' ${hash(LOADER)};`);
    expect(booking).toContain('frame-ancestors https:');
    const consolePage = (await rawGet('/dashboard')).headers['content-security-policy'] as string;
    expect(consolePage).toContain("script-src 'self';");
    expect(consolePage).toContain("frame-ancestors 'none'");
    // Scripts and other files are not pages.
    expect((await rawGet(script)).headers['content-security-policy']).toBeUndefined();
  });

  it('sends brotli to a browser that takes it, with Vary, the type, the length and a year of caching', async () => {
    const res = await rawGet(script, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 3);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // `*` allows brotli too.
    expect((await rawGet(script, { 'accept-encoding': '*' })).headers['content-encoding']).toBe('br');
  });

  it('sends gzip when brotli is not accepted or refused with q=0', async () => {
    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip;q=0.8', 'br; q=0, *']) {
      const res = await rawGet(script, { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers.vary, accept).toBe('Accept-Encoding');
      expect(Number(res.headers['content-length']), accept).toBe(res.body.length);
      expect(gunzipSync(res.body).toString(), accept).toBe(SCRIPT);
    }
  });

  it('sends the file as it is when no compression is accepted, still varying on the header', async () => {
    for (const accept of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0', '*;q=0, identity']) {
      const res = await rawGet(script, accept === undefined ? {} : { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.headers.vary, accept).toBe('Accept-Encoding');
      expect(res.body.toString(), accept).toBe(SCRIPT);
      expect(Number(res.headers['content-length']), accept).toBe(Buffer.byteLength(SCRIPT));
    }
    // An image has no compressed copies: sent as it is, without Vary.
    const image = await rawGet('/assets/logo-AbCd1234.png', { 'accept-encoding': 'br, gzip' });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.headers.vary).toBeUndefined();
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.body.equals(IMAGE)).toBe(true);
  });

  it('answers the HTML shell, compressed, for the app and client-side paths, revalidated on each use', async () => {
    for (const [path, html] of [['/', SHELL], ['/index.html', SHELL], ['/auth', SHELL], ['/booking/some-key', BOOKING_PAGE]]) {
      const res = await rawGet(path, { 'accept-encoding': 'gzip, br' });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(res.headers.vary, path).toBe('Accept-Encoding');
      // A public page is answered with its own prerendered HTML (shared/public-pages.ts), the rest with the console's.
      expect(brotliDecompressSync(res.body).toString(), path).toBe(html);
    }
    // HEAD: the same headers, no body.
    const head = await rawGet('/booking/some-key', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(Number(head.headers['content-length'])).toBe(readFileSync(join(webDir, 'booking.html.gz')).length);
    expect(head.body.length).toBe(0);
  });

  it("answers a public page in the language the request asks, by CloudFront's own rule (issue 36)", async () => {
    const page = async (path: string, headers: Record<string, string> = {}) => {
      const res = await rawGet(path, { 'accept-encoding': 'br', ...headers });
      expect(res.status, path).toBe(200);
      return { html: brotliDecompressSync(res.body).toString(), csp: res.headers['content-security-policy'] as string };
    };
    const arabic = await page('/booking/pk_any?lang=ar');
    expect(arabic.html).toBe(BOOKING_PAGE_AR);
    // Its own CSP, as the English page's: framed by clinics' sites, its loader allowed.
    expect(arabic.csp).toContain('frame-ancestors https:');
    expect(arabic.csp).toContain(`script-src 'self' 'sha256-${createHash('sha256').update(LOADER).digest('base64')}';`);
    expect((await page('/booking/pk_any', { 'accept-language': 'ar-EG,ar;q=0.9,en;q=0.8' })).html).toBe(BOOKING_PAGE_AR);
    // The address's language wins over the browser's.
    expect((await page('/booking/pk_any?lang=en', { 'accept-language': 'ar' })).html).toBe(BOOKING_PAGE);
    expect((await page('/booking/pk_any', { 'accept-language': 'en-US,en;q=0.9' })).html).toBe(BOOKING_PAGE);
    // A language this build has no file for: the page's English HTML (the page renders over it).
    expect((await page('/booking/pk_any?lang=es')).html).toBe(BOOKING_PAGE);
    // The console is the console in any language.
    expect((await page('/dashboard?lang=ar', { 'accept-language': 'ar' })).html).toBe(SHELL);
  });

  it('never serves a file outside the build', async () => {
    const res = await rawGet('/..%2F..%2Fetc%2Fpasswd', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(gunzipSync(res.body).toString()).toBe(SHELL);
  });
});

describe('an undecodable path', () => {
  it('is a 400 with a JSON message, not a 500', async () => {
    for (const path of ['/api/appointments/%C0%AE%FF', '/assets/%E0%A4%A', '/%FF']) {
      const res = await fetch(`${stack.url}${path}`);
      expect(res.status, path).toBe(400);
      expect(res.headers.get('content-type'), path).toContain('application/json');
      expect(await res.json(), path).toEqual({ message: 'The request path is not valid.' });
    }
    // The server lives on.
    expect((await register()).status).toBe(201);
  });
});

describe('mail while SES is down', () => {
  it('stays pending in the outbox and is sent once by the sweep when SES is back', async () => {
    const row = (id: string) => outbox.getOutboxRow(id);
    await stack.stopSes();
    const to = uniqueEmail('ses-down');
    const id = `fault-${randomUUID()}`;
    // A second row, written a day and an hour ago: failing now, it is given up instead of retried.
    const staleId = `fault-stale-${randomUUID()}`;
    const staleTo = uniqueEmail('ses-stale');
    try {
      await core.transact([
        outbox.outboxMail(id, { to, subject: 'Sent when SES is back', text: 'Kept until then.' }),
        outbox.outboxItem(staleId, { kind: 'mail', mail: { to: staleTo, subject: 'Too late', text: 'Given up.' } }, undefined, new Date(Date.now() - 25 * 3600_000)),
      ]);
      // The stream tried it at once and failed: pending again, due later, with the reason kept.
      const waiting = await eventually(async () => {
        const r = await row(id);
        return r?.status === 'pending' && r.attempts >= 1 ? r : undefined;
      }, 'a failed first attempt');
      expect(waiting.lastError).toBeTruthy();
      expect(Date.parse(waiting.nextAttemptAt)).toBeGreaterThan(Date.parse(waiting.createdAt));
      expect(await eventually(async () => ((await row(staleId))?.status === 'failed' ? row(staleId) : undefined), 'the stale row given up')).toMatchObject({ status: 'failed', attempts: 1 });
    } finally {
      await stack.startSes();
    }
    const [mail] = await waitForMails(to, 1, 10_000, stack.inboxUrl);
    expect(mail.subject).toBe('Sent when SES is back');
    const sent = await eventually(async () => ((await row(id))?.status === 'sent' ? row(id) : undefined), 'the row marked sent');
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    // More sweeps send nothing more.
    await stack.sweepOutbox();
    await stack.sweepOutbox();
    expect(await mailsTo(to, stack.inboxUrl)).toHaveLength(1);
    expect(await mailsTo(staleTo, stack.inboxUrl)).toHaveLength(0);
  });
});

describe('DynamoDB Local killed', () => {
  it('is started again on its port, with one line saying so, and requests and the outbox work again', async () => {
    expect((await register()).status).toBe(201);
    const lines: string[] = [];
    const capture = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
    const spies = [vi.spyOn(console, 'error').mockImplementation(capture), vi.spyOn(console, 'warn').mockImplementation(capture), vi.spyOn(console, 'log').mockImplementation(capture)];
    try {
      const killed = stack.dynamoDbPid()!;
      const at = Date.now();
      process.kill(killed, 'SIGKILL');
      await eventually(() => (lines.some((l) => l.includes('DynamoDB Local is back')) ? true : undefined), 'the restart', 30_000, 50);
      const restartMs = Date.now() - at;
      const firstOk = await register();
      const workingAgainMs = Date.now() - at;
      expect(firstOk.status).toBe(201);
      expect(stack.dynamoDbPid()).not.toBe(killed);
      expect(lines.filter((l) => l.includes('exited unexpectedly'))).toEqual([
        expect.stringContaining(`DynamoDB Local (java, pid ${killed}) exited unexpectedly (SIGKILL); restarting it on port`),
      ]);
      // A line or two while the stream could not be read, not one per poll.
      expect(lines.filter((l) => /ECONNREFUSED|cannot read the table stream|sweep failed/.test(l)).length).toBeLessThanOrEqual(3);
      expect(restartMs).toBeLessThan(20_000);
      spies.forEach((s) => s.mockRestore());
      console.log(`DynamoDB Local restart: back after ${restartMs} ms; first request answered 201 after ${workingAgainMs} ms`);

      // The worker follows the table's new stream: outbox mail goes out again at once.
      const to = uniqueEmail('after-restart');
      const written = Date.now();
      await core.transact([outbox.outboxMail(`after-restart-${randomUUID()}`, { to, subject: 'After the restart', text: 'Still delivered.' })]);
      await waitForMails(to, 1, 5_000, stack.inboxUrl);
      console.log(`outbox mail latency after the restart: ${Date.now() - written} ms`);
    } finally {
      spies.forEach((s) => s.mockRestore());
    }
  });
});

describe('stopping the stack', () => {
  it('lets a request in flight finish, takes no new connection meanwhile, then stops', async () => {
    const pid = stack.dynamoDbPid()!;
    const challenge = await challengeHeaders(`${stack.url}/api`, 'POST', '/users/register-email', {});
    process.kill(pid, 'SIGSTOP');
    let answeredAt = 0;
    let stoppedAt = 0;
    const inFlight = register(undefined, challenge).then((res) => {
      answeredAt = Date.now();
      return res;
    });
    try {
      // The request is in the handler, waiting on the paused database.
      await new Promise((r) => setTimeout(r, 400));
      const stopping = stack.stop().then(() => (stoppedAt = Date.now()));
      await new Promise((r) => setTimeout(r, 200));
      await expect(fetch(`${stack.url}/api/users/login`, { method: 'POST' })).rejects.toThrow();
      expect(stoppedAt).toBe(0);
      process.kill(pid, 'SIGCONT');
      expect((await inFlight).status).toBe(201);
      await stopping;
      expect(stoppedAt).toBeGreaterThanOrEqual(answeredAt);
    } finally {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // already gone
      }
    }
  });
});
