// Issue 35 (a submission at 16 concurrent): a lead's staff notice, its day's report figure and its form
// page's write count are made by the subscriber of its form-submitted event
// (functions/domain/forms/on-lead-received.ts), not in the visitor's transaction: every lead of a clinic
// would put the same two counter items in concurrent transactions. What must hold all the same: every
// lead (with an email or not) is told to staff once and counted once, whatever is run again.
import { randomUUID } from 'node:crypto';
import { PutCommand, TransactGetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, signUpOwner, type Owner } from '../support/api';
import { testDb } from '../support/db';
import { eventually } from '../support/eventually';
import { leadCounted, leadEventRowId, outboxRow } from '../support/outbox';
import { todayIn } from '../../shared/bookings/time';
import { DEFAULT_TIME_ZONE } from '../../shared/bookings/slots';
import type { FormSubmittedEvent } from '../../functions/data/event-types';
import type { TransactItem } from '../../functions/data/core';

let owner: Owner;
let apiKey: string;
let formId: string;

beforeAll(async () => {
  // The modules below use the stack's table (the handlers run in the stack's own process).
  Object.assign(process.env, inject('stackEnv'));
  owner = await signUpOwner('leadcount');
  apiKey = (await api('GET', '/organization/integration', { token: owner.token })).body.data.apiKey as string;
  const form = await api('POST', '/form-builder/form', { token: owner.token, body: { name: 'Call back', fields: [{ id: 'name', label: 'Full name', type: 'text', required: true }] } });
  formId = form.body.data.id as string;
});

const newLeadNotes = async () => ((await api('GET', '/notifications', { token: owner.token })).body.data as { title: string; message: string; link: string }[]).filter((n) => n.title === 'New lead');

/**
 * The day's leads figure (in the clinic's zone: the default, as signed up) and the page's writes, in the
 * day and window of `atMs`: a lead is counted in those of its own time, so a test reads the ones of its
 * lead (two reads at different moments could straddle a window's or a day's end).
 */
async function counts(atMs: number) {
  const { client, table } = testDb();
  const { activityKey, windowStartOf } = await import('../../functions/data/page-counts');
  // One read of both (a run counting between two reads would show one count without the other).
  const { Responses } = await client.send(
    new TransactGetCommand({
      TransactItems: [
        { Get: { TableName: table, Key: { pk: `ORG#${owner.orgId}#REPORT`, sk: `DAY#${todayIn(DEFAULT_TIME_ZONE, new Date(atMs))}` } } },
        { Get: { TableName: table, Key: activityKey('form', apiKey, windowStartOf(atMs)) } },
      ],
    }),
  );
  const [day, page] = Responses ?? [];
  return { leads: Number(day?.Item?.['leads:received'] ?? 0), writes: Number(page?.Item?.writes ?? 0) };
}

/** What the counts of `atMs`'s day and window were before a test that began at `startMs`: those read then, or none where a new day or window began since. */
async function countsBefore(startMs: number, atMs: number, before: { leads: number; writes: number }) {
  const { windowStartOf } = await import('../../functions/data/page-counts');
  const sameDay = todayIn(DEFAULT_TIME_ZONE, new Date(startMs)) === todayIn(DEFAULT_TIME_ZONE, new Date(atMs));
  return { leads: sameDay ? before.leads : 0, writes: windowStartOf(startMs) === windowStartOf(atMs) ? before.writes : 0 };
}

