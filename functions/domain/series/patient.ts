// A series booked by the patient on the booking page (issue 37.1): the chosen visits held together
// (the first with the patient's hold claims, so one unpaid hold per email and phone still holds; the
// rest with the series' own conditional writes, take.ts holdVisits), then confirmed together when the
// course is paid (payment-consumer.ts), the card saved, or at once for a package paid at the clinic;
// or every held visit released together when its Checkout expires. Nothing here writes a visit twice:
// each confirm is the single booking's guarded 'held' -> 'confirmed' move (places.ts confirmHeld), each
// release its 'held' -> 'expired' move (with its time-freed event), so a duplicated event changes nothing.
import { log } from '#lib/log';
import { conflict } from '#lib/errors';
import type { BookingRecord } from '../../data/bookings';
import { tryTransact, type TransactItem } from '../../data/core';
import type { HoldClaim } from '../../data/hold-claims';
import { outboxMail, outboxNotice } from '../../data/outbox';
import type { Organization } from '../../data/organizations';
import type { ReportDelta } from '../../data/reports';
import { putSeriesItem, type SeriesRecord } from '../../data/series';
import { webhookEventItems } from '../../data/webhooks';
import { paymentPolicyOf } from '#shared/bookings/payment-policy';
import { SERIES_MESSAGES } from '#shared/bookings/series-schemas';
import { HOLD_MINUTES } from '#domain/bookings/hold-limits';
import { clinicOf } from '#domain/bookings/mail';
import { ClaimFullError, SlotFullError, confirmHeld, holdPlace, releaseHeld, updateBooking } from '#domain/bookings/places';
import { bookingReminderItems } from '#domain/bookings/reminder';
import { seriesObject } from './book';
import { seriesBookedMail, type CoursePayment } from './mail';
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
  try {
    await holdPlace(first, ctx.rules.capacity, ctx.now, input.claims);
  } catch (error) {
    if (error instanceof SlotFullError) throw conflict(SERIES_MESSAGES.taken);
    throw error;
  }
  try {
    if (rest.length) await holdVisits(ctx, rest);
  } catch (error) {
    await releaseHeld(first, 'expired', new Date().toISOString());
    throw error instanceof VisitTakenError ? takenConflict(error) : error;
  }
  const series: SeriesRecord = {
    id: input.seriesId, orgId: ctx.org.id, packageId: ctx.pkg.id, packageName: ctx.pkg.packageName,
    everyWeeks: input.rule.everyWeeks, time: input.rule.time, startDate: input.rule.startDate, count: input.rule.count, untilDate: null,
    timeZone: ctx.rules.timeZone, practitionerChoice: input.practitionerChoice,
    firstName: input.patient.firstName, lastName: input.patient.lastName, email: input.patient.email, phoneNumber: input.patient.phoneNumber,
    ...(input.patient.locale ? { locale: input.patient.locale } : {}),
    bookingIds: visits.map((b) => b.id), createdBy: 'patient', createdAt: ctx.now.toISOString(),
  };
  await tryTransact([putSeriesItem(series)]);
  return { series, visits: visits.map((b, i) => (i === 0 ? { ...b, holdClaims: first.holdClaims } : b)) };
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
}

/**
 * Confirms every visit of the series still held (each once: a duplicated event finds them confirmed),
 * then writes, once, the patient's mail listing every visit with the series' calendar file, the staff
 * notice and the series.booked webhook. A visit no longer held (its hold ran out before the payment
 * came) is flagged for staff. The visits after.
 */
export async function confirmPatientSeries(series: SeriesRecord, visits: readonly BookingRecord[], org: Organization | undefined, how: SeriesConfirmation): Promise<BookingRecord[]> {
  const at = new Date().toISOString();
  const out: BookingRecord[] = [];
  let firstDone = false;
  for (const [i, b] of visits.entries()) {
    const payment = how.payment(b, i);
    if (b.status === 'held') {
      const rows = [...bookingReminderItems(b, org), ...(firstDone ? [] : (how.firstRows ?? []))];
      if (await confirmHeld(b, payment, at, rows, firstDone ? [] : (how.firstReport ?? []))) {
        firstDone = true;
        out.push({ ...b, ...payment, status: 'confirmed', paymentStatus: payment.paymentStatus ?? 'paid', holdExpiresAt: null, confirmedAt: at });
        continue;
      }
    }
    if (b.status === 'expired' && b.paymentStatus !== 'paid' && how.course.kind !== 'at_clinic') {
      // Paid (or the card saved) after this visit's hold ran out: recorded on it, and staff told to offer another time.
      await updateBooking(b, { status: ['expired'] }, { ...payment, needsAttention: 'Its series was paid after this visit\'s hold ended: offer another time or refund this visit.', updatedAt: at });
      log.warn('A series visit was paid after its hold ended', { orgId: b.orgId, bookingId: b.id, seriesId: series.id });
    }
    out.push(b);
  }
  const confirmed = out.filter((b) => b.status === 'confirmed');
  if (!confirmed.length) return out;
  const clinic = clinicOf(org);
  await tryTransact([
    outboxMail(`series-booked-${series.orgId}-${series.id}`, seriesBookedMail(confirmed, clinic, series.id, how.course), series.orgId),
    outboxNotice(`series-booked-notice-${series.orgId}-${series.id}`, series.orgId, {
      title: 'New series', module: 'BOOKING_PACKAGES', link: `/bookings/series/${series.id}`,
      message: `${series.firstName} ${series.lastName} booked a series of ${confirmed.length} visits of "${series.packageName}". ${how.noticeText}`,
    }),
    ...(await webhookEventItems({ orgId: series.orgId, type: 'series.booked', changeKey: `series-booked-${series.id}`, objectKey: `series:${series.id}`, object: seriesObject(series, confirmed), at })),
  ]);
  return out;
}

/** The series' Checkout ended unpaid (expired, or given up): every visit still held released, its time freed. */
export async function releasePatientSeries(visits: readonly BookingRecord[], sessionId?: string): Promise<number> {
  const at = new Date().toISOString();
  let released = 0;
  for (const b of visits) {
    if (b.status !== 'held') continue;
    if (sessionId && b.stripeSessionId && b.stripeSessionId !== sessionId) continue;
    if (await releaseHeld(b, 'expired', at, sessionId ? { stripeSessionId: sessionId } : {})) released++;
  }
  return released;
}
