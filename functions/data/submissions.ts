// Submissions of public forms (each one is a lead) and the card payments made for them. Access patterns:
//   submission by id                        pk ORG#<orgId>#SUB#<id>    sk SUB
//   a form's submissions, newest first      gsi1pk ORG#<orgId>#FORM#<formId>#SUBS  gsi1sk <createdAt>#<id>
//   an organisation's leads, newest first   gsi2pk ORG#<orgId>#LEADS   gsi2sk <createdAt>#<id>   (see leads.ts)
//   payment by id                           pk ORG#<orgId>#FPAY#<id>   sk FPAY
//   a form's payments, newest first         gsi1pk ORG#<orgId>#FORM#<formId>#PAYS  gsi1sk <createdAt>#<id>
//   a submission's payments, newest first   gsi2pk ORG#<orgId>#SUB#<subId>#PAYS    gsi2sk <createdAt>#<id>
//   an organisation's payments in a state   gsi3pk ORG#<orgId>#FPAYS#<status>     gsi3sk <createdAt>#<id>  (since currencies)
// Payment states move only forward with conditions: pending -> paid | expired | failed,
// paid -> refunded | partially_refunded -> refunded. A replayed event finds the condition false.
import type { Currency } from '#shared/currency';
import type { LeadEventObject } from '#shared/webhooks/schemas';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod/mini';
import type { paymentStatusRecord, submissionAnswerRecord } from '#shared/forms/records';
import type { Page } from '#shared/api';
import { ddb, table } from './dynamo';
import { queryPage, strip, transact, tryTransact, type Item, type TransactItem } from './core';
import { reportItems, type ReportDelta } from './reports';
import { setClause } from './update';
import { webhookEventItems } from './webhooks';
import { failuresCondition, type FailedRefundMark, type RefundClock } from './refund-failures';
import { formSubmittedItems } from './events';
import type { Locale } from '#shared/i18n/locales';

export type PaymentStatus = z.output<typeof paymentStatusRecord>;

export type SubmissionAnswer = z.output<typeof submissionAnswerRecord>;

export interface SubmissionRecord {
  id: string;
  orgId: string;
  formId: string;
  formName: string;
  answers: SubmissionAnswer[];
  packageId: string | null;
  packageName: string | null;
  /** The first email answer, the first name-like answer: what a lead list shows. */
  email: string | null;
  name: string | null;
  /** The visitor's language (their page's; absent on older leads). */
  locale?: Locale;
  /** 'none' until a payment is started for it. */
  paymentStatus: PaymentStatus | 'none';
  paymentId: string | null;
  /** The day whose report figures count this lead (data/reports.ts); absent on leads from before reports existed. */
  reportDay?: string;
  /** An intake form's answers (issue 36): the booking they belong to (data/intake.ts). Absent on leads. */
  bookingId?: string;
  createdAt: string;
  updatedAt: string;
}

export interface FormPaymentRecord extends RefundClock {
  id: string;
  orgId: string;
  formId: string;
  formName: string;
  submissionId: string;
  packageId: string;
  packageName: string;
  amountCents: number;
  /** What the payment is in (lowercase ISO code; absent before currencies: read as USD). */
  currency: Currency;
  /** The payer's language (the lead's page's; absent on older payments): the receipt's. */
  locale?: Locale;
  /** True when the visitor typed the amount (a package with custom amount). */
  customAmount: boolean;
  status: PaymentStatus;
  stripeSessionId: string | null;
  paymentIntentId: string | null;
  payerEmail: string | null;
  payerName: string | null;
  amountPaidCents: number | null;
  refundedCents: number | null;
  paidAt: string | null;
  /**
   * Set when staff must act: the paid amount (or currency) differs from the price. Such a payment is
   * still 'paid' (the payer was charged); this says what to check.
   */
  needsAttention?: string | null;
  createdAt: string;
  updatedAt: string;
}

export const submissionKey = (orgId: string, id: string) => ({ pk: `ORG#${orgId}#SUB#${id}`, sk: 'SUB' });
export const paymentKey = (orgId: string, id: string) => ({ pk: `ORG#${orgId}#FPAY#${id}`, sk: 'FPAY' });
const formSubsPk = (orgId: string, formId: string) => `ORG#${orgId}#FORM#${formId}#SUBS`;
export const leadsPk = (orgId: string) => `ORG#${orgId}#LEADS`;
const formPaysPk = (orgId: string, formId: string) => `ORG#${orgId}#FORM#${formId}#PAYS`;
const subPaysPk = (orgId: string, subId: string) => `ORG#${orgId}#SUB#${subId}#PAYS`;
const statePaysPk = (orgId: string, status: PaymentStatus) => `ORG#${orgId}#FPAYS#${status}`;

