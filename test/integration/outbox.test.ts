// The outbox worker on the shared stack: a row written pending goes out once, through the table's
// stream, within about a second; a stream record handed over again sends nothing new; a staff notice
// delivered a second time (its first delivery died before recording it) writes no second notification;
// a message SES refuses for good is given up at once. Rows are written here the way entity modules
// write them (the data core's transaction with an outbox item); the worker handler is also called
// in this process, against the same table, to hand records over again.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { api, mailsTo, signUpOwner, uniqueEmail, waitForMails } from '../support/api';
import { testDb } from '../support/db';
import { eventually } from '../support/eventually';
import { outboxModules, outboxRow } from '../support/outbox';
import { serveAsync } from '../support/serve';

type Modules = Awaited<ReturnType<typeof outboxModules>>;


let outbox: Modules['outbox'];
let worker: Modules['worker'];
let core: Modules['core'];

beforeAll(async () => {
  // The data layer and the worker read their configuration from the environment, as in Lambda.
  for (const [name, value] of Object.entries(inject('stackEnv'))) vi.stubEnv(name, value);
  ({ outbox, worker, core } = await outboxModules());
});
afterAll(() => vi.unstubAllEnvs());


/** The INSERT record the stream carries for a new pending row (what Lambda hands the worker). */
function insertRecord(id: string, createdAt: string, sequence: string) {
  return {
    eventName: 'INSERT' as const,
    dynamodb: {
      SequenceNumber: sequence,
      Keys: { pk: { S: `OUTBOX#${id}` }, sk: { S: 'MESSAGE' } },
      NewImage: { pk: { S: `OUTBOX#${id}` }, sk: { S: 'MESSAGE' }, id: { S: id }, status: { S: 'pending' }, nextAttemptAt: { S: createdAt } },
    },
  };
}

