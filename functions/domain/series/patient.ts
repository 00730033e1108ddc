// A series booked by the patient on the booking page (issue 37.1): the chosen visits held together
// (the first with the patient's hold claims, so one unpaid hold per email and phone still holds; the
// rest with the series' own conditional writes, take.ts holdVisits), then confirmed together when the
// course is paid (payment-consumer.ts), the card saved, or at once for a package paid at the clinic;
// or every held visit released together when its Checkout expires. Nothing here writes a visit twice:
// each confirm is the single booking's guarded 'held' -> 'confirmed' move (places.ts confirmHeld), each
// release its 'held' -> 'expired' move (with its time-freed event), so a duplicated event changes nothing.
// The series record says where the course stands (data/series-status.ts): written 'held' with the first
// visit's hold (never a visit held without its series), settled once when the course is paid or
// confirmed (its payment, the series counted in the reports, the mail: once, whatever is retried), and
// 'expired' when its Checkout ends unpaid (kept: a late payment still finds it).
import { log } from '#lib/log';
import { conflict } from '#lib/errors';
import type { BookingRecord } from '../../data/bookings';
import { tryTransact, type TransactItem } from '../../data/core';
import { expireSeriesItem, settleSeriesItem } from '../../data/series-status';
import type { HoldClaim } from '../../data/hold-claims';
import { outboxMail, outboxNotice } from '../../data/outbox';
import type { Organization } from '../../data/organizations';
import { reportDayOf, reportItems, type ReportDelta } from '../../data/reports';
import { putSeriesItem, seriesVisits, type SeriesRecord } from '../../data/series';
import { webhookEventItems } from '../../data/webhooks';
import { paymentPolicyOf } from '#shared/bookings/payment-policy';
import { SERIES_MESSAGES } from '#shared/bookings/series-schemas';
import { HOLD_MINUTES } from '#domain/bookings/hold-limits';
import { clinicOf } from '#domain/bookings/mail';
import { ClaimFullError, SlotFullError, confirmHeld, holdPlace, reinstateExpired, releaseHeld, updateBooking } from '#domain/bookings/places';
import { bookingReminderItems } from '#domain/bookings/reminder';
import { seriesObject } from './book';
import { seriesBookedMail, seriesUnplacedMail, type CoursePayment } from './mail';
import type { SeriesContext } from './preview';
import { holdVisits, plannedVisits, takenConflict, VisitTakenError, type ChosenVisit, type SeriesPatient } from './take';

export interface PatientSeriesHold {
  seriesId: string;
  visitId: (index: number) => string;
  patient: SeriesPatient;
  visits: readonly ChosenVisit[];
  rule: Pick<SeriesRecord, 'everyWeeks' | 'time' | 'startDate' | 'count'>;
  practitionerChoice: string | null;
  /** The patient's claims (email, phone, network): counted on the first visit, given back when it is confirmed or released. */
  claims: readonly HoldClaim[];
}

/** Thrown when a claim refuses the hold (the patient holds another unpaid booking, or their network too many). */
export { ClaimFullError };

/**
 * Holds every chosen visit for HOLD_MINUTES, all or none, and writes the series record naming them.
 * 409 (SERIES_MESSAGES.taken) when a visit was taken since the preview; ClaimFullError from the claims.
 */
