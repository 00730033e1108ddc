// Domain: bookings. A booking's life: its place in a slot, held, confirmed, moved and given back
// (places: every write that takes or frees a time is here), moves (move), what staff see (views), its
// mails and calendar file (mail, ics), manage links, reminders, webhook events, the hold sweep and
// Stripe's booking events (payment-consumer). Used by bookings/, manage/, availability/, calendar/,
// appointments/ (manage links), outbox/ (sweeps) and the payments registry.
//
// Holding, confirming and giving back places in booking slots. Every move is ONE transaction of the
// booking's state change (guarded by its current state), the hold item and the slot's counters, so
// the counters can never drift from the bookings:
//   hold      new booking 'held'      + hold item  + slot taken+1 held+1   (condition taken < capacity)
//   confirm   'held' -> 'confirmed'   - hold item  + slot held-1 confirmed+1 + dashboard bookings+1
//   release   'held' -> expired/cancelled - hold item + slot taken-1 held-1
//   cancel    'confirmed' -> cancelled               + slot taken-1 confirmed-1 (future slots) + bookings-1
// Confirming also counts the booking in the report figures of its day (data/reports.ts; the booking
// keeps that day as `reportDay`), cancelling moves it to that day's cancelled figure; `report` adds the
// payment's own figures (received, refunded) to the same transaction. A booking with a practitioner
// also counts in their figures (bookings and minutes; `reportPractitionerId`), taken away when it is
// cancelled and moved with it to another day or practitioner.
// Each move also writes its webhook event (booking.held, .confirmed, .cancelled, .rescheduled; ./events.ts)
// in its transaction, under an id derived from the booking (and its move number), when an endpoint wants it,
// and its domain events (data/events.ts: time-freed for every place given back, booking-confirmed,
// appointment-cancelled): this file is the one place a booking's time is freed.
// A hold also counts in its claims (data/hold-claims.ts: one unpaid hold per email and per phone, a few
// per client network, a share of the day): added in the hold's transaction, taken out in every move out
// of 'held' (the booking keeps their keys as `holdClaims`).
// When a slot or a claim looks full, holds whose time ran out are released first (expireLapsedHold:
// their Checkout Session is expired at Stripe, then the guarded release; the sweep of
// ./hold-sweep.ts does the same every minute), then the hold is tried once more.
// A booking with a practitioner takes that person's time instead of a place in a slot: the 5-minute
// blocks of its span (buffers included, data/practitioners.ts) are taken, given back or moved in the
// same transactions, so no two things are ever in one person's time.
import { getBooking, moveBookingItem, putNewBookingItem, type BookingRecord } from '../../data/bookings';
import { cancellationCodes, retryOnConflict, TransactionFailure, TRY_AGAIN, transact, tryTransact, type TransactItem } from '../../data/core';
import { HttpError } from '#lib/errors';
import { log } from '#lib/log';
import { expireCheckoutSession, retrieveCheckoutSession } from '#lib/stripe';
import { claimHolders, giveClaimItem, takeClaimItem, type HoldClaim } from '../../data/hold-claims';
import { confirmPlaceItem, deleteHoldItem, listHoldsBetween, listHoldsOfSlot, putHoldItem, releasePlaceItem, takePlaceItem } from '../../data/holds';
import { counterUpdate } from '../../data/organizations';
import { timeChangeItems, type TimeOwner } from '../../data/practitioners';
import { busySpan } from '#shared/bookings/practitioner-times';
import { practitionerBookingDeltas, reportItems, type ReportDelta } from '../../data/reports';
import { bookingEventItems } from './events';
import { bookingCancelledItems, bookingConfirmedItems, bookingTimeFreedItems, holdEndedItems } from '../../data/events';

/** Thrown by holdPlace when every place of the slot is taken. */
export class SlotFullError extends Error {
  constructor() {
    super('slot full');
    this.name = 'SlotFullError';
  }
}

/** Thrown by holdPlace when a claim counts as many unpaid holds as it may: `holders` are those holds. */
export class ClaimFullError extends Error {
  constructor(
    readonly claim: HoldClaim,
    readonly holders: string[],
  ) {
    super(`hold claim full: ${claim.kind}`);
    this.name = 'ClaimFullError';
  }
}