async function page<T>(index: 'gsi1' | 'gsi2', pk: string, limit: number, cursor?: string): Promise<Page<T>> {
  const result = await queryPage<Item>(
    { TableName: table(), IndexName: index, KeyConditionExpression: `${index}pk = :pk`, ExpressionAttributeValues: { ':pk': pk }, ScanIndexForward: false },
    { limit, cursor, keys: [`${index}pk`, `${index}sk`, 'pk', 'sk'], partitionValue: pk },
  );
  return { items: result.items.map((i) => strip<T>(i)!), nextCursor: result.nextCursor };
}

// Store a new submission (a visitor's write: no audit entry) with its form-submitted event, in one
// transaction (data/core.ts transact: an idempotent request's guard and a public write's challenge ride
// along). The event's subscriber (functions/domain/forms/on-lead-received.ts) tells staff and counts the
// lead in the report figures of its `reportDay` and in the page's write count of `apiKey`, once: hot
// per-clinic items kept out of the visitor's transaction (data/reports.ts says why).
export async function putSubmission(sub: SubmissionRecord, apiKey: string, request: { solutionId?: string } = {}): Promise<void> {
  const items = await submissionItems(sub, apiKey, request.solutionId);
  // The lead is named by the request's Idempotency-Key (its id is derived from it: http.ts newId) and
  // carries the request's record; its event, named by the solved challenge, spends the solution. Two
  // items fewer than a record and a spend of their own, for every lead.
  await transact(items, { requestRecord: 0, ...(request.solutionId ? { solutionSpend: items.length - 1 } : {}) });
}

/**
 * The items of a new submission's transaction (the request's riders aside): the lead, its webhook rows
 * if any, its event (last; named by `solutionId` when the request spent one, else by the lead).
 */
export async function submissionItems(sub: SubmissionRecord, apiKey: string, solutionId?: string): Promise<TransactItem[]> {
  const sort = `${sub.createdAt}#${sub.id}`;
  const event = await webhookEventItems({ orgId: sub.orgId, type: 'lead.created', changeKey: `lead-created-${sub.id}`, objectKey: `lead:${sub.id}`, object: leadObject(sub), at: sub.createdAt });
  return [
    {
      Put: {
        TableName: table(),
        Item: { ...submissionKey(sub.orgId, sub.id), gsi1pk: formSubsPk(sub.orgId, sub.formId), gsi1sk: sort, gsi2pk: leadsPk(sub.orgId), gsi2sk: sort, ...sub },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...event,
    ...formSubmittedItems(sub, apiKey, solutionId),
  ];
}

/**
 * The lead.created object: the answers as staff see them, without the storage keys of uploaded files
 * (a file answer says only that a file was sent; staff open it in the console).
 */
export function leadObject(sub: SubmissionRecord): LeadEventObject {
  return {
    object: 'lead',
    id: sub.id,
    formId: sub.formId,
    formName: sub.formName,
    name: sub.name,
    email: sub.email,
    packageId: sub.packageId,
    packageName: sub.packageName,
    answers: sub.answers.map((a) => ({ fieldId: a.fieldId, label: a.label, type: a.type, value: a.type === 'file' ? null : a.value, ...(a.type === 'file' ? { fileAttached: Boolean(a.value && a.value.length) } : {}) })),
    createdAt: sub.createdAt,
  };
}

/** The payment states in which a submission counts as paid. */
export const PAID_STATES: readonly PaymentStatus[] = ['paid', 'partially_refunded', 'refunded'];

// Get a submission (lead) of an organisation by id.
export async function getSubmission(orgId: string, id: string): Promise<SubmissionRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: submissionKey(orgId, id), ConsistentRead: true }));
  return strip<SubmissionRecord>(out.Item);
}

// A form's submissions, newest first, one page.
export function listFormSubmissions(orgId: string, formId: string, limit: number, cursor?: string): Promise<Page<SubmissionRecord>> {
  return page<SubmissionRecord>('gsi1', formSubsPk(orgId, formId), limit, cursor);
}

