// Intake answers (issue 36): a booking package may ask one of the clinic's forms before the visit. The
// answers are stored as a submission of that form (./submissions.ts, the same item, listed with the
// form's submissions, its files opened like a lead's), with `bookingId`, but not listed as a lead nor
// counted in the leads' figures: they are not a lead. One per booking, its id derived from the
// booking's, written in ONE transaction with the booking's `intakeSubmissionId` (conditional on the
// booking having none), so a retry or a second send links nothing twice.
// The by-mail link: an unguessable token (32 random bytes) whose SHA-256 alone is stored, opening the
// intake of one booking until the booking starts (like the manage link, ./manage-tokens.ts, but a
// token of its own: it cannot cancel or move the booking; one store, ./link-tokens.ts). Access patterns:
//   a token by its hash    pk INTAKE#<sha256 hex>   sk TOKEN   (orgId on the item: deleted with the tenant)
import { table } from './dynamo';
import { tryTransact, type TransactItem } from './core';
import { bookingKey } from './bookings';
import { linkTokenStore } from './link-tokens';
import { submissionKey, type SubmissionRecord } from './submissions';

/** The submission id of a booking's intake: one per booking. */
export const intakeIdOf = (bookingId: string) => `intake-${bookingId}`;

const formSubsPk = (orgId: string, formId: string) => `ORG#${orgId}#FORM#${formId}#SUBS`;

/**
 * Stores `sub` as the intake of its booking and sets the booking's `intakeSubmissionId`, with `also`
 * (the webhook event) in the same transaction. False when the booking already has an intake, is gone,
 * or is not in one of `statuses` (nothing written).
 */
export function putIntake(sub: SubmissionRecord & { bookingId: string }, statuses: readonly string[], also: TransactItem[] = []): Promise<boolean> {
  const statusValues = Object.fromEntries(statuses.map((s, i) => [`:s${i}`, s]));
  return tryTransact([
    {
      Put: {
        TableName: table(),
        Item: { ...submissionKey(sub.orgId, sub.id), gsi1pk: formSubsPk(sub.orgId, sub.formId), gsi1sk: `${sub.createdAt}#${sub.id}`, ...sub },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: table(),
        Key: bookingKey(sub.orgId, sub.bookingId),
        UpdateExpression: 'SET intakeSubmissionId = :sid',
        ConditionExpression: `attribute_exists(pk) AND (attribute_not_exists(intakeSubmissionId) OR attribute_type(intakeSubmissionId, :null)) AND #status IN (${Object.keys(statusValues).join(', ')})`,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sid': sub.id, ':null': 'NULL', ...statusValues },
      },
    },
    ...also,
  ]);
}

export interface IntakeToken {
  orgId: string;
  bookingId: string;
  expiresAt: string;
  createdAt: string;
}

const store = linkTokenStore('INTAKE');

/** A new intake link token for a booking, valid until `expiresAt`, and the Put that stores its hash (for the transaction that mails it). */
export function newIntakeToken(orgId: string, bookingId: string, expiresAt: string, now = new Date()): { token: string; item: TransactItem } {
  return store.issue<IntakeToken>({ orgId, bookingId, expiresAt, createdAt: now.toISOString() });
}

// The booking a token opens, unless the token is unknown or expired.
export async function findIntakeToken(token: string, now = new Date()): Promise<IntakeToken | undefined> {
  const found = await store.find(token, now);
  return found ? { orgId: found.orgId, bookingId: found.bookingId as string, expiresAt: found.expiresAt, createdAt: found.createdAt } : undefined;
}