describe("a lead's notice and counts, by its event's subscriber", () => {
  it('stores a lead in a transaction without the per-clinic counters or the notice row', async () => {
    const { ddb } = await import('../../functions/data/dynamo');
    const { putSubmission } = await import('../../functions/data/submissions');
    const seen: TransactItem[][] = [];
    ddb.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'TransactWriteItemsCommand') seen.push((args.input as { TransactItems: TransactItem[] }).TransactItems);
        return next(args);
      },
      { step: 'initialize', name: 'seeLeadTransaction' },
    );
    try {
      const now = new Date().toISOString();
      const id = `lead-${randomUUID()}`;
      await putSubmission(
        { id, orgId: owner.orgId, formId, formName: 'Call back', answers: [], packageId: null, packageName: null, email: null, name: 'Ann', paymentStatus: 'none', paymentId: null, reportDay: todayIn(DEFAULT_TIME_ZONE), createdAt: now, updatedAt: now },
        apiKey,
      );
      const keys = seen.flat().map((item) => String((item.Put?.Item ?? item.Update?.Key)?.pk));
      // The lead and its event only (a request adds its challenge's spend, its address count and its key).
      expect(keys).toEqual([`ORG#${owner.orgId}#SUB#${id}`, `OUTBOX#event-form-submitted-${owner.orgId}-${id}-submitted`]);
      await leadCounted(owner.orgId, id);
    } finally {
      ddb.middlewareStack.remove('seeLeadTransaction');
    }
  });

  it('tells staff of a lead without an email and counts it; no patient row is made for it', async () => {
    const start = Date.now();
    const before = await counts(start);
    const res = await api('POST', `/form-builder/form/${formId}/submissions`, { body: { apiKey, items: [{ fieldId: 'name', value: 'Bea Caller' }] } });
    expect(res.status, res.body.message).toBe(201);
    const { submissionId } = res.body.data as { submissionId: string };
    await leadCounted(owner.orgId, submissionId);
    expect((await newLeadNotes()).filter((n) => n.link === `/forms/leads/${submissionId}`)).toEqual([expect.objectContaining({ message: 'Bea Caller submitted "Call back".' })]);
    const eventRow = (await leadEventRowId(owner.orgId, submissionId))!;
    const at = Date.parse(((await outboxRow(eventRow))?.payload as { event: { at: string } }).event.at);
    const was = await countsBefore(start, at, before);
    expect(await counts(at)).toEqual({ leads: was.leads + 1, writes: was.writes + 1 });
    expect(await outboxRow(eventRow)).toMatchObject({ status: 'sent', payload: { event: { email: null, lead: { formName: 'Call back', apiKey } } } });
    expect(await outboxRow(`${eventRow}:patients`)).toBeUndefined();
  });

  it('a run that died after telling staff, before it was recorded, is run again after its lease: told once, counted once', async () => {
    const { eventItem, subscriberRowId } = await import('../../functions/data/events');
    const { outboxItem } = await import('../../functions/data/outbox');
    const { leadReceivedSubscriber } = await import('../../functions/domain/forms/on-lead-received');
    const worker = await import('../../functions/outbox/run-subscribers');
    const now = Date.now();
    const before = await counts(now);
    const notesBefore = (await newLeadNotes()).length;

    // A lead's event, and its subscriber's row as a worker that died left it: claimed, its lease over.
    const submissionId = `lead-${randomUUID()}`;
    const at = new Date(now).toISOString();
    const eventPut = eventItem(owner.orgId, `${submissionId}-submitted`, at, {
      type: 'form-submitted', submissionId, formId, email: null, name: 'Cy Caller', lead: { formName: 'Call back', packageName: null, reportDay: todayIn(DEFAULT_TIME_ZONE, new Date(now)), apiKey },
    }).Put!;
    const event = (eventPut.Item!.payload as { event: FormSubmittedEvent }).event;
    const rowId = subscriberRowId(event.id, 'lead-received');
    const row = outboxItem(rowId, { kind: 'subscriber', subscriber: 'lead-received', event }, owner.orgId).Put!;
    // Its lease still runs while the dead run is checked: one already over would let the stack's sweep
    // run the row again in the meantime (and count it), as it did once in CI.
    const { client, table } = testDb();
    const leaseUntil = new Date(Date.now() + 60_000).toISOString();
    await client.send(new PutCommand({ TableName: table, Item: { ...row.Item, status: 'sending', attempts: 1, claimToken: 'died', leaseUntil } }));
    // The dead run had told staff; its completion (the counts and the row sent) never landed.
    await expect(leadReceivedSubscriber.handle(event, { rowId, attempt: 1, complete: () => Promise.reject(new Error('the worker died')) })).rejects.toThrow('the worker died');
    expect((await newLeadNotes()).length).toBe(notesBefore + 1);
    expect(await counts(now)).toEqual(before);
    expect(await outboxRow(rowId)).toMatchObject({ status: 'sending', claimToken: 'died' });

    // Its lease runs out; it is run again (by the stack's sweep, or here at once), then handed over twice more.
    const past = new Date(Date.now() - 1000).toISOString();
    await client.send(new UpdateCommand({ TableName: table, Key: { pk: row.Item!.pk, sk: row.Item!.sk }, UpdateExpression: 'SET leaseUntil = :past', ConditionExpression: 'claimToken = :died', ExpressionAttributeValues: { ':past': past, ':died': 'died' } }));
    expect(['sent', 'skipped']).toContain(await worker.deliver(rowId));
    await eventually(async () => ((await outboxRow(rowId))?.status === 'sent' ? true : undefined), 'the row run again');
    expect(await worker.deliver(rowId)).toBe('skipped');
    await worker.onStreamRecords([{ eventName: 'MODIFY', dynamodb: { NewImage: { pk: { S: `OUTBOX#${rowId}` }, status: { S: 'pending' } } } }]);
    // A run that lost its claim (another worker took the row) counts nothing either.
    expect(await leadReceivedSubscriber.handle(event, { rowId, attempt: 3, complete: () => Promise.resolve(false) })).toBeUndefined();

    expect(await outboxRow(rowId)).toMatchObject({ status: 'sent', attempts: 2 });
    expect((await newLeadNotes()).filter((n) => n.link === `/forms/leads/${submissionId}`)).toHaveLength(1);
    expect(await counts(now)).toEqual({ leads: before.leads + 1, writes: before.writes + 1 });
  });
});