// Record a payment being started for a submission, unless the submission is paid already.
// Returns false when it is (the condition on the submission failed).
export function startPayment(payment: FormPaymentRecord): Promise<boolean> {
  const sort = `${payment.createdAt}#${payment.id}`;
  return tryTransact([
    {
      Put: {
        TableName: table(),
        Item: {
          ...paymentKey(payment.orgId, payment.id),
          gsi1pk: formPaysPk(payment.orgId, payment.formId), gsi1sk: sort,
          gsi2pk: subPaysPk(payment.orgId, payment.submissionId), gsi2sk: sort,
          gsi3pk: statePaysPk(payment.orgId, payment.status), gsi3sk: sort,
          ...payment,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: table(),
        Key: submissionKey(payment.orgId, payment.submissionId),
        ConditionExpression: 'attribute_exists(pk) AND NOT paymentStatus IN (:paid, :partly)',
        UpdateExpression: 'SET paymentStatus = :pending, paymentId = :pid, updatedAt = :now',
        ExpressionAttributeValues: { ':paid': 'paid', ':partly': 'partially_refunded', ':pending': 'pending', ':pid': payment.id, ':now': payment.createdAt },
      },
    },
  ]);
}

// Attach the Checkout Session to a pending payment.
export async function setPaymentSession(orgId: string, paymentId: string, stripeSessionId: string): Promise<void> {
  await transact([
    {
      Update: {
        TableName: table(),
        Key: paymentKey(orgId, paymentId),
        ConditionExpression: 'attribute_exists(pk)',
        ...setClause({ stripeSessionId, updatedAt: new Date().toISOString() }),
      },
    },
  ]);
}

// Get a payment of an organisation by id.
export async function getPayment(orgId: string, id: string): Promise<FormPaymentRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: paymentKey(orgId, id), ConsistentRead: true }));
  return strip<FormPaymentRecord>(out.Item);
}

// A form's payments, newest first, one page.
export function listFormPayments(orgId: string, formId: string, limit: number, cursor?: string): Promise<Page<FormPaymentRecord>> {
  return page<FormPaymentRecord>('gsi1', formPaysPk(orgId, formId), limit, cursor);
}

// A submission's payments, newest first (a visitor may start more than one checkout).
export async function listSubmissionPayments(orgId: string, submissionId: string): Promise<FormPaymentRecord[]> {
  return (await page<FormPaymentRecord>('gsi2', subPaysPk(orgId, submissionId), 50)).items;
}

/**
 * Move a payment from one of `from` to `to` with `fields`, and its submission to the same state, in
 * one transaction with `also` (the move's outbox rows and audit entries). False when the payment is
 * not in one of `from` (a replay, or a later state won) or a row of `also` exists (the move was made).
 * `onlyIfCurrent`: touch the submission only if this payment is its current one (expiry of an old try).
 * `refundedBelow`: only while less than this was refunded (refund events may come out of order).
 * `report`: report figures the move counts (data/reports.ts), in its transaction.
 * `refundedWas`: only while the refunds recorded are still these (null: none), so what a refund adds counts once.
 * `submissionUnpaid`: only while the submission is not paid (by another payment): its first payment.
 * `failuresWas`: only while this many refund failures are recorded on it (with refundedWas, its refunds as read).
 */
