// A clinic's mail while SES is down (issue 26's branded layout under a fault): the outbox worker keeps
// the row, tries again later and then sends it once, still in the clinic's layout (name, logo, colour),
// which it lays out as the mail goes. SES here is a stand-in of this test that answers 503 until it is
// "back"; the worker runs in this process against the shared table, on a row due in a day so the
// stack's own worker leaves it alone.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { api, signUpOwner, uniqueEmail } from '../support/api';
import { outboxModules, outboxRow } from '../support/outbox';
import { PNG } from './appointments-support';
import { serveAsync } from '../support/serve';

type Modules = Awaited<ReturnType<typeof outboxModules>>;

interface SesCall {
  status: number;
  html?: string;
  text?: string;
}

const calls: SesCall[] = [];
let sesUp = false;
let ses: Server;

let outbox: Modules['outbox'];
let worker: Modules['worker'];
let core: Modules['core'];

beforeAll(async () => {
  ses = createServer(serveAsync(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw || '{}') as { Content?: { Simple?: { Body?: { Html?: { Data: string }; Text?: { Data: string } } } } };
    const status = sesUp ? 200 : 503;
    calls.push({ status, html: body.Content?.Simple?.Body?.Html?.Data, text: body.Content?.Simple?.Body?.Text?.Data });
    res.writeHead(status, { 'content-type': 'application/json', ...(sesUp ? {} : { 'x-amzn-errortype': 'ServiceUnavailableException' }) });
    res.end(JSON.stringify(sesUp ? { MessageId: `m-${calls.length}` } : { message: 'Service unavailable' }));
  }));
  await new Promise<void>((resolve) => ses.listen(0, '127.0.0.1', resolve));
  // The worker's configuration as the stack gives it, with SES pointed at the stand-in above (read
  // when the mail module loads, hence before the imports).
  for (const [name, value] of Object.entries(inject('stackEnv'))) vi.stubEnv(name, value);
  vi.stubEnv('AWS_ENDPOINT_URL_SESV2', `http://127.0.0.1:${(ses.address() as AddressInfo).port}`);
  ({ outbox, worker, core } = await outboxModules());
});
afterAll(() => {
  vi.unstubAllEnvs();
  ses?.close();
});


describe("a clinic's mail while SES is down", () => {
  it('is kept and tried again later, then sent once, in the layout the clinic has when it goes', async () => {
    const owner = await signUpOwner('ses-outage');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'logo.png');
    const logoKey = (await api('POST', '/organization/logo', { token: owner.token, form })).body.data.logoKey as string;
    expect((await api('PATCH', '/organization/profile', { token: owner.token, body: { brandColor: '#204a87' } })).status).toBe(200);

    const id = `test-branded-${randomUUID()}`;
    const due = new Date(Date.now() + 24 * 3600_000);
    const mail = { to: uniqueEmail('patient'), subject: 'Your booking is confirmed', text: 'Hello Pat,\n\nYour booking is confirmed.' };
    await core.transact([outbox.outboxItem(id, { kind: 'mail', mail }, owner.orgId, due)]);

    // SES answers 503 (to the SDK's try and its retry): the row stays, due again in 30 s.
    const failedAt = Date.now();
    expect(await worker.deliver(id, due)).toBe('retry');
    const kept = await outboxRow(id);
    expect(kept).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.any(String) });
    expect(Date.parse(kept!.nextAttemptAt) - failedAt).toBeGreaterThanOrEqual(30_000);
    expect(calls.length).toBeGreaterThanOrEqual(1);
    expect(calls.every((c) => c.status === 503)).toBe(true);

    // The clinic changes its colour meanwhile; SES is back. The mail goes once, in the colour of now.
    expect((await api('PATCH', '/organization/profile', { token: owner.token, body: { brandColor: '#7a1f5c' } })).status).toBe(200);
    sesUp = true;
    const retryAt = new Date(Date.parse(kept!.nextAttemptAt) + 1);
    expect(await worker.deliver(id, retryAt)).toBe('sent');
    expect(await worker.deliver(id, retryAt)).toBe('skipped');
    const sent = calls.filter((c) => c.status === 200);
    expect(sent).toHaveLength(1);
    expect(sent[0].text).toBe(mail.text);
    expect(sent[0].html).toContain('bgcolor="#7a1f5c"');
    expect(sent[0].html).toContain(`<img src="${inject('appUrl')}/assets/${logoKey}"`);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
