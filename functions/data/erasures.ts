// The marks an erased patient leaves (issue 36.5; docs/patients.md "Events delivered after an erasure").
// The outbox delivers at least once and a worker may hold a row while the erase runs: a subscriber row
// claimed before it, an event row fanned out after it, a webhook or a notice about them already in a
// worker's hands. Each carries its copy of the person's name and contact, written before the erase. So
// the erase first marks each of the person's addresses as erased at that moment, and whatever writes a
// person from an event checks the mark: an event about them from before the erase (its time at or before
// the mark's) writes nothing, a new one after it (a new booking by the same email) goes on as a new
// person. Access pattern:
//   an erased address   pk ORG#<orgId>#ERASED#<sha256 of org, kind and address>   sk MARK   erasedAt, expiresAtEpoch
// Only a hash of the normalised address is kept (no address, no name). The mark is needed while an event
// from before the erase can still be delivered (the outbox gives a row up a day after it was written):
// it expires after a week (TTL). An expired mark not yet removed changes nothing: it only refuses events
// older than itself, and none is delivered any more.
import { createHash } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { normaliseEmail, normalisePhone } from '#shared/patients/normalise';
import { batchGet, isConditionFailure, type TransactItem } from './core';
import { ddb, table } from './dynamo';
import type { DomainEvent } from './event-types';
import { TTL_ATTRIBUTE } from './table';

/** How long a mark is kept: well past the day the outbox retries a row. */
const MARK_KEPT_MS = 7 * 86_400_000;

/** Whom an event is about: the addresses it carries (either may be missing). */
export interface Identity {
  email?: string | null;
  phone?: string | null;
}

const hashOf = (orgId: string, kind: 'email' | 'phone', value: string) => createHash('sha256').update(`${orgId}\u0000${kind}\u0000${value}`).digest('hex');

export const erasureKey = (orgId: string, kind: 'email' | 'phone', value: string) => ({ pk: `ORG#${orgId}#ERASED#${hashOf(orgId, kind, value)}`, sk: 'MARK' });

/** The keys of the marks of an identity's addresses (normalised as patients are matched on them). */
function keysOf(orgId: string, who: Identity) {
  const email = normaliseEmail(who.email);
  const phone = normalisePhone(who.phone);
  return [...(email ? [erasureKey(orgId, 'email', email)] : []), ...(phone ? [erasureKey(orgId, 'phone', phone)] : [])];
}

/**
 * Marks each address as erased at `at`. Idempotent: a mark only moves later (an erase run again after a
 * failed one marks its own, later, start); the same or an earlier time changes nothing.
 */
export async function markErased(orgId: string, who: { emails: readonly string[]; phones: readonly string[] }, at: string): Promise<void> {
  const keys = [...who.emails.map((email) => keysOf(orgId, { email })), ...who.phones.map((phone) => keysOf(orgId, { phone }))].flat();
  const expires = Math.floor((Date.parse(at) + MARK_KEPT_MS) / 1000);
  for (const key of keys) {
    try {
      await ddb.send(new UpdateCommand({
        TableName: table(),
        Key: key,
        UpdateExpression: 'SET erasedAt = :at, #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(erasedAt) OR erasedAt < :at',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':at': at, ':ttl': expires },
      }));
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
}

/** Whether the person an event of time `at` is about was erased at or after it (then the event must write nothing of them). */
export async function erasedSince(orgId: string, who: Identity, at: string): Promise<boolean> {
  const keys = keysOf(orgId, who);
  if (!keys.length) return false;
  const marks = await batchGet(keys);
  return marks.some((m) => typeof m?.erasedAt === 'string' && m.erasedAt >= at);
}

/**
 * Conditions for the transaction that writes the person from an event of time `at`: it fails (a
 * ConditionalCheckFailed at these items) when an erase marked them at or after `at` meanwhile, so a
 * mark written between the caller's `erasedSince` and its write still stops it.
 */
export function notErasedSince(orgId: string, who: Identity, at: string): TransactItem[] {
  return keysOf(orgId, who).map((key) => ({
    ConditionCheck: { TableName: table(), Key: key, ConditionExpression: 'attribute_not_exists(erasedAt) OR erasedAt < :at', ExpressionAttributeValues: { ':at': at } },
  }));
}

/** Whom a domain event is about, by the addresses it carries (a payment's and a freed time's carry none: their subscribers read the records, blanked by the erase). */
export function identityOf(event: DomainEvent): Identity | undefined {
  if (event.type === 'booking-confirmed' || event.type === 'appointment-cancelled') return { email: event.patient.email, phone: event.patient.phone };
  if (event.type === 'form-submitted') return { email: event.email };
  return undefined;
}
