// Booking a series (staff): the chosen visits planned (take.ts plannedVisits), held all together or
// not at all, then confirmed with the series record, its audit entry, its webhook series.booked and
// the patient's one mail (take.ts). A visit taken since the preview: 409, nothing booked (the person
// looks at the preview again). Tried again once when a racing write won a visit of "anyone": the
// next practitioner free then may take it.
import type { BookingRecord } from '../../data/bookings';
import { auditItem } from '../../data/audit';
import { outboxMail } from '../../data/outbox';
import type { SeriesRecord } from '../../data/series';
import { webhookEventItems } from '../../data/webhooks';
import type { SeriesEventObject } from '#shared/webhooks/schemas';
import type { SeriesRule } from '#shared/bookings/series-schemas';
import { bookingObject } from '#domain/bookings/events';
import { clinicOf } from '#domain/bookings/mail';
import { seriesBookedMail } from './mail';
import type { SeriesContext } from './preview';
import { confirmVisits, holdVisits, plannedVisits, takenConflict, VisitTakenError, type ChosenVisit } from './take';

export function seriesObject(series: SeriesRecord, visits: readonly BookingRecord[]): SeriesEventObject {
  return {
    object: 'series',
    id: series.id,
    packageId: series.packageId,
    packageName: series.packageName,
    everyWeeks: series.everyWeeks,
    time: series.time,
    timeZone: series.timeZone,
    visits: visits.map(bookingObject),
    createdAt: series.createdAt,
  };
}

export interface SeriesBooking {
  rule: SeriesRule;
  visits: readonly ChosenVisit[];
  seriesId: string;
  /** The id of the visit at `index` (derived from the request's Idempotency-Key when it has one). */
  visitId: (index: number) => string;
  actorId: string;
}

/** Books the chosen visits of a series, all or none; the series and its confirmed visits. */
export async function bookSeries(ctx: SeriesContext, input: SeriesBooking): Promise<{ series: SeriesRecord; visits: BookingRecord[] }> {
  const { rule } = input;
  const patient = { firstName: rule.firstName, lastName: rule.lastName, email: rule.email, phoneNumber: rule.phoneNumber, locale: rule.locale ?? ctx.org.defaultLanguage };
  let planned: BookingRecord[] | undefined;
  for (let attempt = 1; !planned; attempt++) {
    // A try's visits get ids of their own: a first try's released holds stay as they are (expired).
    const ids = (i: number) => input.visitId(i + (attempt - 1) * 1000);
    const visits = await plannedVisits(ctx, input.seriesId, ids, patient, input.visits).catch((e: unknown) => {
      throw e instanceof VisitTakenError ? takenConflict(e) : e;
    });
    try {
      await holdVisits(ctx, visits);
      planned = visits;
    } catch (error) {
      if (!(error instanceof VisitTakenError)) throw error;
      if (attempt >= 2 || !ctx.practitioners || ctx.practitioners.length < 2) throw takenConflict(error);
    }
  }
  const at = new Date().toISOString();
  const sorted = [...planned].sort((a, b) => (a.startUtc < b.startUtc ? -1 : 1));
  const series: SeriesRecord = {
    id: input.seriesId, orgId: ctx.org.id, packageId: ctx.pkg.id, packageName: ctx.pkg.packageName,
    everyWeeks: rule.everyWeeks, time: rule.time, startDate: rule.startDate, count: rule.count ?? null, untilDate: rule.untilDate ?? null,
    timeZone: ctx.rules.timeZone, practitionerChoice: rule.practitionerId ?? null,
    firstName: rule.firstName, lastName: rule.lastName, email: rule.email, phoneNumber: rule.phoneNumber, ...(patient.locale ? { locale: patient.locale } : {}),
    bookingIds: sorted.map((b) => b.id), createdBy: input.actorId, createdAt: at,
  };
  const confirmed = sorted.map((b): BookingRecord => ({ ...b, status: 'confirmed', paymentStatus: 'unpaid', confirmedAt: at, holdExpiresAt: null }));
  const also = [
    auditItem({
      orgId: ctx.org.id, actorId: input.actorId, module: 'BOOKING_PACKAGES', action: 'create', recordType: 'series', recordId: series.id,
      summary: `Booked a series of ${sorted.length} visits of "${ctx.pkg.packageName}" for ${rule.firstName} ${rule.lastName}, every ${rule.everyWeeks === 1 ? 'week' : `${rule.everyWeeks} weeks`} at ${rule.time}`, at,
    }),
    outboxMail(`series-booked-${ctx.org.id}-${series.id}`, seriesBookedMail(confirmed, clinicOf(ctx.org), series.id), ctx.org.id),
    ...(await webhookEventItems({ orgId: ctx.org.id, type: 'series.booked', changeKey: `series-booked-${series.id}`, objectKey: `series:${series.id}`, object: seriesObject(series, confirmed), at })),
  ];
  const visits = await confirmVisits(sorted, series, also, at, ctx.org);
  return { series, visits };
}
