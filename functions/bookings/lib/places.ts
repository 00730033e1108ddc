// Holding, confirming and giving back places in booking slots. Every move is ONE transaction of the
// booking's state change (guarded by its current state), the hold item and the slot's counters, so
// the counters can never drift from the bookings:
//   hold      new booking 'held'      + hold item  + slot taken+1 held+1   (condition taken < capacity)
//   confirm   'held' -> 'confirmed'   - hold item  + slot held-1 confirmed+1 + dashboard bookings+1
//   release   'held' -> expired/cancelled - hold item + slot taken-1 held-1
//   cancel    'confirmed' -> cancelled               + slot taken-1 confirmed-1 (future slots) + bookings-1
// Confirming also counts the booking in the report figures of its day (data/reports.ts; the booking
// keeps that day as `reportDay`), cancelling moves it to that day's cancelled figure; `report` adds the
// payment's own figures (received, refunded) to the same transaction.
// Each move also writes its webhook event (booking.held, .confirmed, .cancelled, .rescheduled; ./events.ts)
// in its transaction, under an id derived from the booking (and its move number), when an endpoint wants it.
// When a slot looks full, holds whose time ran out are released first (DynamoDB TTL is not prompt
// enough to be relied on), then the hold is tried once more.
import { moveBookingItem, putNewBookingItem, type BookingRecord } from '../../data/bookings';
import { cancellationCodes, TransactionFailure, transact, tryTransact, type TransactItem } from '../../data/core';
import { confirmPlaceItem, deleteHoldItem, listHoldsOfSlot, putHoldItem, releasePlaceItem, takePlaceItem } from '../../data/holds';
import { counterUpdate } from '../../data/organizations';
import { reportItems, type ReportDelta } from '../../data/reports';
import { bookingEventItems } from './events';

/** Thrown by holdPlace when every place of the slot is taken. */
export class SlotFullError extends Error {
  constructor() {
    super('slot full');
    this.name = 'SlotFullError';
  }
}

const slotOf = (b: BookingRecord) => ({ startUtc: b.startUtc, date: b.bookingDate, time: b.bookingTime, timeZone: b.timeZone });

/** Holds a place for a new 'held' booking, or throws SlotFullError. */
export async function holdPlace(booking: BookingRecord, capacity: number, now = new Date()): Promise<void> {
  const event = await bookingEventItems('booking.held', booking, `booking-held-${booking.id}`, booking.createdAt);
  const items = () => [
    takePlaceItem(booking.orgId, slotOf(booking), capacity, 'held'),
    putHoldItem({ orgId: booking.orgId, bookingId: booking.id, startUtc: booking.startUtc, holdExpiresAt: booking.holdExpiresAt! }),
    putNewBookingItem(booking),
    ...event,
  ];
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await transact(items());
      return;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes[0] !== 'ConditionalCheckFailed') throw error;
      if (attempt > 0 || (await releaseExpiredHolds(booking.orgId, booking.startUtc, now)) === 0) break;
    }
  }
  throw new SlotFullError();
}

/** Releases the holds of a slot whose time has run out; returns how many places came free. */
export async function releaseExpiredHolds(orgId: string, startUtc: string, now = new Date()): Promise<number> {
  const nowIso = now.toISOString();
  const expired = (await listHoldsOfSlot(orgId, startUtc)).filter((h) => h.holdExpiresAt <= nowIso);
  let released = 0;
  for (const hold of expired) {
    const done = await tryTransact([
      moveBookingItem({ orgId, id: hold.bookingId }, { status: ['held'], holdExpiredBy: nowIso }, { status: 'expired', paymentStatus: 'unpaid', holdExpiresAt: null, expiredAt: nowIso, updatedAt: nowIso }),
      deleteHoldItem(orgId, hold.startUtc, hold.bookingId),
      releasePlaceItem(orgId, hold.startUtc, 'held'),
    ]);
    if (done) released++;
  }
  return released;
}

// Each move below takes `also`: the rows that must be written if and only if the move happens (outbox
// mails and notices, audit entries), in its transaction, after the move's own items.

