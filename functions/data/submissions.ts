// Submissions of public forms (each one is a lead) and the card payments made for them. Access patterns:
//   submission by id                        pk ORG#<orgId>#SUB#<id>    sk SUB
//   a form's submissions, newest first      gsi1pk ORG#<orgId>#FORM#<formId>#SUBS  gsi1sk <createdAt>#<id>
//   an organisation's leads, newest first   gsi2pk ORG#<orgId>#LEADS   gsi2sk <createdAt>#<id>   (see leads.ts)
//   payment by id                           pk ORG#<orgId>#FPAY#<id>   sk FPAY
//   a form's payments, newest first         gsi1pk ORG#<orgId>#FORM#<formId>#PAYS  gsi1sk <createdAt>#<id>
//   a submission's payments, newest first   gsi2pk ORG#<orgId>#SUB#<subId>#PAYS    gsi2sk <createdAt>#<id>
// Payment states move only forward with conditions: pending -> paid | expired | failed,
// paid -> refunded | partially_refunded -> refunded. A replayed event finds the condition false.
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { FieldType } from '#shared/forms/types';
import type { Page } from '#shared/api';
import { ddb, table } from '#lib/dynamo';
import { isConditionFailure } from '#lib/errors';
import { queryPage } from './members';
import { setClause } from './update';

export type PaymentStatus = 'pending' | 'paid' | 'expired' | 'failed' | 'refunded' | 'partially_refunded';

export interface SubmissionAnswer {
  fieldId: string;
  /** The field's label and type when the answer was given (forms change; answers keep their meaning). */
  label: string;
  type: FieldType;
  value: string | string[];
}

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
  /** 'none' until a payment is started for it. */
  paymentStatus: PaymentStatus | 'none';
  paymentId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface FormPaymentRecord {
  id: string;
  orgId: string;
  formId: string;
  formName: string;
  submissionId: string;
  packageId: string;
  packageName: string;
  amountCents: number;
  currency: 'usd';
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
  /** Set once the payer's receipt is mailed (a failed mail is retried with the event). */
  receiptSentAt?: string;
  createdAt: string;
  updatedAt: string;
}

export const submissionKey = (orgId: string, id: string) => ({ pk: `ORG#${orgId}#SUB#${id}`, sk: 'SUB' });
export const paymentKey = (orgId: string, id: string) => ({ pk: `ORG#${orgId}#FPAY#${id}`, sk: 'FPAY' });
const formSubsPk = (orgId: string, formId: string) => `ORG#${orgId}#FORM#${formId}#SUBS`;
export const leadsPk = (orgId: string) => `ORG#${orgId}#LEADS`;
const formPaysPk = (orgId: string, formId: string) => `ORG#${orgId}#FORM#${formId}#PAYS`;
const subPaysPk = (orgId: string, subId: string) => `ORG#${orgId}#SUB#${subId}#PAYS`;

export function strip<T>(item: Record<string, unknown> | undefined): T | undefined {
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, ...rest } = item;
  return rest as T;
}

async function page<T>(index: 'gsi1' | 'gsi2', pk: string, limit: number, cursor?: string): Promise<Page<T>> {
  const result = await queryPage<Record<string, unknown>>(
    { TableName: table(), IndexName: index, KeyConditionExpression: `${index}pk = :pk`, ExpressionAttributeValues: { ':pk': pk }, ScanIndexForward: false },
    { limit, cursor, keys: [`${index}pk`, `${index}sk`, 'pk', 'sk'], partitionValue: pk },
  );
  return { items: result.items.map((i) => strip<T>(i)!), nextCursor: result.nextCursor };
}

// Store a new submission (a visitor's write: no audit entry; staff are notified instead).
export async function putSubmission(sub: SubmissionRecord): Promise<void> {
  const sort = `${sub.createdAt}#${sub.id}`;
  await ddb.send(
    new PutCommand({
      TableName: table(),
      Item: { ...submissionKey(sub.orgId, sub.id), gsi1pk: formSubsPk(sub.orgId, sub.formId), gsi1sk: sort, gsi2pk: leadsPk(sub.orgId), gsi2sk: sort, ...sub },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

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
export async function startPayment(payment: FormPaymentRecord): Promise<boolean> {
  const sort = `${payment.createdAt}#${payment.id}`;
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: {
                ...paymentKey(payment.orgId, payment.id),
                gsi1pk: formPaysPk(payment.orgId, payment.formId), gsi1sk: sort,
                gsi2pk: subPaysPk(payment.orgId, payment.submissionId), gsi2sk: sort,
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
        ],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

// Attach the Checkout Session to a pending payment.
export async function setPaymentSession(orgId: string, paymentId: string, stripeSessionId: string): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: table(),
      Key: paymentKey(orgId, paymentId),
      ConditionExpression: 'attribute_exists(pk)',
      ...setClause({ stripeSessionId, updatedAt: new Date().toISOString() }),
    }),
  );
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
 * one transaction. False when the payment is not in one of `from` (a replay, or a later state won).
 * `onlyIfCurrent`: touch the submission only if this payment is its current one (expiry of an old try).
 */
export async function movePayment(
  payment: Pick<FormPaymentRecord, 'orgId' | 'id' | 'submissionId'>,
  from: PaymentStatus[],
  to: PaymentStatus,
  fields: Partial<FormPaymentRecord> = {},
  options: { onlyIfCurrent?: boolean } = {},
): Promise<boolean> {
  const now = new Date().toISOString();
  const set = setClause({ ...fields, status: to, updatedAt: now });
  const fromValues = Object.fromEntries(from.map((s, i) => [`:from${i}`, s]));
  const paymentUpdate = {
    Update: {
      TableName: table(),
      Key: paymentKey(payment.orgId, payment.id),
      UpdateExpression: set.UpdateExpression,
      ExpressionAttributeNames: { ...set.ExpressionAttributeNames, '#status': 'status' },
      ExpressionAttributeValues: { ...set.ExpressionAttributeValues, ...fromValues },
      ConditionExpression: `attribute_exists(pk) AND #status IN (${Object.keys(fromValues).join(', ')})`,
    },
  };
  try {
    const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [paymentUpdate];
    if (!options.onlyIfCurrent) items.push(submissionUpdate(payment, to, now));
    await ddb.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
  if (options.onlyIfCurrent) {
    await ddb.send(new UpdateCommand({ ...submissionUpdate(payment, to, now).Update, ConditionExpression: 'attribute_exists(pk) AND paymentId = :pid' })).catch((error) => {
      if (!isConditionFailure(error)) throw error;
    });
  }
  return true;
}

// Note that the receipt of a paid payment was mailed (once).
export async function markReceiptSent(orgId: string, paymentId: string): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: table(),
      Key: paymentKey(orgId, paymentId),
      UpdateExpression: 'SET receiptSentAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(receiptSentAt)',
      ExpressionAttributeValues: { ':now': new Date().toISOString() },
    }),
  ).catch((error) => {
    if (!isConditionFailure(error)) throw error;
  });
}

function submissionUpdate(payment: Pick<FormPaymentRecord, 'orgId' | 'id' | 'submissionId'>, to: PaymentStatus, now: string) {
  return {
    Update: {
      TableName: table(),
      Key: submissionKey(payment.orgId, payment.submissionId),
      UpdateExpression: 'SET paymentStatus = :to, paymentId = :pid, updatedAt = :now',
      ExpressionAttributeValues: { ':to': to, ':pid': payment.id, ':now': now } as Record<string, unknown>,
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
}
