// The booking page's series calls (issue 37.1; public, the apiKey names the clinic). Types only from the
// API's contract: nothing of the server's schemas is bundled.
import type { BodyOf, ReplyOf } from '#shared/api-contract';
import type { BookingFormValues } from '#shared/bookings/form';
import { api } from '../../../lib/api';
import type { PendingHold } from '../pending-hold';

const none = { auth: 'none' as const };

export type SeriesPreview = ReplyOf<'POST /bookings/preview-patient-series'>;
export type SeriesBooked = ReplyOf<'POST /bookings/create-patient-series'>;
export type SeriesBookBody = BodyOf<'POST /bookings/create-patient-series'>;

/** Every visit of the asked series checked (free, or taken with the week's alternatives); nothing is held. */
export const previewPatientSeries = (body: BodyOf<'POST /bookings/preview-patient-series'>) => api.post('/bookings/preview-patient-series', body, none);

/** Holds the chosen visits, all or none, and opens the course's Checkout (or confirms at once, paid at the clinic). */
export const createPatientSeries = (body: SeriesBookBody, idempotencyKey?: string, headers?: Record<string, string>) =>
  api.post('/bookings/create-patient-series', body, { ...none, idempotencyKey, headers });

/** What Continue sends for a series: the rule, the patient (in the page's language) and the visits chosen. */
export function seriesBody({ apiKey, values, plan, locale, practitionerId, answers }: {
  apiKey: string;
  values: BookingFormValues;
  plan: { everyWeeks: number; count: number; visits: { date: string; time: string }[] };
  locale: string;
  practitionerId: string;
  answers?: { items: { fieldId: string; value: string }[] };
}): SeriesBookBody {
  return {
    apiKey, packageId: values.packageId, startDate: values.bookingDate, time: values.bookingTime, ...plan,
    firstName: values.firstName, lastName: values.lastName, email: values.email, phoneNumber: values.phoneNumber, locale: locale,
    ...(practitionerId ? { practitionerId } : {}), ...(answers ? { intake: answers } : {}),
  };
}

/**
 * The series' hold as the page keeps it for the way back: its first visit's id gives it back (every held
 * visit goes with it), and every visit's start lets the notice name the whole series, not its first visit.
 */
export function seriesHold(held: SeriesBooked, request: string, everyWeeks: number): PendingHold {
  const starts = held.visits.map((v) => v.startUtc).sort();
  return {
    // The first visit as the server lists it: release-hold gives the series back by that one's id.
    bookingId: held.visits[0].bookingId, releaseToken: held.releaseToken ?? '', checkoutUrl: held.checkoutUrl ?? '', holdExpiresAt: held.holdExpiresAt ?? '', packageName: held.packageName,
    startUtc: starts[0], timeZone: held.timeZone, request, series: { startsUtc: starts, everyWeeks },
  };
}
