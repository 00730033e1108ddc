// A series of visits (issue 37): its rule and the ids of its visits, which are ordinary bookings that
// carry `seriesId` (data/bookings.ts). The visits are read by id (at most MAX_SERIES_VISITS of them), so
// a series needs no index of its own. Access patterns:
//   a series by id            pk ORG#<orgId>#SERIES#<id>   sk SERIES
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './dynamo';
import { batchGet, strip, type TransactItem } from './core';
import { bookingKey, type BookingRecord } from './bookings';
import type { RefundClock } from './refund-failures';

export interface SeriesRecord extends RefundClock {
  id: string;
  orgId: string;
  packageId: string;
  packageName: string;
  /** The rule as asked for: every N weeks at a local time, from a date, a count or until a date. */
  everyWeeks: number;
  time: string;
  startDate: string;
  count: number | null;
  untilDate: string | null;
  timeZone: string;
  /** 'any' or a practitioner's id: who the visits were asked with. */
  practitionerChoice: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  locale?: string;
  /** The visits (booking ids), in time order as booked. */
  bookingIds: string[];
  createdBy: string;
  createdAt: string;
  /**
   * A move of several visits under way (domain/series/move.ts): the request it answers and each visit's
   * step, written before the first visit moves and removed once the last did (or all were moved back), so
   * the same request again finishes a move a crash left half-way.
   */
  pendingMove?: PendingSeriesMove | null;
  /**
   * A patient's series (issue 37.1; data/series-status.ts): 'held' until its course is paid (or confirmed
   * at once), 'booked' once it is, 'expired' when its Checkout ran out (or was given back) unpaid. Absent:
   * booked (staff book a series whole). `settledAt`: when its payment or confirmation was recorded, once.
   */
  status?: SeriesStatus;
  settledAt?: string;
  endedAt?: string;
  /** A course paid up front: what was refunded of its payment in Stripe by hand (not the visits' shares), and Stripe's running total. */
  refundedByHandCents?: number;
  refundedCents?: number;
}

export type SeriesStatus = 'held' | 'booked' | 'expired';

export interface PendingSeriesMove {
  key: string;
  at: string;
  steps: { bookingId: string; bookingDate: string; bookingTime: string; practitionerId?: string; from: { startUtc: string; bookingDate: string; bookingTime: string; practitionerId: string | null } }[];
}

export const seriesKey = (orgId: string, id: string) => ({ pk: `ORG#${orgId}#SERIES#${id}`, sk: 'SERIES' });

// Get a series by id (strongly consistent: cancelling acts on it).
export async function getSeries(orgId: string, id: string): Promise<SeriesRecord | undefined> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return undefined;
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: seriesKey(orgId, id), ConsistentRead: true }));
  return strip<SeriesRecord>(out.Item);
}

/** The Put of a new series (fails when it exists: a series is booked once). */
export function putSeriesItem(s: SeriesRecord): TransactItem {
  return { Put: { TableName: table(), Item: { ...seriesKey(s.orgId, s.id), ...s }, ConditionExpression: 'attribute_not_exists(pk)' } };
}

// Set (or remove, null) the move under way on a series.
export async function setPendingMove(orgId: string, id: string, pending: PendingSeriesMove | null): Promise<void> {
  await ddb.send(new UpdateCommand({
    TableName: table(), Key: seriesKey(orgId, id),
    ConditionExpression: 'attribute_exists(pk)',
    ...(pending ? { UpdateExpression: 'SET pendingMove = :p', ExpressionAttributeValues: { ':p': pending } } : { UpdateExpression: 'REMOVE pendingMove' }),
  }));
}

// The visits of a series, in time order (batch read by id).
export async function seriesVisits(s: Pick<SeriesRecord, 'orgId' | 'bookingIds'>): Promise<BookingRecord[]> {
  const items = await batchGet(s.bookingIds.map((id) => bookingKey(s.orgId, id)));
  return items.filter((i) => i !== undefined).map((i) => strip<BookingRecord>(i)!).sort((a, b) => (a.startUtc < b.startUtc ? -1 : a.startUtc > b.startUtc ? 1 : 0));
}