/** The items taking a hold out of its claims. */
const giveClaims = (b: Pick<BookingRecord, 'orgId' | 'id' | 'holdClaims'>): TransactItem[] => (b.holdClaims ?? []).map((sk) => giveClaimItem(b.orgId, sk, b.id));

const slotOf = (b: BookingRecord) => ({ startUtc: b.startUtc, date: b.bookingDate, time: b.bookingTime, timeZone: b.timeZone });

type Placed = Pick<BookingRecord, 'orgId' | 'id' | 'startUtc' | 'endUtc' | 'practitionerId' | 'bufferBeforeMinutes' | 'bufferAfterMinutes'>;
const ownerOf = (b: Pick<BookingRecord, 'id'>): TimeOwner => `booking:${b.id}`;
const spanOf = (b: Placed) => busySpan(b.startUtc, b.endUtc, b.bufferBeforeMinutes, b.bufferAfterMinutes);

/** The items taking a booking's place: its practitioner's time, or a place in its slot (condition: free). Also a series' visits (domain/series/take.ts). */
export function takeItems(b: BookingRecord, capacity: number, kind: 'held' | 'confirmed'): TransactItem[] {
  if (b.practitionerId) return timeChangeItems(b.orgId, b.practitionerId, ownerOf(b), { take: spanOf(b) });
  return [takePlaceItem(b.orgId, slotOf(b), capacity, kind)];
}

/** The items giving a booking's place back. */
function giveItems(b: Placed, kind: 'held' | 'confirmed'): TransactItem[] {
  if (b.practitionerId) return timeChangeItems(b.orgId, b.practitionerId, ownerOf(b), { give: spanOf(b) });
  return [releasePlaceItem(b.orgId, b.startUtc, kind)];
}

/** Whether any of the first `count` items of a failed transaction failed its condition. */
const failedWithin = (error: TransactionFailure, count: number) => Array.from({ length: count }, (_, i) => i).some((i) => error.failedAt(i));

/**
 * Holds a place for a new 'held' booking counted in `claims` (its `holdClaims` are set from them), or
 * throws SlotFullError (no place) or ClaimFullError (a claim counts its cap of unpaid holds). `also`:
 * rows written if and only if the hold is (a waitlist's offer); one that fails its condition fails the hold.
 */
export async function holdPlace(booking: BookingRecord, capacity: number, now = new Date(), claims: readonly HoldClaim[] = [], also: readonly TransactItem[] = []): Promise<void> {
  booking.holdClaims = claims.length ? claims.map((c) => c.sk) : null;
  const event = await bookingEventItems('booking.held', booking, `booking-held-${booking.id}`, booking.createdAt);
  const take = takeItems(booking, capacity, 'held');
  const items = () => [
    ...take,
    ...claims.map((c) => takeClaimItem(booking.orgId, c, booking.id, booking.holdExpiresAt!)),
    putHoldItem({ orgId: booking.orgId, bookingId: booking.id, startUtc: booking.startUtc, holdExpiresAt: booking.holdExpiresAt!, ...(booking.practitionerId ? { practitionerId: booking.practitionerId } : {}) }),
    putNewBookingItem(booking),
    ...event,
    ...also,
  ];
  // Each failure may free something once (a lapsed hold of the slot, then of a claim): a few tries at most.
  await retryOnConflict<void>(
    async () => {
      try {
        await transact(items());
        return;
      } catch (error) {
        const codes = cancellationCodes(error);
        if (codes.slice(0, take.length).includes('ConditionalCheckFailed')) {
          const freed = booking.practitionerId
            ? await releaseLapsedHolds(booking.orgId, spanOf(booking), now)
            : await releaseExpiredHolds(booking.orgId, booking.startUtc, now);
          if (freed === 0) throw new SlotFullError();
          return TRY_AGAIN;
        }
        const full = claims.findIndex((_, i) => codes[take.length + i] === 'ConditionalCheckFailed');
        if (full < 0) throw error;
        const claim = claims[full];
        const holders = await claimHolders(booking.orgId, claim.sk);
        let freed = 0;
        for (const id of holders) {
          const holder = await getBooking(booking.orgId, id);
          if (holder?.status === 'held' && (await expireLapsedHold(holder, now))) freed++;
          // A holder that is no longer held (a move from before claims existed): its id only is left.
          else if (holder && holder.status !== 'held' && (await tryTransact([giveClaimItem(booking.orgId, claim.sk, id)]))) freed++;
        }
        if (freed === 0) throw new ClaimFullError(claim, holders);
        return TRY_AGAIN;
      }
    },
    { attempts: 3, exhausted: () => new SlotFullError() },
  );
}

