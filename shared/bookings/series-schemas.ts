// A series of visits (issue 37): "every Tuesday at 10:00 for eight weeks". Staff ask for a preview
// (every visit checked, each conflict with the nearest free alternatives that week), then book the
// visits they chose: all of them or none. The console's form and the handlers use these schemas.
import * as z from 'zod/mini';
import { patientLocale, pure, requiredString } from '../common/schemas';
import { BOOKING_MESSAGES, EMAIL_PATTERN, PHONE_PATTERN } from './form';
import { normaliseTime, parseDate } from './time';
import { bookingViewRecord } from './records';
import { paymentPolicyRecord } from './payment-policy';
import { intakeAnswers } from './intake-answers';
import { SERIES_PAYMENTS } from './series-policy';
import { getConfirmationReply } from './confirmation-schemas';

/** At most this many visits in one series (a year of weekly visits). */
export const MAX_SERIES_VISITS = 52;

export const SERIES_MESSAGES = {
  startDate: 'First visit date is required',
  every: 'Repeat every 1 to 12 weeks',
  count: `A series has 2 to ${MAX_SERIES_VISITS} visits`,
  countOrUntil: 'Give a number of visits or an end date',
  untilBefore: 'The end date must be after the first visit',
  tooMany: `A series has at most ${MAX_SERIES_VISITS} visits. Choose fewer visits or an earlier end date.`,
  noVisits: 'Choose at least one visit to book',
  /** Answered (409) when a chosen visit was taken between the preview and the booking: nothing was booked. */
  taken: 'Some of these times were just taken. Nothing was booked: please look at the series again.',
  scope: "Choose 'one', 'following' or 'all'",
  notInSeries: 'This booking is not part of the series.',
} as const;

const dateField = (required: string) => requiredString(required, z.refine((v) => parseDate(v) !== undefined, BOOKING_MESSAGES.dateFormat));
const timeField = z.pipe(
  requiredString(BOOKING_MESSAGES.time, z.refine((v) => normaliseTime(v) !== undefined, BOOKING_MESSAGES.timeFormat)),
  z.transform((v) => normaliseTime(v)!),
);
const practitionerChoice = z.optional(z.string().check(z.regex(/^(any|[A-Za-z0-9_-]{1,64})$/, 'Please choose a practitioner')));

/** The rule of a series and its patient: POST /bookings/series/preview. */
export const seriesRuleShape = {
  packageId: requiredString(BOOKING_MESSAGES.package, z.maxLength(64, BOOKING_MESSAGES.package)),
  /** A practitioner's id, or 'any' (each visit with whoever is free, in the fair order of a single booking). */
  practitionerId: practitionerChoice,
  firstName: requiredString(BOOKING_MESSAGES.firstName, z.maxLength(50, 'Maximum 50 symbols')),
  lastName: requiredString(BOOKING_MESSAGES.lastName, z.maxLength(50, 'Maximum 50 symbols')),
  email: z.string({ error: BOOKING_MESSAGES.email }).check(z.trim(), z.toLowerCase(), z.maxLength(254, BOOKING_MESSAGES.email), z.regex(EMAIL_PATTERN, BOOKING_MESSAGES.email)),
  phoneNumber: z.string({ error: BOOKING_MESSAGES.phone }).check(z.trim(), z.regex(PHONE_PATTERN, BOOKING_MESSAGES.phone)),
  /** The first visit's local date and the local time of every visit, in the clinic's zone. */
  startDate: dateField(SERIES_MESSAGES.startDate),
  time: timeField,
  everyWeeks: z._default(z.number(SERIES_MESSAGES.every).check(z.int(SERIES_MESSAGES.every), z.minimum(1, SERIES_MESSAGES.every), z.maximum(12, SERIES_MESSAGES.every)), 1),
  /** How many visits; or `untilDate`, the last date a visit may fall on. */
  count: z.optional(z.number(SERIES_MESSAGES.count).check(z.int(SERIES_MESSAGES.count), z.minimum(2, SERIES_MESSAGES.count), z.maximum(MAX_SERIES_VISITS, SERIES_MESSAGES.count))),
  untilDate: z.optional(dateField(SERIES_MESSAGES.countOrUntil)),
  /** The patient's language (mails, calendar file); the clinic's default when absent. */
  locale: patientLocale,
};