export async function holdPatientSeries(ctx: SeriesContext, input: PatientSeriesHold): Promise<{ series: SeriesRecord; visits: BookingRecord[] }> {
  const planned = await plannedVisits(ctx, input.seriesId, input.visitId, input.patient, input.visits).catch((e: unknown) => {
    throw e instanceof VisitTakenError ? takenConflict(e) : e;
  });
  const holdExpiresAt = new Date(ctx.now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  const policy = paymentPolicyOf(ctx.pkg);
  const visits = planned
    .sort((a, b) => (a.startUtc < b.startUtc ? -1 : 1))
    .map((b): BookingRecord => ({ ...b, holdExpiresAt, paymentPolicy: policy, savedCard: null }));
  const [first, ...rest] = visits;
  const series: SeriesRecord = {
    id: input.seriesId, orgId: ctx.org.id, packageId: ctx.pkg.id, packageName: ctx.pkg.packageName,
    everyWeeks: input.rule.everyWeeks, time: input.rule.time, startDate: input.rule.startDate, count: input.rule.count, untilDate: null,
    timeZone: ctx.rules.timeZone, practitionerChoice: input.practitionerChoice,
    firstName: input.patient.firstName, lastName: input.patient.lastName, email: input.patient.email, phoneNumber: input.patient.phoneNumber,
    ...(input.patient.locale ? { locale: input.patient.locale } : {}),
    bookingIds: visits.map((b) => b.id), createdBy: 'patient', createdAt: ctx.now.toISOString(), status: 'held',
  };
  try {
    // The series record rides with the first visit's hold: a visit is never held without its series.
    await holdPlace(first, ctx.rules.capacity, ctx.now, input.claims, [putSeriesItem(series)]);
  } catch (error) {
    if (error instanceof SlotFullError) throw conflict(SERIES_MESSAGES.taken);
    throw error;
  }
  try {
    if (rest.length) await holdVisits(ctx, rest);
  } catch (error) {
    // Anything but a taken visit (DynamoDB stalled, a timeout) leaves the first hold and its series for the
    // same request tried again to finish (resumePatientSeries), or for the hold sweep when it runs out.
    if (!(error instanceof VisitTakenError)) throw error;
    await releaseHeld(first, 'expired', new Date().toISOString(), {}, [expireSeriesItem(series, new Date().toISOString())]);
    throw takenConflict(error);
  }
  return { series, visits: visits.map((b, i) => (i === 0 ? { ...b, holdClaims: first.holdClaims } : b)) };
}

/**
 * The same request again (its Idempotency-Key names the series): the visits a failure left unheld are
 * held now (the first and the series were written together), all or none. The visits as they are when
 * nothing is left to hold (held, paid, or released meanwhile).
 */
export async function resumePatientSeries(ctx: SeriesContext, series: SeriesRecord, input: PatientSeriesHold): Promise<BookingRecord[]> {
  const have = await seriesVisits(series);
  const missing = series.bookingIds.filter((id) => !have.some((b) => b.id === id));
  if (!missing.length || series.status !== 'held' || series.settledAt || !have.some((b) => b.status === 'held')) return have;
  // The chosen visits whose ids are missing, planned again under those ids (their times are not ours yet).
  const indexes = input.visits.map((_, i) => i).filter((i) => missing.includes(input.visitId(i)));
  const planned = await plannedVisits(ctx, series.id, (n) => input.visitId(indexes[n]), input.patient, indexes.map((i) => input.visits[i])).catch((e: unknown) => {
    throw e instanceof VisitTakenError ? takenConflict(e) : e;
  });
  const like = have[0];
  const rest = planned.map((b): BookingRecord => ({ ...b, holdExpiresAt: like.holdExpiresAt, paymentPolicy: like.paymentPolicy, savedCard: null }));
  try {
    await holdVisits(ctx, rest);
  } catch (error) {
    if (!(error instanceof VisitTakenError)) throw error;
    await releasePatientSeries(have);
    throw takenConflict(error);
  }
  return [...have, ...rest].sort((a, b) => (a.startUtc < b.startUtc ? -1 : 1));
}

/** Each visit's part of what was paid: the total split evenly, the remainder on the first. */
export function shares(total: number, count: number): number[] {
  const each = Math.floor(total / count);
  return Array.from({ length: count }, (_, i) => each + (i === 0 ? total - each * count : 0));
}

export interface SeriesConfirmation {
  /** What each visit records (its payment share, its saved card), by its place in the series. */
  payment: (b: BookingRecord, index: number) => Partial<BookingRecord>;
  /** How the course was paid, for the patient's mail. */
  course: CoursePayment;
  /** Rows written with the first visit confirmed here (the payment event, the money received). */
  firstRows?: TransactItem[];
  firstReport?: readonly ReportDelta[];
  /** What staff read in their notice. */
  noticeText: string;
  /** The clinic's places per slot: a visit paid after its hold ended takes its time again when still free (as a single booking). */
  capacity?: number;
}

/** A series visit's figures when confirmed: a visit from a series, on its day (the booking's own figures come with it). */
const fromSeries = (b: BookingRecord): ReportDelta[] => [{ day: b.bookingDate, figure: 'bookings:series', by: 1 }];

const LATE_NOTE = 'Its series was paid after this visit\'s hold ended: offer another time or refund this visit.';

/**
 * Confirms every visit of the series still held (each once: a duplicated event finds them confirmed);
 * a visit paid after its hold ended takes its time again when it is still free, as a single booking
 * paid late does, else it is flagged for staff. Then the series is settled, once: its payment rows
 * (`firstRows`, `firstReport`), the series counted in the reports when a visit is booked, the patient's
 * mail listing every visit with the series' calendar file, the staff notice and the series.booked
 * webhook, and, when money was taken for visits whose time was gone, the patient's mail naming them
 * (the clinic offers other times or refunds, as for a single booking paid late). A retry after a failure half-way confirms the rest and settles; a repeat settles nothing.
 */
export async function confirmPatientSeries(series: SeriesRecord, visits: readonly BookingRecord[], org: Organization | undefined, how: SeriesConfirmation): Promise<BookingRecord[]> {
  const at = new Date().toISOString();
  const out: BookingRecord[] = [];
  let late = 0;
  /** The visits paid (or their card saved) after their time was taken: recorded on each, and their patient told. */
  const unplaced: BookingRecord[] = [];
  for (const [i, b] of visits.entries()) {
    const payment = how.payment(b, i);
    const confirmed = (): BookingRecord => ({ ...b, ...payment, status: 'confirmed', paymentStatus: payment.paymentStatus ?? 'paid', holdExpiresAt: null, confirmedAt: at });
    if (b.status === 'held' && (await confirmHeld(b, payment, at, bookingReminderItems(b, org), fromSeries(b)))) {
      out.push(confirmed());
      continue;
    }
    if (b.status === 'expired' && b.paymentStatus !== 'paid' && how.course.kind !== 'at_clinic') {
      // Paid (or the card saved) after this visit's hold ran out: its time again if free, else recorded on it and staff told.
      if (how.capacity !== undefined && how.course.kind !== 'card' && (await reinstateExpired(b, how.capacity, payment, at, bookingReminderItems(b, org), fromSeries(b))) === 'confirmed') {
        out.push(confirmed());
        continue;
      }
      if (await updateBooking(b, { status: ['expired'] }, { ...payment, needsAttention: LATE_NOTE, updatedAt: at })) {
        late++;
        const flagged: BookingRecord = { ...b, ...payment, needsAttention: LATE_NOTE, updatedAt: at };
        unplaced.push(flagged);
        out.push(flagged);
        log.warn('A series visit was paid after its hold ended', { orgId: b.orgId, bookingId: b.id, seriesId: series.id });
        continue;
      }
    } else if (b.status === 'expired' && b.needsAttention === LATE_NOTE) {
      // Flagged by an earlier delivery whose settling failed: still to be told in the settling below.
      unplaced.push(b);
    }
    out.push(b);
  }
  const confirmed = out.filter((b) => b.status === 'confirmed');
  // Nothing held was confirmed and nothing paid late (a card held for a series already settled, say): nothing to settle.
  if (!confirmed.length && !late && how.course.kind === 'at_clinic') return out;
  const clinic = clinicOf(org);
  const booked = confirmed.length > 0;
  const counted = booked ? [{ day: reportDayOf(at, org?.timeZone ?? series.timeZone), figure: 'series:booked', by: 1 } as const] : [];
  const link = `/bookings/series/${series.id}`;
  // Money taken for visits that could not be kept: the patient is told which, and that the clinic will offer
  // other times or refund (a card saved late took nothing: staff's notice alone, as for a single booking).
  const moneyKept = unplaced.length > 0 && (how.course.kind === 'paid' || how.course.kind === 'deposit');
  const settled = await tryTransact([
    settleSeriesItem(series, booked, at),
    ...(how.firstRows ?? []),
    ...reportItems(series.orgId, [...(how.firstReport ?? []), ...counted]),
    ...(booked
      ? [
          outboxMail(`series-booked-${series.orgId}-${series.id}`, seriesBookedMail(confirmed, clinic, series.id, how.course), series.orgId),
          outboxNotice(`series-booked-notice-${series.orgId}-${series.id}`, series.orgId, {
            title: 'New series', module: 'BOOKING_PACKAGES', link,
            message: `${series.firstName} ${series.lastName} booked a series of ${confirmed.length} visits of "${series.packageName}". ${how.noticeText}`,
          }),
          ...(await webhookEventItems({ orgId: series.orgId, type: 'series.booked', changeKey: `series-booked-${series.id}`, objectKey: `series:${series.id}`, object: seriesObject(series, confirmed), at })),
        ]
      : [
          outboxNotice(`series-paid-late-notice-${series.orgId}-${series.id}`, series.orgId, {
            title: 'Series needs attention', module: 'BOOKING_PACKAGES', link,
            message: `${series.firstName} ${series.lastName} paid for a series of "${series.packageName}" after its times were given to others. ${how.noticeText} Offer other times or refund it.`,
          }),
        ]),
    ...(moneyKept ? [outboxMail(`series-unplaced-${series.orgId}-${series.id}`, seriesUnplacedMail(unplaced, clinic, series.id, booked), series.orgId)] : []),
  ]);
  if (!settled) log.info('A series was settled already', { orgId: series.orgId, seriesId: series.id });
  return out;
}

/**
 * The series' Checkout ended unpaid (expired, or given up): every visit still held released, its time
 * freed, and the series marked 'expired' unless it was paid meanwhile (the record stays: a payment
 * that comes late still finds it).
 */
export async function releasePatientSeries(visits: readonly BookingRecord[], sessionId?: string): Promise<number> {
  const at = new Date().toISOString();
  let released = 0;
  for (const b of visits) {
    if (b.status !== 'held') continue;
    if (sessionId && b.stripeSessionId && b.stripeSessionId !== sessionId) continue;
    if (await releaseHeld(b, 'expired', at, sessionId ? { stripeSessionId: sessionId } : {})) released++;
  }
  const of = visits.find((b) => b.seriesId);
  if (of?.seriesId && !visits.some((b) => b.status === 'confirmed')) await tryTransact([expireSeriesItem({ orgId: of.orgId, id: of.seriesId }, at)]);
  return released;
}
