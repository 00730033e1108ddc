// Booking a series' chosen visits: all of them, or none. Each visit takes its place with the very
// conditional writes of a single booking (domain/bookings/places.ts takeItems: a slot's `taken <
// capacity`, or a practitioner's 5-minute blocks that must not exist), so a series can never overlap
// another booking, another series, or itself.
//
// DynamoDB allows 100 items per transaction. A visit takes 3 to 5 items to hold (its place, its hold,
// the booking), so a series of up to about 20 visits is held in ONE transaction; a longer one (52 at
// most) in a few, one after the other. Two phases:
//   1. hold: every visit is written 'held' with a hold item (the hold sweep's, domain/bookings/
//      hold-sweep.ts) that runs out in HOLD_MINUTES. When a later transaction of a long series fails,
//      the visits held by the earlier ones are released at once (their time-freed events written), and
//      were this process to die in between, the sweep would release them when their hold runs out:
//      a series is never left half-taken for longer than a hold.
//   2. confirm: the held visits are confirmed (a few per transaction), with the counters, the report
//      figures (`bookings:series` counts the visits from series), the domain event booking-confirmed,
//      the webhook booking.confirmed and the reminder of each; then the series record, its audit entry, its webhook
//      series.booked and its mail, in one last transaction.
// Staff book a series for the patient: nothing is paid online, so the visits are 'confirmed' and
// 'unpaid' (paid at the clinic, per visit, as the clinic's desk takes a staff booking's payment).
import type { BookingRecord } from '../../data/bookings';
import { moveBookingItem, putNewBookingItem } from '../../data/bookings';
import { TransactionFailure, cancellationCodes, transact, type TransactItem } from '../../data/core';
import { confirmPlaceItem, deleteHoldItem, putHoldItem } from '../../data/holds';
import { countersKey, type Organization } from '../../data/organizations';
import { table } from '../../data/dynamo';
import { practitionerBookingDeltas, reportDayOf, reportItems, type ReportDelta } from '../../data/reports';
import { bookingConfirmedItems } from '../../data/events';
import type { SeriesRecord } from '../../data/series';
import { putSeriesItem } from '../../data/series';
import { findSlot } from '#shared/bookings/slots';
import { SERIES_MESSAGES } from '#shared/bookings/series-schemas';
import { badRequest, conflict } from '#lib/errors';
import { chosenPractitioners, offeringPractitioners } from '#domain/availability/diary';
import { findPractitionerTime } from '#domain/practitioners/choose-practitioner';
import { SLOT_REFUSALS } from '#domain/bookings/refusals';
import { bookingEventItems } from '#domain/bookings/events';
import { bookingReminderItems } from '#domain/bookings/reminder';
import { releaseExpiredHolds, releaseHeld, releaseLapsedHolds, takeItems } from '#domain/bookings/places';
import { heldBookingRecord } from '#domain/bookings/held-booking';
import { busySpan } from '#shared/bookings/practitioner-times';
import type { SeriesContext } from './preview';

/** Items per transaction: DynamoDB's 100, less room for the request's idempotency guard and riders. */
export const TRANSACTION_BUDGET = 96;

/** How long phase 1's holds last should phase 2 never come (a process that died): as a booking page's hold. */
export const SERIES_HOLD_MINUTES = 10;

export interface ChosenVisit {
  date: string;
  time: string;
  /** 'any', a practitioner's id, or absent: the series' own choice. */
  practitionerId?: string;
}

export interface SeriesPatient {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  locale?: string;
}

/** Thrown when a chosen visit is taken (by another booking, or a racing series) before it was held. */
export class VisitTakenError extends Error {
  constructor(readonly visit: ChosenVisit) {
    super(`visit taken: ${visit.date} ${visit.time}`);
    this.name = 'VisitTakenError';
  }
}

