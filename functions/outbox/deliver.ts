// The outbox deliverer: delivers each outbox row (functions/data/outbox.ts) of the 'delivery' lane
// once in effect: mail, texts, staff notices, refunds and webhooks. (Domain events and their
// subscribers are the 'events' lane, run by a function of their own, ./run-subscribers.ts, with only
// the table; the reminders that are due and the unpaid holds whose time ran out are swept by
// ./sweeps.ts on the same minute.) How rows are claimed, retried, given up and logged, from the
// table's stream and a sweep every minute: ./lib/engine.ts. Locally the same handler is fed by
// infra/local/outbox-worker.ts.
//
// A mail whose delivery fails is retried for a day, then given up; a message SES refuses for good
// (malformed or rejected address) is given up at once. A staff notice writes one notification per
// member under ids derived from the row, so a repeated delivery writes nothing new.
//
// A mail's HTML part is laid out as it goes, in its organisation's name, logo and colour
// (functions/lib/mail-layout.ts); the rows hold only the text.
//
// Before a mail or SMS goes, ./lib/guards.ts checks it may (issue 28): a suppressed address, a typed
// address past its daily cap, or a number outside the clinic's SMS countries is not sent: the row is
// 'dropped' with its reason (metric MessagesDropped), never retried.
//
// Webhook rows (./lib/webhooks.ts) follow their own retry schedule and may wait a turn behind an
// earlier event of the same object.
import type { DynamoDBRecord } from 'aws-lambda';
import { isPermanentMailRefusal, sendMail, type Mail } from '#lib/mail';
import { sendSms } from '#lib/sms';
import { createRefund } from '#lib/stripe';
import { notifyStaffOnce } from '../data/notifications';
import { getOrganization, mailBrandOf, mailSenderOf } from '../data/organizations';
import type { OutboxRow } from '../data/outbox';
import { deliverWebhook, fanOut } from './lib/webhooks';
import { checkBeforeSending, checkNotErased } from './lib/guards';
import { dueRowOf as dueRowOfLane, outboxWorker } from './lib/engine';

export { GIVE_UP_AFTER_MS, retryDelayMs, type Outcome, type StreamResult, type SweepResult } from './lib/engine';

async function perform(row: OutboxRow, token: string): Promise<void> {
  const { payload } = row;
  await checkNotErased(row);
  if (payload.kind === 'webhook-event') return fanOut(row);
  if (payload.kind === 'webhook-delivery') return deliverWebhook(row, token);
  await checkBeforeSending(row, token);
  if (payload.kind === 'mail') return sendMail(await asOrganisationSends(payload.mail, row.orgId));
  if (payload.kind === 'sms') {
    await sendSms(payload.sms.to, payload.sms.message, payload.sms.senderName);
    return;
  }
  if (payload.kind === 'refund') {
    const { refund } = payload;
    await createRefund({ paymentIntentId: refund.paymentIntentId, amountCents: refund.amountCents, metadata: refund.metadata, idempotencyKey: refund.idempotencyKey });
    return;
  }
  if (payload.kind === 'staff-notice') {
    if (!row.orgId) throw new Error('A staff notice without an organisation');
    await notifyStaffOnce(row.orgId, payload.notice, { id: row.id, createdAt: row.createdAt });
    return;
  }
  // Event and subscriber rows are the 'events' lane's (./run-subscribers.ts): never claimed here.
  throw new Error(`Unknown outbox payload ${(payload as { kind?: string }).kind}`);
}

/**
 * A clinic's mail as it goes: in its layout (name, logo and colour as they are now, issue 26) and, for
 * a mail to a patient, from the clinic's name with its contact address as Reply-To (issue 34). A mail
 * of no organisation, or of one since deleted, takes the product's layout and sender.
 */
async function asOrganisationSends(mail: Mail, orgId: string | undefined): Promise<Mail> {
  const org = orgId ? await getOrganization(orgId) : undefined;
  if (!org) return mail;
  return { ...mail, brand: mailBrandOf(org), ...(mail.fromClinic ? { sender: mailSenderOf(org) } : {}) };
}

const worker = outboxWorker({
  lane: 'delivery',
  perform,
  isPermanent: (row, error) => row.payload.kind === 'mail' && isPermanentMailRefusal(error),
});

/** Claims the row if it is due, does its side effect, and records what happened. */
export const deliver = worker.deliver;
/** One row's side effect on a row already claimed (tests: a row a worker held while something changed). */
export const performClaimed = perform;
/** Delivers the due rows of a stream batch, in the order their changes were written. */
export const onStreamRecords = worker.onStreamRecords;
/** Delivers the rows due by now, oldest first, a bounded number per run. */
export const sweep = worker.sweep;
/** The deliverer's row a stream record names, when it is pending and due. */
export const dueRowOf = (record: DynamoDBRecord, now = new Date()) => dueRowOfLane(record, now, 'delivery');

/** DynamoDB Stream batches (filtered to the delivery lane's rows) and the scheduled sweep (EventBridge, every minute). */
export const handler = worker.handler;