/** The report figures of a booking confirmed: counted on the day it is for. */
const confirmedReport = (b: BookingRecord, report: readonly ReportDelta[]) => reportItems(b.orgId, [{ day: b.bookingDate, figure: 'bookings:confirmed', by: 1 }, ...report]);

/** 'held' -> 'confirmed' with the payment, once. False when the booking was not held. */
export async function confirmHeld(b: BookingRecord, payment: Partial<BookingRecord>, at: string, also: TransactItem[] = [], report: readonly ReportDelta[] = []): Promise<boolean> {
  const changes: Partial<BookingRecord> = { ...payment, status: 'confirmed', paymentStatus: 'paid', holdExpiresAt: null, confirmedAt: at, updatedAt: at, reportDay: b.bookingDate };
  const event = await bookingEventItems('booking.confirmed', { ...b, ...changes }, `booking-confirmed-${b.id}`, at);
  return tryTransact([
    moveBookingItem(b, { status: ['held'] }, changes),
    deleteHoldItem(b.orgId, b.startUtc, b.id),
    confirmPlaceItem(b.orgId, b.startUtc),
    counterUpdate(b.orgId, 'bookings', 1),
    ...confirmedReport(b, report),
    ...also,
    ...event,
  ]);
}

/**
 * Paid after the hold was released ('expired'): takes a place again if one is free ('confirmed'),
 * 'full' when none is, 'state' when the booking is no longer expired.
 */
export async function reinstateExpired(
  b: BookingRecord,
  capacity: number,
  payment: Partial<BookingRecord>,
  at: string,
  also: TransactItem[] = [],
  report: readonly ReportDelta[] = [],
): Promise<'confirmed' | 'full' | 'state'> {
  const changes: Partial<BookingRecord> = { ...payment, status: 'confirmed', paymentStatus: 'paid', confirmedAt: at, updatedAt: at, reportDay: b.bookingDate };
  const event = await bookingEventItems('booking.confirmed', { ...b, ...changes }, `booking-confirmed-${b.id}`, at);
  try {
    await transact([
      takePlaceItem(b.orgId, slotOf(b), capacity, 'confirmed'),
      moveBookingItem(b, { status: ['expired'] }, changes),
      counterUpdate(b.orgId, 'bookings', 1),
      ...confirmedReport(b, report),
      ...also,
      ...event,
    ]);
    return 'confirmed';
  } catch (error) {
    if (!(error instanceof TransactionFailure)) throw error;
    if (error.failedAt(1)) return 'state';
    if (error.failedAt(0)) return 'full';
    if (error.conditionFailed) return 'state'; // a row of `also` exists: this move was made already
    throw error;
  }
}

/** 'held' -> 'expired' (checkout expired) or 'cancelled' (staff), giving the place back. False when not held. */
export async function releaseHeld(b: BookingRecord, to: 'expired' | 'cancelled', at: string, extra: Partial<BookingRecord> = {}, also: TransactItem[] = []): Promise<boolean> {
  const changes: Partial<BookingRecord> = { ...extra, status: to, paymentStatus: 'unpaid', holdExpiresAt: null, ...(to === 'expired' ? { expiredAt: at } : { cancelledAt: at }), updatedAt: at };
  // A hold that runs out is no cancellation: only staff cancelling a held booking tells the endpoints.
  const event = to === 'cancelled' ? await bookingEventItems('booking.cancelled', { ...b, ...changes }, `booking-cancelled-${b.id}`, at) : [];
  return tryTransact([
    moveBookingItem(b, { status: ['held'] }, changes),
    deleteHoldItem(b.orgId, b.startUtc, b.id),
    releasePlaceItem(b.orgId, b.startUtc, 'held'),
    ...also,
    ...event,
  ]);
}

/**
 * 'confirmed' -> 'cancelled' (staff, or a full refund), giving the place back when the slot is still
 * ahead. `paymentStatus` must be one of `fromPayment` (when given). False when not confirmed.
 */