/** Splits per-visit item lists into runs whose items (plus `shared(n)` per run) fit one transaction. */
export function chunkVisits<T>(visits: readonly T[], sizeOf: (v: T) => number, shared: (count: number) => number): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const v of visits) {
    const s = sizeOf(v);
    if (current.length && size + s + shared(current.length + 1) > TRANSACTION_BUDGET) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(v);
    size += s;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

/** One visit's booking, 'held' until phase 2: the package's price and currency, the patient, the series. */
function visitBooking(ctx: SeriesContext, seriesId: string, id: string, patient: SeriesPatient, slot: { date: string; time: string; startUtc: string; endUtc: string }, practitioner?: { id: string; name: string }): BookingRecord {
  const { timing } = ctx;
  return {
    ...heldBookingRecord({
      id, orgId: ctx.org.id, locale: patient.locale as BookingRecord['locale'], pkg: ctx.pkg, patient, slot, timeZone: ctx.rules.timeZone, durationMinutes: timing.durationMinutes,
      practitioner: practitioner && { id: practitioner.id, name: practitioner.name, bufferBeforeMinutes: timing.bufferBeforeMinutes, bufferAfterMinutes: timing.bufferAfterMinutes },
      holdMinutes: SERIES_HOLD_MINUTES, now: ctx.now,
    }),
    seriesId,
  };
}

/**
 * Each chosen visit as a booking to hold: its slot checked (a 400 naming the visit when it is not on
 * the schedule), and for a practitioner package the first free candidate in the fair order of a single
 * booking. A visit nobody is free for throws VisitTakenError.
 */
export async function plannedVisits(ctx: SeriesContext, seriesId: string, idOf: (n: number) => string, patient: SeriesPatient, visits: readonly ChosenVisit[]): Promise<BookingRecord[]> {
  const offering = ctx.practitioners ? await offeringPractitioners(ctx.org.id, ctx.pkg) : undefined;
  const out: BookingRecord[] = [];
  for (const [i, v] of visits.entries()) {
    const refuse = (refusal: keyof typeof SLOT_REFUSALS) => {
      const message = `Visit ${i + 1} (${v.date} ${v.time}): ${SLOT_REFUSALS[refusal][1]}`;
      return badRequest(message, { visits: message });
    };
    if (!offering) {
      const found = findSlot(ctx.rules, v.date, v.time, ctx.now);
      if ('refusal' in found) throw refuse(found.refusal);
      out.push(visitBooking(ctx, seriesId, idOf(i), patient, { date: v.date, ...found.slot }));
      continue;
    }
    const who = v.practitionerId ? chosenPractitioners(offering, v.practitionerId) : ctx.practitioners!;
    const chosen = await findPractitionerTime(ctx.org, ctx.rules, ctx.timing, who, v.date, v.time, ctx.now);
    const candidate = chosen.candidates[0];
    if (!candidate) throw new VisitTakenError(v);
    out.push(visitBooking(ctx, seriesId, idOf(i), patient, { date: v.date, ...chosen.slot }, candidate));
  }
  // Two visits of one series on one time (a conflict's alternative chosen onto another visit): the second would fail its own write.
  const starts = new Set<string>();
  for (const [i, b] of out.entries()) {
    if (starts.has(b.startUtc)) throw badRequest(`Visit ${i + 1} is at the same time as another visit of the series.`, { visits: 'Two visits at the same time' });
    starts.add(b.startUtc);
  }
  return out;
}

const holdItems = (b: BookingRecord, capacity: number): TransactItem[] => [
  ...takeItems(b, capacity, 'held'),
  putHoldItem({ orgId: b.orgId, bookingId: b.id, startUtc: b.startUtc, holdExpiresAt: b.holdExpiresAt!, ...(b.practitionerId ? { practitionerId: b.practitionerId } : {}) }),
  putNewBookingItem(b),
];

/**
 * Phase 1: every visit held, in as few transactions as fit. When one fails, what the earlier ones held
 * is released and the failure thrown: VisitTakenError when a place was taken (after one more try once
 * the lapsed holds in its way are released), else the error.
 */
export async function holdVisits(ctx: SeriesContext, visits: readonly BookingRecord[]): Promise<void> {
  const chunks = chunkVisits(visits, (b) => holdItems(b, ctx.rules.capacity).length, () => 0);
  const held: BookingRecord[] = [];
  try {
    for (const chunk of chunks) {
      await holdChunk(ctx, chunk);
      held.push(...chunk);
    }
  } catch (error) {
    const at = new Date().toISOString();
    for (const b of held) await releaseHeld(b, 'expired', at);
    throw error;
  }
}

async function holdChunk(ctx: SeriesContext, chunk: readonly BookingRecord[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const items = chunk.map((b) => holdItems(b, ctx.rules.capacity));
    try {
      await transact(items.flat());
      return;
    } catch (error) {
      if (!(error instanceof TransactionFailure) && !cancellationCodes(error).length) throw error;
      const codes = cancellationCodes(error);
      // Which visit's place refused: its take items come first in its run of items.
      let offset = 0;
      const failed: BookingRecord[] = [];
      for (const [i, b] of chunk.entries()) {
        const take = takeItems(b, ctx.rules.capacity, 'held').length;
        if (codes.slice(offset, offset + take).includes('ConditionalCheckFailed')) failed.push(b);
        offset += items[i].length;
      }
      // A racing write (another series, a booking) on the same items: the place is someone else's now or in a moment.
      if (!failed.length && !codes.includes('TransactionConflict')) throw error;
      const first = failed[0] ?? chunk[0];
      if (attempt > 1 || !failed.length) throw new VisitTakenError({ date: first.bookingDate, time: first.bookingTime });
      // A hold whose time ran out still has its place: release those in the way, then try once more.
      let freed = 0;
      for (const b of failed) {
        freed += b.practitionerId
          ? await releaseLapsedHolds(b.orgId, busySpan(b.startUtc, b.endUtc, b.bufferBeforeMinutes, b.bufferAfterMinutes), ctx.now)
          : await releaseExpiredHolds(b.orgId, b.startUtc, ctx.now);
      }
      if (!freed) throw new VisitTakenError({ date: first.bookingDate, time: first.bookingTime });
    }
  }
}

/** What confirming a series visit changes: confirmed, unpaid (paid at the clinic), counted on its day. */
const confirmedChanges = (b: BookingRecord, at: string): Partial<BookingRecord> => ({
  status: 'confirmed', paymentStatus: 'unpaid', holdExpiresAt: null, confirmedAt: at, updatedAt: at,
  reportDay: b.bookingDate, ...(b.practitionerId ? { reportPractitionerId: b.practitionerId } : {}),
});

/** A visit's report figures when confirmed: a booking of its day (its practitioner's too), and a visit from a series. */
const visitDeltas = (b: BookingRecord): ReportDelta[] => [
  { day: b.bookingDate, figure: 'bookings:confirmed', by: 1 },
  { day: b.bookingDate, figure: 'bookings:series', by: 1 },
  ...practitionerBookingDeltas({ ...b, reportDay: b.bookingDate, reportPractitionerId: b.practitionerId ?? null }, 1),
];

async function confirmItems(b: BookingRecord, at: string, org: Organization): Promise<TransactItem[]> {
  const after = { ...b, ...confirmedChanges(b, at) };
  return [
    moveBookingItem(b, { status: ['held'] }, confirmedChanges(b, at)),
    deleteHoldItem(b.orgId, b.startUtc, b.id),
    // A practitioner's blocks stay as they are: held or confirmed, the time is theirs.
    ...(b.practitionerId ? [] : [confirmPlaceItem(b.orgId, b.startUtc)]),
    ...(await bookingEventItems('booking.confirmed', after, `booking-confirmed-${b.id}`, at)),
    ...bookingConfirmedItems(after, at),
    // Its reminder, as a single booking's: the reminder sweep sends it per visit (or skips it when the visit moved or was cancelled).
    ...bookingReminderItems(after, org),
  ];
}

/** The dashboard's bookings counter moved by `by` (one item: a transaction may touch an item once). */
const bookingsCounterBy = (orgId: string, by: number): TransactItem => ({
  Update: { TableName: table(), Key: countersKey(orgId), UpdateExpression: 'ADD #c :by', ExpressionAttributeNames: { '#c': 'bookings' }, ExpressionAttributeValues: { ':by': by } },
});

/**
 * Phase 2: the held visits confirmed (a few per transaction, each guarded by its 'held' state), then
 * the series record with `also` (its audit entry, webhook and mail) in the last transaction.
 */
export async function confirmVisits(visits: readonly BookingRecord[], series: SeriesRecord, also: TransactItem[], at: string, org: Organization): Promise<BookingRecord[]> {
  const sized = await Promise.all(visits.map(async (b) => ({ b, items: await confirmItems(b, at, org) })));
  // Per visit: its items and at most one report day (its own); per run, the counter.
  const chunks = chunkVisits(sized, (v) => v.items.length + 1, () => 1);
  for (const chunk of chunks) {
    await transact([
      ...chunk.flatMap((v) => v.items),
      bookingsCounterBy(series.orgId, chunk.length),
      ...reportItems(series.orgId, chunk.flatMap((v) => visitDeltas(v.b))),
    ]);
  }
  // The reports count the series on the day it was booked (its visits count on their own days).
  await transact([putSeriesItem(series), ...also, ...reportItems(series.orgId, [{ day: reportDayOf(at, org.timeZone), figure: 'series:booked', by: 1 }])]);
  return visits.map((b) => ({ ...b, ...confirmedChanges(b, at) }));
}

/** A visit taken meanwhile, as the person is told: nothing was booked. */
export const takenConflict = (e: VisitTakenError) => conflict(`${SERIES_MESSAGES.taken} (${e.visit.date} ${e.visit.time})`);
