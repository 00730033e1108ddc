// Bookings made on the public booking page. A booking starts 'held' (its place is held while the
// visitor pays), becomes 'confirmed' only when Stripe reports the payment, or 'expired' / 'cancelled'.
// Every state change is a conditional update on `status` (and `paymentStatus`), so a replayed or late
// event changes nothing. Times: `startUtc` is the instant; `bookingDate`/`bookingTime` are the local
// wall-clock values in `timeZone` the visitor chose. Access patterns:
//   booking by id                           pk ORG#<orgId>#BOOKING#<id>   sk BOOKING
//   all bookings by booking time            gsi1pk ORG#<orgId>#BOOKINGS             gsi1sk <startUtc>#<id>
//   a package's bookings by booking time    gsi2pk ORG#<orgId>#BOOKINGS#PKG#<pkgId> gsi2sk <startUtc>#<id>
//   bookings in a payment state, by time    gsi3pk ORG#<orgId>#BOOKINGS#PAY#<state> gsi3sk <startUtc>#<id>
//   any of these within dates               gsiNsk BETWEEN <fromUtc> AND <toUtc>
//   a patient's bookings (any status)       gsi4pk ORG#<orgId>#ABOUT#<email>  gsi4sk <createdAt>#<id>  (erasing them: ./patients.ts)
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '#shared/api';
import type { BookingFields } from '#shared/bookings/types';
import type { BookingStatus, PaymentStatus } from '#shared/bookings/schemas';
import type { BookingFee } from '#shared/bookings/visit';
import { ddb, table } from './dynamo';
import { queryPage, strip, type Item, type TransactItem } from './core';
import { aboutPartition } from './patients';
import { normaliseEmail } from '#shared/patients/normalise';
import { failuresCondition, type RefundClock } from './refund-failures';

/** The stored booking: its own fields, the organisation, and the Checkout link of a held place. */
export interface BookingRecord extends BookingFields, RefundClock {
  orgId: string;
  /** The fee (shared/bookings/visit.ts) with what it keeps of Stripe's refund events of its own payment. */
  fee?: (BookingFee & RefundClock) | null;
  checkoutUrl: string | null;
  /** The day whose report figures count this booking (set when it is confirmed; data/reports.ts). */
  reportDay?: string | null;
  /** The practitioner whose report figures count it on `reportDay` (set with it; absent before those figures existed). */
  reportPractitionerId?: string | null;
  /** While held: the claims counting this hold (data/hold-claims.ts), given back with it. */
  holdClaims?: string[] | null;
  /**
   * While held: the SHA-256 (hex) of the release tokens its patient was given (the one in Checkout's
   * cancel address, and one per page that took the hold over), never the tokens themselves.
   */
  releaseTokenHashes?: string[] | null;
}

export const bookingKey = (orgId: string, id: string) => ({ pk: `ORG#${orgId}#BOOKING#${id}`, sk: 'BOOKING' });
export const bookingsPk = (orgId: string) => `ORG#${orgId}#BOOKINGS`;
export const packageBookingsPk = (orgId: string, packageId: string) => `ORG#${orgId}#BOOKINGS#PKG#${packageId}`;
export const paymentBookingsPk = (orgId: string, state: PaymentStatus) => `ORG#${orgId}#BOOKINGS#PAY#${state}`;

// Get a booking of an organisation by id (strongly consistent: state moves are decided on it).
export async function getBooking(orgId: string, id: string): Promise<BookingRecord | undefined> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return undefined;
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: bookingKey(orgId, id), ConsistentRead: true }));
  return strip<BookingRecord>(out.Item);
}

