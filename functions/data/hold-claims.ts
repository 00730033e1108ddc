// Who may hold unpaid places, and how many (issue 28): a claim item per patient identity (normalised
// email, E.164 phone), per client network (/24 IPv4, /64 IPv6) and per day's resource (the clinic-wide
// slots, or one practitioner) of an organisation. Each keeps the ids of the unpaid holds it counts as a
// string set; a hold adds its id with the condition "fewer than the cap" in the SAME transaction that
// takes its place (functions/domain/bookings/places.ts holdPlace), and every move out of 'held' (confirm,
// release, expiry) removes it in its own transaction. So the sets are exact, never read-then-written,
// and name their holders: a claim that is full because a holder's time ran out is freed by releasing
// that holder (a guarded move), never by overwriting the claim.
//   a claim                      pk ORG#<orgId>#HOLDCLAIMS   sk email#<email> | phone#<+1...> | net#<network> | day#<date>#<resource>
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './dynamo';
import type { TransactItem } from './core';
import { TTL_ATTRIBUTE } from './table';

export type ClaimKind = 'email' | 'phone' | 'network' | 'day';

export interface HoldClaim {
  kind: ClaimKind;
  /** The claim item's sort key. */
  sk: string;
  /** Unpaid holds it may count at once. */
  cap: number;
}

const claimsPk = (orgId: string) => `ORG#${orgId}#HOLDCLAIMS`;
export const claimKey = (orgId: string, sk: string) => ({ pk: claimsPk(orgId), sk });

export const emailClaim = (email: string): HoldClaim => ({ kind: 'email', sk: `email#${email.trim().toLowerCase()}`, cap: 1 });
export const phoneClaim = (phone: string): HoldClaim => ({ kind: 'phone', sk: `phone#${phone.replace(/[^\d+]/g, '')}`, cap: 1 });
export const networkClaim = (network: string, cap: number): HoldClaim => ({ kind: 'network', sk: `net#${network}`, cap });
/** `resource`: 'slots' (the clinic-wide schedule) or a practitioner's id. */
export const dayClaim = (date: string, resource: string, cap: number): HoldClaim => ({ kind: 'day', sk: `day#${date}#${resource}`, cap });

/** The Update adding a hold to a claim; fails its condition when the claim counts `cap` holds already. */
export function takeClaimItem(orgId: string, claim: HoldClaim, bookingId: string, holdExpiresAt: string): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: claimKey(orgId, claim.sk),
      UpdateExpression: 'ADD holds :me SET #ttl = :ttl',
      ConditionExpression: 'attribute_not_exists(holds) OR size(holds) < :cap',
      ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
      // Kept two days past the hold (TTL may tidy an empty claim then; nothing relies on it).
      ExpressionAttributeValues: { ':me': new Set([bookingId]), ':cap': claim.cap, ':ttl': Math.floor(Date.parse(holdExpiresAt) / 1000) + 2 * 86400 },
    },
  };
}

/** The Update taking a hold out of a claim (unconditional: removing an id that is not there changes nothing). */
export function giveClaimItem(orgId: string, sk: string, bookingId: string): TransactItem {
  return {
    Update: {
      TableName: table(),
      Key: claimKey(orgId, sk),
      UpdateExpression: 'DELETE holds :me',
      ExpressionAttributeValues: { ':me': new Set([bookingId]) },
    },
  };
}

// The holds a claim counts (strongly consistent: they decide what is released).
export async function claimHolders(orgId: string, sk: string): Promise<string[]> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: claimKey(orgId, sk), ConsistentRead: true }));
  const holds = out.Item?.holds as Set<string> | undefined;
  return holds ? [...holds].sort() : [];
}