/**
 * Ends a hold whose time ran out: its Checkout Session is expired at Stripe first (so it cannot be paid
 * any more; idempotent by the booking), then ONE guarded move releases the place and its claims. A
 * session Stripe reports paid keeps its hold (the payment's event confirms it). When Stripe cannot be
 * reached the hold is released all the same: a payment that still lands goes the way of a payment after
 * the hold (payment-consumer.ts: the place taken again if free, else flagged for a refund).
 * True when the hold is gone (released here, or by the session's expired event meanwhile).
 */
export async function expireLapsedHold(b: BookingRecord, now = new Date()): Promise<boolean> {
  const nowIso = now.toISOString();
  if (b.status !== 'held' || !b.holdExpiresAt || b.holdExpiresAt > nowIso) return false;
  // A lapsed hold is released even when Stripe does not answer: its time is over (the session ends by itself at 31 minutes).
  if (b.stripeSessionId && (await closeCheckout(b)) === 'paid') return false;
  const released = await tryTransact([
    moveBookingItem(b, { status: ['held'], holdExpiredBy: nowIso }, { status: 'expired', paymentStatus: 'unpaid', holdExpiresAt: null, holdClaims: null, expiredAt: nowIso, updatedAt: nowIso }),
    deleteHoldItem(b.orgId, b.startUtc, b.id),
    ...giveItems(b, 'held'),
    ...giveClaims(b),
    ...holdEndedItems(b, nowIso),
  ]);
  if (released) return true;
  // Stripe's checkout.session.expired (sent as the session is expired) may have released it first.
  return (await getBooking(b.orgId, b.id))?.status === 'expired';
}

/**
 * The patient gives their hold back before its time (Checkout cancelled, or another time chosen): as
 * expireLapsedHold, its Checkout Session is expired at Stripe first, so it cannot be paid after its time
 * went to someone else, then ONE guarded move releases the place and its claims ('expired': a payment
 * that still lands goes the way of a late payment, payment-consumer.ts). Idempotent: a booking no longer
 * held is left as it is. 'paid' when the booking is confirmed, or Stripe reports its session paid (the
 * payment's event confirms it); 'released' when the hold is gone.
 */
export async function giveBackHold(b: BookingRecord, now = new Date()): Promise<'released' | 'paid'> {
  if (b.status === 'confirmed') return 'paid';
  // Expired, cancelled or refunded: nothing is held any more.
  if (b.status !== 'held') return 'released';
  if (b.paymentStatus !== 'pending' && b.paymentStatus !== 'unpaid') return 'paid';
  if (b.stripeSessionId) {
    const checkout = await closeCheckout(b);
    if (checkout === 'paid') return 'paid';
    // Its Checkout may still be open: releasing the time now could let it be paid after someone else
    // took it. The hold stays and lapses as any hold does (the sweep expires it), and the page retries.
    if (checkout === 'unknown') throw new HttpError(503, 'The payment service is not answering. Please try again in a moment.', undefined, { 'Retry-After': '5' });
  }
  if (await releaseHeld(b, 'expired', now.toISOString())) return 'released';
  // Moved meanwhile: by the session's expired event (sent as it is expired), or by its payment.
  const fresh = await getBooking(b.orgId, b.id);
  if (!fresh) return 'released';
  if (fresh.status === 'held') throw new Error(`The hold of booking ${b.id} could not be given back`);
  return giveBackHold(fresh, now);
}

/** 'unknown': Stripe answered neither the expiry nor the read-back, so the session may still be open. */
async function closeCheckout(b: BookingRecord): Promise<'closed' | 'paid' | 'unknown'> {
  const id = b.stripeSessionId!;
  try {
    await expireCheckoutSession(id, `expire-hold-${b.orgId}-${b.id}`);
    return 'closed';
  } catch {
    // Refused: expired already, paid meanwhile, or Stripe not answering. Ask which.
    const session = await retrieveCheckoutSession(id).catch(() => undefined);
    if (session?.status === 'complete') return 'paid';
    if (session?.status === 'expired') return 'closed';
    log.warn('A hold\'s checkout could not be expired at Stripe', { orgId: b.orgId, bookingId: b.id });
    return 'unknown';
  }
}