/** The Put of a new booking, for the transaction that holds its place. */
export function putNewBookingItem(b: BookingRecord): TransactItem {
  const sort = `${b.startUtc}#${b.id}`;
  return {
    Put: {
      TableName: table(),
      Item: {
        ...bookingKey(b.orgId, b.id),
        gsi1pk: bookingsPk(b.orgId),
        gsi1sk: sort,
        gsi2pk: packageBookingsPk(b.orgId, b.packageId),
        gsi2sk: sort,
        gsi3pk: paymentBookingsPk(b.orgId, b.paymentStatus),
        gsi3sk: sort,
        // A hold never paid is in no patient's record: erasing the patient finds it by their email.
        ...(normaliseEmail(b.email) ? { gsi4pk: aboutPartition(b.orgId, normaliseEmail(b.email)!), gsi4sk: `${b.createdAt}#${b.id}` } : {}),
        ...b,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export interface MoveCondition {
  status?: readonly BookingStatus[];
  paymentStatus?: readonly PaymentStatus[];
  /** Only while the hold has run out (releasing expired holds). */
  holdExpiredBy?: string;
  /** Only while less than this was refunded (refund events may arrive out of order). */
  refundedBelow?: number;
  /** Only while the refunds recorded are still these (null: none): what a refund adds is counted once. */
  refundedWas?: number | null;
  /** Only while this many refund failures are recorded on it (with refundedWas, its refunds as read). */
  failuresWas?: number;
  /** Only while the booking is still at this time (a move decided on it). */
  startUtc?: string;
  /** Only while no attendance (attended, no-show) is recorded: a staff cancel must not rewrite how a visit went. */
  noAttendance?: boolean;
}

/**
 * The Update moving a booking to new field values, guarded by its current state; fails (condition)
 * when the booking is in another state, so each move happens once. The payment index follows
 * `paymentStatus`.
 */
export function moveBookingItem(b: Pick<BookingRecord, 'orgId' | 'id'>, when: MoveCondition, changes: Partial<Omit<BookingRecord, 'id' | 'orgId'>>): TransactItem {
  const fields: Record<string, unknown> = { ...changes };
  if (changes.paymentStatus) fields.gsi3pk = paymentBookingsPk(b.orgId, changes.paymentStatus);
  // A moved booking sorts by its new time in every index.
  if (changes.startUtc) fields.gsi1sk = fields.gsi2sk = fields.gsi3sk = `${changes.startUtc}#${b.id}`;
  const update = guardedBookingUpdate(b, fields, when.status);
  const { names, values, conditions } = update;
  if (when.paymentStatus) {
    names['#pay'] = 'paymentStatus';
    when.paymentStatus.forEach((s, i) => (values[`:p${i}`] = s));
    conditions.push(`#pay IN (${when.paymentStatus.map((_, i) => `:p${i}`).join(', ')})`);
  }
  if (when.holdExpiredBy) {
    values[':now'] = when.holdExpiredBy;
    conditions.push('holdExpiresAt <= :now');
  }
  if (when.startUtc) {
    names['#start'] = 'startUtc';
    values[':start'] = when.startUtc;
    conditions.push('#start = :start');
  }
  if (when.refundedBelow !== undefined) {
    values[':refunded'] = when.refundedBelow;
    values[':nullType'] = 'NULL';
    conditions.push('(attribute_not_exists(refundedCents) OR attribute_type(refundedCents, :nullType) OR refundedCents < :refunded)');
  }
  if (when.noAttendance) {
    values[':nullType'] = 'NULL';
    conditions.push('(attribute_not_exists(attendance) OR attribute_type(attendance, :nullType))');
  }
  if (when.failuresWas !== undefined) {
    const failures = failuresCondition(when.failuresWas);
    Object.assign(values, failures.values);
    conditions.push(failures.condition);
  }
  if (when.refundedWas) {
    values[':was'] = when.refundedWas;
    conditions.push('refundedCents = :was');
  } else if (when.refundedWas !== undefined) {
    values[':nullType'] = 'NULL';
    values[':zero'] = 0;
    conditions.push('(attribute_not_exists(refundedCents) OR attribute_type(refundedCents, :nullType) OR refundedCents = :zero)');
  }
  return update.item();
}

/**
 * A conditional Update of a booking being built: SET `fields` (undefined ones left alone), on
 * condition that the booking exists and (with `status`) is in one of those states. The caller adds
 * its own conditions to `names`, `values` and `conditions`, then takes the `item()`. One builder for
 * every guarded booking write (moves here, the after-the-visit fields in ./booking-visit.ts).
 */
export function guardedBookingUpdate(b: Pick<BookingRecord, 'orgId' | 'id'>, fields: Record<string, unknown>, status?: readonly BookingStatus[]) {
  const entries = Object.entries(fields).filter(([, v]) => v !== undefined);
  const names: Record<string, string> = Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k]));
  const values: Record<string, unknown> = Object.fromEntries(entries.map(([, v], i) => [`:f${i}`, v]));
  const conditions = ['attribute_exists(pk)'];
  if (status) {
    names['#status'] = 'status';
    status.forEach((s, i) => (values[`:s${i}`] = s));
    conditions.push(`#status IN (${status.map((_, i) => `:s${i}`).join(', ')})`);
  }
  const item = (): TransactItem => ({
    Update: {
      TableName: table(),
      Key: bookingKey(b.orgId, b.id),
      UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  });
  return { names, values, conditions, item };
}

export interface BookingQuery {
  limit: number;
  cursor?: string;
  /** UTC instants bounding the booking time: [fromUtc, toUtc). */
  fromUtc?: string;
  toUtc?: string;
  packageId?: string;
  status?: BookingStatus;
  paymentStatus?: PaymentStatus;
  order: 'asc' | 'desc';
}

// An organisation's bookings by booking time, one page: by payment state (gsi3), by package (gsi2) or
// all (gsi1); the other filters are applied to what the chosen index returns.
export async function listBookingsPage(orgId: string, q: BookingQuery): Promise<Page<BookingRecord>> {
  const [index, partition] = q.paymentStatus
    ? (['gsi3', paymentBookingsPk(orgId, q.paymentStatus)] as const)
    : q.packageId
      ? (['gsi2', packageBookingsPk(orgId, q.packageId)] as const)
      : (['gsi1', bookingsPk(orgId)] as const);
  const pkName = `${index}pk`;
  const skName = `${index}sk`;
  const match =
    (q.paymentStatus && q.packageId) || q.status
      ? (item: Item) => (!q.packageId || item.packageId === q.packageId) && (!q.status || item.status === q.status)
      : undefined;
  const page = await queryPage<Item>(
    {
      TableName: table(),
      IndexName: index,
      KeyConditionExpression: `${pkName} = :pk AND ${skName} BETWEEN :from AND :to`,
      // A sort key is <startUtc>#<id>: '0' sorts before every instant, and an instant alone before
      // every key that starts with it, so `toUtc` itself is excluded.
      ExpressionAttributeValues: { ':pk': partition, ':from': q.fromUtc ?? '0', ':to': q.toUtc ?? '9999' },
      ScanIndexForward: q.order === 'asc',
    },
    { limit: q.limit, cursor: q.cursor, keys: [pkName, skName, 'pk', 'sk'], partitionValue: partition, match },
  );
  return { items: page.items.map((i) => strip<BookingRecord>(i)!), nextCursor: page.nextCursor };
}

// An organisation's bookings starting in [fromUtc, toUtc), earliest first, read page by page (the
// calendar); at most `max`, `truncated` when there were more.
export async function bookingsBetween(orgId: string, fromUtc: string, toUtc: string, max: number): Promise<{ items: BookingRecord[]; truncated: boolean }> {
  const items: BookingRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await listBookingsPage(orgId, { limit: 100, cursor, fromUtc, toUtc, order: 'asc' });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && items.length <= max);
  return { items: items.slice(0, max), truncated: items.length > max };
}

/** A condition that the booking is still confirmed at `startUtc`, for a transaction acting on that (a reminder). */
export function bookingStillAtItem(b: Pick<BookingRecord, 'orgId' | 'id' | 'startUtc'>): TransactItem {
  return {
    ConditionCheck: {
      TableName: table(),
      Key: bookingKey(b.orgId, b.id),
      ConditionExpression: '#status = :confirmed AND startUtc = :start',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':confirmed': 'confirmed', ':start': b.startUtc },
    },
  };
}