export async function movePayment(
  payment: Pick<FormPaymentRecord, 'orgId' | 'id' | 'submissionId'>,
  from: PaymentStatus[],
  to: PaymentStatus,
  fields: Partial<FormPaymentRecord> = {},
  options: { onlyIfCurrent?: boolean; refundedBelow?: number; refundedWas?: number | null; failuresWas?: number; also?: TransactItem[]; report?: readonly ReportDelta[]; submissionUnpaid?: boolean } = {},
): Promise<boolean> {
  const now = new Date().toISOString();
  // gsi3pk follows the state (payments from before it existed have no gsi3sk, so no index entry).
  const set = setClause({ ...fields, status: to, updatedAt: now, gsi3pk: statePaysPk(payment.orgId, to) });
  const fromValues = Object.fromEntries(from.map((s, i) => [`:from${i}`, s]));
  const conditions = ['attribute_exists(pk)', `#status IN (${Object.keys(fromValues).join(', ')})`];
  const values: Record<string, unknown> = { ...set.ExpressionAttributeValues, ...fromValues };
  if (options.refundedBelow !== undefined) {
    conditions.push('(attribute_not_exists(refundedCents) OR attribute_type(refundedCents, :nullType) OR refundedCents < :refunded)');
    Object.assign(values, { ':nullType': 'NULL', ':refunded': options.refundedBelow });
  }
  if (options.failuresWas !== undefined) {
    const failures = failuresCondition(options.failuresWas);
    conditions.push(failures.condition);
    Object.assign(values, failures.values);
  }
  if (options.refundedWas) {
    conditions.push('refundedCents = :was');
    values[':was'] = options.refundedWas;
  } else if (options.refundedWas !== undefined) {
    conditions.push('(attribute_not_exists(refundedCents) OR attribute_type(refundedCents, :nullType) OR refundedCents = :zero)');
    Object.assign(values, { ':nullType': 'NULL', ':zero': 0 });
  }
  const paymentUpdate: TransactItem = {
    Update: {
      TableName: table(),
      Key: paymentKey(payment.orgId, payment.id),
      UpdateExpression: set.UpdateExpression,
      ExpressionAttributeNames: { ...set.ExpressionAttributeNames, '#status': 'status' },
      ExpressionAttributeValues: values,
      ConditionExpression: conditions.join(' AND '),
    },
  };
  const submission = submissionUpdate(payment, to, now);
  if (options.submissionUnpaid) {
    const paid = Object.fromEntries(PAID_STATES.map((state, i) => [`:paid${i}`, state]));
    submission.Update!.ConditionExpression = `attribute_exists(pk) AND NOT paymentStatus IN (${Object.keys(paid).join(', ')})`;
    submission.Update!.ExpressionAttributeValues = { ...submission.Update!.ExpressionAttributeValues, ...paid };
  }
  const also = [...(options.also ?? []), ...reportItems(payment.orgId, options.report ?? [])];
  if (!options.onlyIfCurrent) return tryTransact([paymentUpdate, submission, ...also]);
  if (!(await tryTransact([paymentUpdate, ...also]))) return false;
  // An older try of a submission that moved on to a newer payment leaves the submission as it is.
  await tryTransact([{ Update: { ...submission.Update!, ConditionExpression: 'attribute_exists(pk) AND paymentId = :pid' } }]);
  return true;
}

/** A refund failure recorded on a payment with nothing to correct (its state and refunds as they are): while its refunds are as read. */
export function paymentFailuresItem(payment: Pick<FormPaymentRecord, 'orgId' | 'id' | 'refundedCents' | 'refundsFailed'>, refundsFailed: FailedRefundMark[]): TransactItem {
  const failures = failuresCondition(payment.refundsFailed?.length ?? 0);
  const was = payment.refundedCents;
  const refunded = was ? 'refundedCents = :was' : '(attribute_not_exists(refundedCents) OR attribute_type(refundedCents, :nullType) OR refundedCents = :zero)';
  return {
    Update: {
      TableName: table(),
      Key: paymentKey(payment.orgId, payment.id),
      UpdateExpression: 'SET refundsFailed = :failures, updatedAt = :now',
      ConditionExpression: `attribute_exists(pk) AND ${failures.condition} AND ${refunded}`,
      ExpressionAttributeValues: { ':failures': refundsFailed, ':now': new Date().toISOString(), ...failures.values, ...(was ? { ':was': was } : { ':nullType': 'NULL', ':zero': 0 }) },
    },
  };
}

function submissionUpdate(payment: Pick<FormPaymentRecord, 'orgId' | 'id' | 'submissionId'>, to: PaymentStatus, now: string): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: submissionKey(payment.orgId, payment.submissionId),
      UpdateExpression: 'SET paymentStatus = :to, paymentId = :pid, updatedAt = :now',
      ExpressionAttributeValues: { ':to': to, ':pid': payment.id, ':now': now },
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
}

// Whether a payment started since `sinceIso` is still pending (its Checkout link may yet be paid).
export async function hasPendingPayment(orgId: string, sinceIso: string): Promise<boolean> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: table(),
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk >= :since',
      ExpressionAttributeValues: { ':pk': statePaysPk(orgId, 'pending'), ':since': sinceIso },
      Limit: 1,
    }),
  );
  return (out.Items ?? []).length > 0;
}