export async function cancelConfirmed(
  b: BookingRecord,
  at: string,
  changes: Partial<BookingRecord>,
  options: { fromPayment?: BookingRecord['paymentStatus'][]; refundedBelow?: number; refundedWas?: number | null; also?: TransactItem[]; now?: Date; report?: readonly ReportDelta[] } = {},
): Promise<boolean> {
  const future = Date.parse(b.startUtc) > (options.now ?? new Date()).getTime();
  // Counted when it was confirmed (since reports exist): it moves to its day's cancelled figure.
  const counted: ReportDelta[] = b.reportDay
    ? [
        { day: b.reportDay, figure: 'bookings:confirmed', by: -1 },
        { day: b.reportDay, figure: 'bookings:cancelled', by: 1 },
      ]
    : [];
  const cancelled: Partial<BookingRecord> = { ...changes, status: 'cancelled', cancelledAt: at, updatedAt: at };
  const event = await bookingEventItems('booking.cancelled', { ...b, ...cancelled }, `booking-cancelled-${b.id}`, at);
  return tryTransact([
    moveBookingItem(b, { status: ['confirmed'], paymentStatus: options.fromPayment, refundedBelow: options.refundedBelow, refundedWas: options.refundedWas }, cancelled),
    ...(future ? [releasePlaceItem(b.orgId, b.startUtc, 'confirmed')] : []),
    counterUpdate(b.orgId, 'bookings', -1),
    ...reportItems(b.orgId, [...counted, ...(options.report ?? [])]),
    ...(options.also ?? []),
    ...event,
  ]);
}

/** A guarded change of a booking's fields alone (no place moves). False when its state differs. */
export function updateBooking(b: BookingRecord, when: Parameters<typeof moveBookingItem>[1], changes: Partial<BookingRecord>, also: TransactItem[] = []): Promise<boolean> {
  return tryTransact([moveBookingItem(b, when, changes), ...also]);
}

/** Where a confirmed booking moves to: the slot (as findSlot gives it) and its length. */
export interface NewTime {
  startUtc: string;
  endUtc: string;
  date: string;
  time: string;
  timeZone: string;
  durationMinutes: number;
}

/**
 * Moves a confirmed booking to another slot in ONE transaction: the new slot's place is taken (with
 * its capacity condition) before the old one is given back, and the booking changes only while it is
 * still confirmed at the time the move was decided on. So a move never double-books, two moves of one
 * booking cannot both release its old place, and a failed move leaves everything as it was.
 * 'full' when the new slot has no free place (after releasing expired holds), 'state' when the
 * booking changed meanwhile.
 */
export async function moveConfirmed(b: BookingRecord, to: NewTime, capacity: number, at: string, also: TransactItem[] = [], now = new Date()): Promise<'moved' | 'full' | 'state'> {
  // A counted booking is counted on the day it takes place: it moves to its new day in the reports.
  const recount = Boolean(b.reportDay && b.reportDay !== to.date);
  const moved: Partial<BookingRecord> = {
    bookingDate: to.date, bookingTime: to.time, timeZone: to.timeZone, startUtc: to.startUtc, endUtc: to.endUtc, durationMinutes: to.durationMinutes,
    sequence: (b.sequence ?? 0) + 1, updatedAt: at, ...(recount ? { reportDay: to.date } : {}),
  };
  const event = await bookingEventItems('booking.rescheduled', { ...b, ...moved }, `booking-rescheduled-${b.id}-${moved.sequence}`, at);
  const items = () => [
    takePlaceItem(b.orgId, { startUtc: to.startUtc, date: to.date, time: to.time, timeZone: to.timeZone }, capacity, 'confirmed'),
    moveBookingItem(b, { status: ['confirmed'], startUtc: b.startUtc }, moved),
    releasePlaceItem(b.orgId, b.startUtc, 'confirmed'),
    ...(recount
      ? reportItems(b.orgId, [
          { day: b.reportDay!, figure: 'bookings:confirmed', by: -1 },
          { day: to.date, figure: 'bookings:confirmed', by: 1 },
        ])
      : []),
    ...also,
    ...event,
  ];
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await transact(items());
      return 'moved';
    } catch (error) {
      if (!(error instanceof TransactionFailure)) throw error;
      if (error.failedAt(1)) return 'state';
      if (!error.failedAt(0)) throw error;
      if (attempt > 0 || (await releaseExpiredHolds(b.orgId, to.startUtc, now)) === 0) break;
    }
  }
  return 'full';
}