/** Releases the holds of a slot whose time has run out; returns how many places came free. */
export async function releaseExpiredHolds(orgId: string, startUtc: string, now = new Date()): Promise<number> {
  const nowIso = now.toISOString();
  // A practitioner booking's hold gives back its own time (releaseLapsedHolds), not a slot's place.
  const expired = (await listHoldsOfSlot(orgId, startUtc)).filter((h) => h.holdExpiresAt <= nowIso && !h.practitionerId);
  let released = 0;
  for (const hold of expired) {
    const booking = await getBooking(orgId, hold.bookingId);
    if (booking && (await expireLapsedHold(booking, now))) released++;
  }
  return released;
}

/**
 * Releases the holds whose time ran out among those near a practitioner span (holds are keyed by their
 * start; a span's neighbours start within a day of it); returns how many were released. Each release
 * gives back that booking's own blocks, whoever's they are.
 */
export async function releaseLapsedHolds(orgId: string, span: { startMs: number; endMs: number }, now = new Date()): Promise<number> {
  const day = 86_400_000;
  const nowIso = now.toISOString();
  const holds = (await listHoldsBetween(orgId, new Date(span.startMs - day).toISOString(), new Date(span.endMs + day).toISOString())).filter((h) => h.holdExpiresAt <= nowIso);
  let released = 0;
  for (const hold of holds) {
    const booking = await getBooking(orgId, hold.bookingId);
    if (booking?.status === 'held' && booking.holdExpiresAt! <= nowIso && (await expireLapsedHold(booking, now))) released++;
  }
  return released;
}

// Each move below takes `also`: the rows that must be written if and only if the move happens (outbox
// mails and notices, audit entries), in its transaction, after the move's own items.

/** What confirming records of the counting: the day, and the practitioner whose figures count it. */
const countedOn = (b: BookingRecord): Partial<BookingRecord> => ({ reportDay: b.bookingDate, ...(b.practitionerId ? { reportPractitionerId: b.practitionerId } : {}) });

/** The report figures of a booking confirmed: counted on the day it is for (and in its practitioner's). */
const confirmedReport = (b: BookingRecord, report: readonly ReportDelta[]) =>
  reportItems(b.orgId, [{ day: b.bookingDate, figure: 'bookings:confirmed', by: 1 }, ...practitionerBookingDeltas({ ...b, ...countedOn(b) }, 1), ...report]);