describe('outbox delivery', () => {
  it('sends a mail written with a change once, through the stream, within about a second', async () => {
    const to = uniqueEmail('outbox');
    const id = `test-mail-${randomUUID()}`;
    const written = Date.now();
    await core.transact([outbox.outboxMail(id, { to, subject: 'Sent from the outbox', text: 'Exactly once.' })]);

    const [mail] = await waitForMails(to, 1, 5_000);
    const latency = Date.now() - written;
    console.log(`outbox mail latency (write to inbox): ${latency} ms`);
    expect(latency).toBeLessThan(3_000);
    expect(mail.subject).toBe('Sent from the outbox');
    expect(mail.body.text).toContain('Exactly once.');

    const stored = await eventually(async () => ((await outboxRow(id))?.status === 'sent' ? outboxRow(id) : undefined), 'the row marked sent');
    expect(stored).toMatchObject({ id, status: 'sent', attempts: 1, sentAt: expect.any(String) });
    // Out of the due index: no sweep looks at it again.
    expect(stored.gsi1pk).toBeUndefined();
    expect(stored.claimToken).toBeUndefined();

    // A sweep now finds nothing of it to send.
    await worker.sweep();
    expect(await mailsTo(to)).toHaveLength(1);
  });

  it('sends nothing new when the stream hands the same record over again', async () => {
    const to = uniqueEmail('outbox-again');
    const id = `test-again-${randomUUID()}`;
    await core.transact([outbox.outboxMail(id, { to, subject: 'Only once', text: 'Even when redelivered.' })]);
    await waitForMails(to, 1, 5_000);
    const first = await eventually(async () => ((await outboxRow(id))?.status === 'sent' ? outboxRow(id) : undefined), 'the row marked sent');

    const record = insertRecord(id, first.createdAt, '900000000000000000001');
    const result = await worker.handler({ Records: [record, { ...record, dynamodb: { ...record.dynamodb, SequenceNumber: '900000000000000000002' } }] } as never);
    expect(result).toEqual({ batchItemFailures: [] });
    expect(await worker.deliver(id)).toBe('skipped');

    await new Promise((r) => setTimeout(r, 500));
    expect(await mailsTo(to)).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 1, sentAt: first.sentAt });
  });

  it('writes a staff notice once per member, even when a delivery that died is done again', async () => {
    const owner = await signUpOwner('outbox-notice');
    const id = `test-notice-${randomUUID()}`;
    const title = `Outbox notice ${id.slice(-8)}`;
    await core.transact([outbox.outboxNotice(id, owner.orgId, { title, message: 'Told once.' })]);

    const mine = async () => ((await api('GET', '/notifications', { token: owner.token })).body.data as { title: string }[]).filter((n) => n.title === title);
    await eventually(async () => ((await mine()).length ? true : undefined), 'the notice');
    await eventually(async () => ((await outboxRow(id))?.status === 'sent' ? true : undefined), 'the row marked sent');
    const unreadBefore = (await api('GET', '/notifications/unread-count', { token: owner.token })).body.data.unread;

    // As if the worker died after writing the notifications but before recording it: the row is
    // still claimed, and its lease has run out, so it is delivered again.
    const { client, table } = testDb();
    await client.send(
      new UpdateCommand({
        TableName: table,
        Key: { pk: `OUTBOX#${id}`, sk: 'MESSAGE' },
        UpdateExpression: 'SET #status = :sending, leaseUntil = :past, claimToken = :lost, gsi1pk = :due, gsi1sk = :dueSk REMOVE sentAt',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sending': 'sending', ':past': '2000-01-01T00:00:00.000Z', ':lost': 'lost-worker', ':due': 'OUTBOX#DUE', ':dueSk': `2000-01-01T00:00:00.000Z#${id}` },
      }),
    );
    // Here at once, or by the stack's sweep if it takes the row first.
    expect(['sent', 'skipped']).toContain(await worker.deliver(id));
    await eventually(async () => ((await outboxRow(id))?.status === 'sent' ? true : undefined), 'the row delivered again');

    expect(await mine()).toHaveLength(1);
    expect((await api('GET', '/notifications/unread-count', { token: owner.token })).body.data.unread).toBe(unreadBefore);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('asks Stripe for a refund again, under the same idempotency key, after Stripe failed the first time', async () => {
    // A Stripe of this test: down (500) for the first delivery's three calls (the client's try and its two
    // retries, lib/stripe.ts), then a refund.
    const calls: { path: string; key: string | undefined; body: string }[] = [];
    const stripe = createServer(serveAsync(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      calls.push({ path: req.url ?? '', key: req.headers['idempotency-key'] as string | undefined, body });
      const down = calls.length <= 3;
      res.writeHead(down ? 500 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(down ? { error: { message: 'Stripe is down' } } : { id: 're_test_1', object: 'refund', amount: 4950, status: 'succeeded' }));
    }));
    await new Promise<void>((resolve) => stripe.listen(0, '127.0.0.1', resolve));
    vi.stubEnv('STRIPE_API_BASE', `http://127.0.0.1:${(stripe.address() as AddressInfo).port}`);
    try {
      const id = `test-refund-${randomUUID()}`;
      // Due in a day: the shared stack's worker leaves it alone; this test delivers it as the sweep would.
      const due = new Date(Date.now() + 24 * 3600_000);
      const refund = { paymentIntentId: 'pi_test_1', amountCents: 4950, metadata: { kind: 'booking', orgId: 'org-1', bookingId: 'b-1' }, idempotencyKey: `manage-cancel-${id}` };
      await core.transact([outbox.outboxItem(id, { kind: 'refund', refund }, 'org-1', due)]);

      expect(await worker.deliver(id, due)).toBe('retry');
      expect(await outboxRow(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.any(String) });
      const retryAt = new Date(Date.parse((await outboxRow(id))!.nextAttemptAt) + 1);
      expect(await worker.deliver(id, retryAt)).toBe('sent');
      expect(await worker.deliver(id, retryAt)).toBe('skipped');

      expect(calls).toHaveLength(4);
      expect(calls.map((c) => c.path)).toEqual(Array(4).fill('/v1/refunds'));
      expect(calls.map((c) => c.key)).toEqual(Array(4).fill(refund.idempotencyKey));
      expect(new URLSearchParams(calls[3].body).get('amount')).toBe('4950');
      expect(await outboxRow(id)).toMatchObject({ status: 'sent' });
    } finally {
      vi.stubEnv('STRIPE_API_BASE', inject('stackEnv').STRIPE_API_BASE ?? '');
      stripe.close();
    }
  });

  it('gives up at once on a message SES refuses for good, and keeps it for a person to look at', async () => {
    const to = uniqueEmail('outbox-refused');
    const id = `test-refused-${randomUUID()}`;
    // The SES stand-in refuses a mail without a subject (400), as SES refuses a malformed message.
    await core.transact([outbox.outboxMail(id, { to, subject: '', text: 'No subject.' })]);

    const failed = await eventually(async () => ((await outboxRow(id))?.status === 'failed' ? outboxRow(id) : undefined), 'the row given up', 5_000);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, failedAt: expect.any(String), lastError: expect.any(String) });
    expect(failed.gsi1pk).toBeUndefined();
    expect(await worker.deliver(id)).toBe('skipped');
    expect(await mailsTo(to)).toHaveLength(0);
  });
});
