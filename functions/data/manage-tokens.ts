// Manage links (./link-tokens.ts): a patient opens their booking (or appointment) with an unguessable token (32 random
// bytes, base64url) from a mail. Only its SHA-256 is stored, with the one booking or appointment of
// one organisation it opens and when
// it stops working (the booking's start at the time it was mailed: after that there is nothing left
// to change). Each mail makes its own token; any of a booking's tokens opens it until it expires.
// Access patterns:
//   a token by its hash    pk MANAGE#<sha256 hex>   sk TOKEN   (orgId on the item: deleted with the tenant)
import type { TransactItem } from './core';
import { linkTokenStore } from './link-tokens';

/** What a token opens: one booking or one appointment. */
export type ManageTarget = { bookingId: string; appointmentId?: undefined } | { appointmentId: string; bookingId?: undefined };

export type ManageToken = ManageTarget & {
  orgId: string;
  expiresAt: string;
  createdAt: string;
};

const store = linkTokenStore('MANAGE');

/** A new token for a booking or an appointment, and the Put that stores its hash (for the transaction that mails it). */
export function newManageToken(orgId: string, target: ManageTarget, expiresAt: string, now = new Date()): { token: string; item: TransactItem } {
  return store.issue({ orgId, ...target, expiresAt, createdAt: now.toISOString() });
}

// The booking a token opens, unless the token is unknown or expired.
export async function findManageToken(token: string, now = new Date()): Promise<ManageToken | undefined> {
  const found = await store.find(token, now);
  if (!found) return undefined;
  const target: ManageTarget = found.appointmentId ? { appointmentId: found.appointmentId as string } : { bookingId: found.bookingId as string };
  return { orgId: found.orgId, ...target, expiresAt: found.expiresAt, createdAt: found.createdAt };
}