/** 'held' -> 'confirmed' with the payment (or, with paymentStatus 'unpaid', nothing due online), once. False when the booking was not held. */
export async function confirmHeld(b: BookingRecord, payment: Partial<BookingRecord>, at: string, also: TransactItem[] = [], report: readonly ReportDelta[] = []): Promise<boolean> {
  // Nothing due online (paid at the clinic, a card held): `payment` says 'unpaid'.
  const changes: Partial<BookingRecord> = { ...payment, status: 'confirmed', paymentStatus: payment.paymentStatus ?? 'paid', holdExpiresAt: null, holdClaims: null, confirmedAt: at, updatedAt: at, ...countedOn(b) };
  const event = [...(await bookingEventItems('booking.confirmed', { ...b, ...changes }, `booking-confirmed-${b.id}`, at)), ...bookingConfirmedItems({ ...b, ...changes }, at)];
  return tryTransact([
    moveBookingItem(b, { status: ['held'] }, changes),
    deleteHoldItem(b.orgId, b.startUtc, b.id),
    // A practitioner's blocks stay as they are: held or confirmed, the time is theirs.
    ...(b.practitionerId ? [] : [confirmPlaceItem(b.orgId, b.startUtc)]),
    ...giveClaims(b),
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
  const changes: Partial<BookingRecord> = { ...payment, status: 'confirmed', paymentStatus: 'paid', confirmedAt: at, updatedAt: at, ...countedOn(b) };
  const event = [...(await bookingEventItems('booking.confirmed', { ...b, ...changes }, `booking-confirmed-${b.id}`, at)), ...bookingConfirmedItems({ ...b, ...changes }, at)];
  const take = takeItems(b, capacity, 'confirmed');
  try {
    await transact([
      ...take,
      moveBookingItem(b, { status: ['expired'] }, changes),
      counterUpdate(b.orgId, 'bookings', 1),
      ...confirmedReport(b, report),
      ...also,
      ...event,
    ]);
    return 'confirmed';
  } catch (error) {
    if (!(error instanceof TransactionFailure)) throw error;
    if (error.failedAt(take.length)) return 'state';
    if (failedWithin(error, take.length)) return 'full';
    if (error.conditionFailed) return 'state'; // a row of `also` exists: this move was made already
    throw error;
  }
}

/** 'held' -> 'expired' (checkout expired) or 'cancelled' (staff), giving the place back. False when not held. */
export async function releaseHeld(b: BookingRecord, to: 'expired' | 'cancelled', at: string, extra: Partial<BookingRecord> = {}, also: TransactItem[] = []): Promise<boolean> {
  const changes: Partial<BookingRecord> = { ...extra, status: to, paymentStatus: 'unpaid', holdExpiresAt: null, holdClaims: null, ...(to === 'expired' ? { expiredAt: at } : { cancelledAt: at }), updatedAt: at };
  // A hold that runs out is no cancellation: only staff cancelling a held booking tells the endpoints.
  const event = to === 'cancelled' ? await bookingEventItems('booking.cancelled', { ...b, ...changes }, `booking-cancelled-${b.id}`, at) : [];
  const freed = to === 'cancelled' ? bookingCancelledItems(b, changes, at, true) : holdEndedItems(b, at);
  return tryTransact([
    moveBookingItem(b, { status: ['held'] }, changes),
    deleteHoldItem(b.orgId, b.startUtc, b.id),
    ...giveItems(b, 'held'),
    ...giveClaims(b),
    ...also,
    ...event,
    ...freed,
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
  options: { fromPayment?: BookingRecord['paymentStatus'][]; noAttendance?: boolean; refundedBelow?: number; refundedWas?: number | null; failuresWas?: number; also?: TransactItem[]; now?: Date; report?: readonly ReportDelta[] } = {},
): Promise<boolean> {
  const future = Date.parse(b.startUtc) > (options.now ?? new Date()).getTime();
  // Counted when it was confirmed (since reports exist): it moves to its day's cancelled figure.
  const counted: ReportDelta[] = b.reportDay
    ? [
        { day: b.reportDay, figure: 'bookings:confirmed', by: -1 },
        { day: b.reportDay, figure: 'bookings:cancelled', by: 1 },
        ...(b.seriesId ? [{ day: b.reportDay, figure: 'bookings:series', by: -1 } as const] : []),
        ...practitionerBookingDeltas(b, -1),
      ]
    : [];
  const cancelled: Partial<BookingRecord> = { ...changes, status: 'cancelled', cancelledAt: at, updatedAt: at };
  const event = [...(await bookingEventItems('booking.cancelled', { ...b, ...cancelled }, `booking-cancelled-${b.id}`, at)), ...bookingCancelledItems(b, cancelled, at, future)];
  return tryTransact([
    moveBookingItem(b, { status: ['confirmed'], paymentStatus: options.fromPayment, noAttendance: options.noAttendance, refundedBelow: options.refundedBelow, refundedWas: options.refundedWas, failuresWas: options.failuresWas }, cancelled),
    ...(future ? giveItems(b, 'confirmed') : []),
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

/** Where a confirmed booking moves to: the slot (as findSlot gives it), its length, and whose time it takes. */
export interface NewTime {
  startUtc: string;
  endUtc: string;
  date: string;
  time: string;
  timeZone: string;
  durationMinutes: number;
  /** For a practitioner booking: who it is with after the move (the same one, or another). */
  practitionerId?: string | null;
  practitionerName?: string | null;
}

/**
 * Moves a confirmed booking to another slot in ONE transaction: the new place (a slot's, with its
 * capacity condition, or the practitioner's blocks, which must be free) is taken as the old one is
 * given back, and the booking changes only while it is still confirmed at the time the move was
 * decided on. So a move never double-books, two moves of one booking cannot both release its old
 * place, and a failed move leaves everything as it was.
 * 'full' when the new place is taken (after releasing expired holds), 'state' when the booking
 * changed meanwhile.
 */
export async function moveConfirmed(b: BookingRecord, to: NewTime, capacity: number, at: string, also: TransactItem[] = [], now = new Date()): Promise<'moved' | 'full' | 'state'> {
  // A counted booking is counted on the day it takes place: it moves to its new day in the reports
  // (and its practitioner's figures to the new day, practitioner and length).
  const recount = Boolean(b.reportDay && b.reportDay !== to.date);
  const practitionerId = b.practitionerId ? (to.practitionerId ?? b.practitionerId) : null;
  const practitionerRecount = b.reportPractitionerId && practitionerId ? { reportDay: to.date, reportPractitionerId: practitionerId, durationMinutes: to.durationMinutes } : undefined;
  const moved: Partial<BookingRecord> = {
    bookingDate: to.date, bookingTime: to.time, timeZone: to.timeZone, startUtc: to.startUtc, endUtc: to.endUtc, durationMinutes: to.durationMinutes,
    ...(practitionerId && practitionerId !== b.practitionerId ? { practitionerId, practitionerName: to.practitionerName ?? null } : {}),
    sequence: (b.sequence ?? 0) + 1, updatedAt: at, ...(recount ? { reportDay: to.date } : {}),
    ...(practitionerRecount ? { reportPractitionerId: practitionerRecount.reportPractitionerId } : {}),
  };
  const event = [...(await bookingEventItems('booking.rescheduled', { ...b, ...moved }, `booking-rescheduled-${b.id}-${moved.sequence}`, at)), ...bookingTimeFreedItems(b, 'rescheduled', at, `moved-${moved.sequence}`)];
  const after = { ...b, ...moved };
  // The new place first (its condition decides 'full'), then the booking (its condition decides 'state'), then the old place.
  const place: TransactItem[] = !practitionerId
    ? [takePlaceItem(b.orgId, { startUtc: to.startUtc, date: to.date, time: to.time, timeZone: to.timeZone }, capacity, 'confirmed')]
    : practitionerId === b.practitionerId
      ? timeChangeItems(b.orgId, practitionerId, ownerOf(b), { take: spanOf(after), give: spanOf(b) })
      : timeChangeItems(b.orgId, practitionerId, ownerOf(b), { take: spanOf(after) });
  const giveBack: TransactItem[] = !practitionerId ? [releasePlaceItem(b.orgId, b.startUtc, 'confirmed')] : practitionerId === b.practitionerId ? [] : giveItems(b, 'confirmed');
  const items = () => [
    ...place,
    moveBookingItem(b, { status: ['confirmed'], startUtc: b.startUtc }, moved),
    ...giveBack,
    // Figures that net to zero (same day, practitioner and length) write nothing.
    ...reportItems(b.orgId, [
      ...(recount
        ? [
            { day: b.reportDay!, figure: 'bookings:confirmed', by: -1 } as const,
            { day: to.date, figure: 'bookings:confirmed', by: 1 } as const,
            ...(b.seriesId ? [{ day: b.reportDay!, figure: 'bookings:series', by: -1 } as const, { day: to.date, figure: 'bookings:series', by: 1 } as const] : []),
          ]
        : []),
      ...(practitionerRecount ? [...practitionerBookingDeltas(b, -1), ...practitionerBookingDeltas(practitionerRecount, 1)] : []),
    ]),
    ...also,
    ...event,
  ];
  // A full place may be freed once (holds whose time ran out), then the move is tried once more.
  return retryOnConflict(
    async () => {
      try {
        await transact(items());
        return 'moved' as const;
      } catch (error) {
        if (!(error instanceof TransactionFailure)) throw error;
        if (error.failedAt(place.length)) return 'state' as const;
        if (!failedWithin(error, place.length)) throw error;
        const freed = practitionerId ? await releaseLapsedHolds(b.orgId, spanOf(after), now) : await releaseExpiredHolds(b.orgId, to.startUtc, now);
        return freed === 0 ? ('full' as const) : TRY_AGAIN;
      }
    },
    { attempts: 2, exhaustedResult: () => 'full' as const },
  );
}