const ruleChecks = (r: { count?: number; untilDate?: string; startDate: string }) => r.count !== undefined || r.untilDate !== undefined;

export const seriesPreviewSchema = z.object(seriesRuleShape).check(
  z.refine(ruleChecks, SERIES_MESSAGES.countOrUntil),
  z.refine((r) => !r.untilDate || r.untilDate > r.startDate, SERIES_MESSAGES.untilBefore),
);
export type SeriesPreviewInput = z.input<typeof seriesPreviewSchema>;
export type SeriesRule = z.output<typeof seriesPreviewSchema>;

/** One visit the person chose: its local date and time, and with whom ('any' or absent: whoever is free). */
export const chosenVisitSchema = z.object({ date: dateField(BOOKING_MESSAGES.date), time: timeField, practitionerId: practitionerChoice });

/** POST /bookings/series: the rule, and the visits chosen from its preview (conflicts replaced or left out). */
export const seriesCreateSchema = z.object({
  ...seriesRuleShape,
  visits: z.array(chosenVisitSchema).check(z.minLength(1, SERIES_MESSAGES.noVisits), z.maxLength(MAX_SERIES_VISITS, SERIES_MESSAGES.tooMany)),
}).check(z.refine(ruleChecks, SERIES_MESSAGES.countOrUntil));
export type SeriesCreateInput = z.input<typeof seriesCreateSchema>;

/** POST /bookings/series/{id}/cancel: from which visit, and how far. */
export const seriesCancelSchema = z.object({
  bookingId: requiredString('bookingId is required'),
  scope: z.enum(['one', 'following', 'all'], SERIES_MESSAGES.scope),
});

// Replies

/** A free time offered instead of a visit that cannot be booked (the same week, nearest first). */
export const seriesAlternativeRecord = /* @__PURE__ */ pure(() => z.object({
  date: z.string(),
  time: z.string(),
  startUtc: z.string(),
  /** 'Tue, Mar 10, 11:00 AM EDT' */
  label: z.string(),
  /** Who is free then (practitioner packages); empty on the clinic-wide schedule. */
  practitionerIds: z.array(z.string()),
}));

/** One visit of a preview. */
export const seriesVisitPreviewRecord = /* @__PURE__ */ pure(() => z.object({
  /** 1-based place in the series. */
  number: z.number(),
  date: z.string(),
  time: z.string(),
  /** Null when the local time does not exist that day (a clock change gap). */
  startUtc: z.nullable(z.string()),
  label: z.string(),
  /** free: it can be booked; taken: someone has it; closed: the clinic or practitioner does not work then; past. */
  status: z.enum(['free', 'taken', 'closed', 'past', 'too-far']),
  /** Who would be booked (free visits of practitioner packages), in the order they are tried. */
  practitionerIds: z.array(z.string()),
  alternatives: z.array(seriesAlternativeRecord),
}));

/** `data` of POST /bookings/series/preview. */
export const seriesPreviewReply = /* @__PURE__ */ pure(() => z.object({
  timeZone: z.string(),
  packageName: z.string(),
  visits: z.array(seriesVisitPreviewRecord),
  free: z.number(),
  conflicts: z.number(),
}));

/** A series as staff see it: its rule, and its visits (bookings) in time order. */
export const seriesViewRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  packageId: z.string(),
  packageName: z.string(),
  everyWeeks: z.number(),
  time: z.string(),
  timeZone: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  createdAt: z.string(),
  visits: z.array(bookingViewRecord),
  /** 'held' until a patient's course is paid or confirmed; 'expired' when it never was (its visits released). */
  status: z.enum(['held', 'booked', 'expired']),
  /** A course paid up front: what was refunded of its payment in Stripe by hand (the visits' own refunds are on them). */
  refundedByHandCents: z.number(),
}));

/** `data` of POST /bookings/series and GET /bookings/series/{id}. */
export const seriesReply = seriesViewRecord;

/** `data` of POST /bookings/series/{id}/cancel: the visits cancelled now, and the series after. */
export const seriesCancelReply = /* @__PURE__ */ pure(() => z.object({
  cancelled: z.array(bookingViewRecord),
  series: seriesViewRecord,
}));

