// The reports records: zod/mini schemas of what its operations' `data` holds, shared by the handlers'
// `reply`, the API document and the console; each is a plain JSON shape (dates are ISO strings).
import * as z from 'zod/mini';
import { pure } from '../common/schemas';

/** `Money` (shared/reports/schemas.ts): amounts in minor units (cents) of one currency. */
export const moneyRecord = /* @__PURE__ */ pure(() => z.object({ paid: z.number(), refunded: z.number() }));

/** `WeekFigures` (shared/reports/schemas.ts): one week's figures, each part present only when the member may read its module. */
export const weekFiguresRecord = /* @__PURE__ */ pure(() => z.object({
  /** The Monday the week starts on (local date in the organisation's zone). */
  week: z.string(),
  /** Appointments taking place that week, by their current status (Appointment read). */
  appointments: z.optional(z.object({
    requested: z.number(),
    confirmed: z.number(),
    completed: z.number(),
    cancelled: z.number(),
    'no-show': z.number(),
  })),
  /** Paid bookings for a time in that week, and those of them cancelled since (Bookings read). */
  bookings: z.optional(z.object({ confirmed: z.number(), cancelled: z.number() })),
  /** Card payments received and refunded that week, per currency (lower case, e.g. usd), bookings and forms together (Bookings and Forms read). */
  revenue: z.optional(z.record(z.string(), moneyRecord)),
  /** Form submissions received that week, and how many of them have been paid (Forms read). */
  leads: z.optional(z.object({ received: z.number(), paid: z.number() })),
  /** Visits booked as part of a series for a time that week (cancelled ones taken away), and series booked that week (Bookings read). */
  series: z.optional(z.object({ visits: z.number(), booked: z.number() })),
  /** Offers of freed times made from the waitlist for a time that week (one per patient told), and the times booked from them (Bookings read). */
  waitlist: z.optional(z.object({ offered: z.number(), filled: z.number() })),
}));

/** The period both reports cover (a function: fields built where used, so bundles may drop them). */
const reportPeriodShape = () => ({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /**
   * When the counting began for this organisation: its creation, for organisations created since
   * reports exist. Absent for older ones: what happened before reports existed is not counted.
   */
  reportingSince: z.nullable(z.string()),
});

/** `Report` (shared/reports/schemas.ts; functions/reports/get-report.ts). */
export const reportRecord = /* @__PURE__ */ pure(() => z.object({
  ...reportPeriodShape(),
  weeks: z.array(weekFiguresRecord),
}));

/** `PractitionerWeekFigures` (shared/reports/schemas.ts): one practitioner's figures of one week (GET /reports/practitioners). */
export const practitionerWeekFiguresRecord = /* @__PURE__ */ pure(() => z.object({
  practitionerId: z.string(),
  name: z.string(),
  /** Paid bookings with them for a time that week (those cancelled since left out). */
  bookings: z.number(),
  /** Card payments for their bookings received and refunded that week, per currency (never added across currencies). */
  revenue: z.record(z.string(), moneyRecord),
  /** Minutes of their bookings and of their requested or confirmed appointments that week. */
  bookedMinutes: z.number(),
  /** Minutes they work that week: weekly hours or the date's exception, the clinic's closed dates left out. */
  workingMinutes: z.number(),
  /** bookedMinutes / workingMinutes (0.5 = 50%); null when they work no minutes that week. */
  utilisation: z.nullable(z.number()),
}));

/** `PractitionerReport` (shared/reports/schemas.ts; functions/reports/get-practitioner-report.ts). */
export const practitionerReportRecord = /* @__PURE__ */ pure(() => z.object({
  ...reportPeriodShape(),
  /** Each week of the period (Monday first), with a row per practitioner: the active ones, and others with figures that week. */
  weeks: z.array(z.object({ week: z.string(), practitioners: z.array(practitionerWeekFiguresRecord) })),
}));

/** One currency's money of the visits in a period (GET /reports/collections): what was expected against what came in. */
export const collectionsCurrencyRecord = /* @__PURE__ */ pure(() => z.object({
  currency: z.string(),
  /** Prices of the visits kept, and the fees agreed for no-shows and late cancellations marked. */
  expectedMinor: z.number(),
  /** Paid online, at the clinic and in fees, less refunds. */
  collectedMinor: z.number(),
  /** What the visits kept asked for online when booked: the price, a deposit, or nothing (card held, paid at the clinic). */
  dueNowMinor: z.number(),
  /** Paid online (deposits included). */
  onlineMinor: z.number(),
  /** Of what was paid online, the deposits (the balance is paid at the clinic). */
  depositsMinor: z.number(),
  /** Balances and prices staff recorded as paid at the clinic. */
  atClinicMinor: z.number(),
  /** No-show and late-cancellation fees charged on saved cards. */
  feesMinor: z.number(),
  /** Fees asked for but not received: the card declined them, or the patient's bank wants them to authenticate. */
  feesUnpaidMinor: z.number(),
  refundedMinor: z.number(),
  /** What each visit was expected to bring less what it brought, added up visit by visit (never below 0 for one visit). */
  outstandingMinor: z.number(),
  visits: z.number(),
  noShows: z.number(),
  lateCancellations: z.number(),
}));

/** `data` of GET /reports/collections. */
export const collectionsReportRecord = /* @__PURE__ */ pure(() => z.object({
  ...reportPeriodShape(),
  /** More bookings than one report reads (5000): the figures cover the first ones. */
  truncated: z.boolean(),
  currencies: z.array(collectionsCurrencyRecord),
}));