// ---------------------------------------------------------------------------------------------
// The patient's series on the booking page (issue 37.1): the package must allow it
// (shared/bookings/series-policy.ts); every 1 to 4 weeks, 2 visits to the package's limit.

export const PATIENT_SERIES_MESSAGES = {
  every: 'Repeat every 1 to 4 weeks',
  notOffered: 'This package cannot be booked as a series.',
  tooMany: (max: number) => `This package can be booked for at most ${max} visits.`,
} as const;

/** The rule a patient asks for: their chosen first time, every N weeks, N visits. */
export const patientSeriesRuleShape = {
  apiKey: requiredString('apiKey is required'),
  packageId: requiredString(BOOKING_MESSAGES.package, z.maxLength(64, BOOKING_MESSAGES.package)),
  practitionerId: practitionerChoice,
  startDate: dateField(SERIES_MESSAGES.startDate),
  time: timeField,
  everyWeeks: z.number(PATIENT_SERIES_MESSAGES.every).check(z.int(PATIENT_SERIES_MESSAGES.every), z.minimum(1, PATIENT_SERIES_MESSAGES.every), z.maximum(4, PATIENT_SERIES_MESSAGES.every)),
  count: z.number(SERIES_MESSAGES.count).check(z.int(SERIES_MESSAGES.count), z.minimum(2, SERIES_MESSAGES.count), z.maximum(MAX_SERIES_VISITS, SERIES_MESSAGES.count)),
};

/** POST /bookings/preview-patient-series (public). */
export const patientSeriesPreviewSchema = z.object(patientSeriesRuleShape);
export type PatientSeriesPreviewInput = z.input<typeof patientSeriesPreviewSchema>;

/** POST /bookings/create-patient-series (public): the rule, the patient, and the visits they chose from its preview. */
export const patientSeriesBookSchema = z.object({
  ...patientSeriesRuleShape,
  firstName: seriesRuleShape.firstName,
  lastName: seriesRuleShape.lastName,
  email: seriesRuleShape.email,
  phoneNumber: seriesRuleShape.phoneNumber,
  locale: patientLocale,
  visits: z.array(chosenVisitSchema).check(z.minLength(1, SERIES_MESSAGES.noVisits), z.maxLength(MAX_SERIES_VISITS, SERIES_MESSAGES.tooMany)),
  /** The package's intake form's answers (asked before booking), kept with the first visit. */
  intake: intakeAnswers,
});
export type PatientSeriesBookInput = z.input<typeof patientSeriesBookSchema>;

/** `data` of POST /bookings/preview-patient-series: the visits, and what the page tells before the patient commits. */
export const patientSeriesPreviewReply = /* @__PURE__ */ pure(() => z.extend(seriesPreviewReply, {
  /** 'course': paid up front, every visit together; 'per_visit': each visit by the package's mode (nothing online). */
  seriesPayment: z.enum(SERIES_PAYMENTS),
  maxVisits: z.number(),
  /** One visit's policy: what it costs now and at the visit (minor units of `currency`). */
  visitPolicy: paymentPolicyRecord,
  currency: z.string(),
}));

/** `data` of POST /bookings/create-patient-series. */
export const patientSeriesBookReply = /* @__PURE__ */ pure(() => z.object({
  seriesId: z.string(),
  /** held: pay (or save the card) at `checkoutUrl` before `holdExpiresAt`; confirmed: nothing due online. */
  status: z.enum(['held', 'confirmed']),
  checkoutUrl: z.nullable(z.string()),
  holdExpiresAt: z.nullable(z.string()),
  /** Charged now for the whole course (0 for a card saved or a payment at the clinic). */
  amountMinor: z.number(),
  currency: z.string(),
  packageName: z.string(),
  timeZone: z.string(),
  visits: z.array(z.object({ bookingId: z.string(), bookingDate: z.string(), bookingTime: z.string(), startUtc: z.string(), practitionerName: z.nullable(z.string()) })),
  /** While held: gives the held visits back at once (POST /bookings/release-hold with the first visit's id). */
  releaseToken: z.optional(z.string()),
  /** Confirmed at once (paid at the clinic): what the booking page shows, every visit listed. */
  confirmation: z.optional(getConfirmationReply),
}));
