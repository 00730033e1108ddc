// The manage records: zod/mini schemas of what its operations' `data` holds, shared by the handlers'
// `reply`, the API document and the console; each is a plain JSON shape (dates are ISO strings).
import * as z from 'zod/mini';
import { pure } from '../common/schemas';
import { CURRENCIES } from '../currency';
import { publicBrandRecord } from '../common/records';
import { paymentPolicyRecord } from '../bookings/payment-policy';

/** `ManageView` (shared/manage/schemas.ts): what the manage page shows of a booking or an appointment. */
export const manageViewRecord = /* @__PURE__ */ pure(() => z.object({
  kind: z.enum(['booking', 'appointment']),
  /** The booking's or the appointment's id (its reference). */
  bookingId: z.string(),
  orgName: z.string(),
  /** The patient's language (theirs when they booked, else the clinic's default). */
  clinicLanguage: z.optional(z.nullable(z.string())),
  /** How to reach the clinic (null when it gave none): shown always, and most of all after the cutoff. */
  clinicPhone: z.nullable(z.string()),
  clinicAddress: z.nullable(z.string()),
  /** The clinic's logo and colour (the page's header and buttons). */
  clinicBrand: publicBrandRecord,
  packageName: z.string(),
  /** Who the booking is with (null: clinic-wide package, or made before practitioners). */
  practitionerName: z.nullable(z.string()),
  firstName: z.string(),
  status: z.string(),
  paymentStatus: z.nullable(z.string()),
  bookingDate: z.string(),
  bookingTime: z.string(),
  /** 'Monday, March 9, 2026 at 9:00 AM EDT' */
  whenLabel: z.string(),
  timeZone: z.string(),
  timeZoneName: z.string(),
  durationMinutes: z.nullable(z.number()),
  amountPaidCents: z.nullable(z.number()),
  refundedCents: z.nullable(z.number()),
  /** Changes are possible until this instant (the cutoff before the start). */
  changeableUntil: z.string(),
  canChange: z.boolean(),
  cutoffHours: z.number(),
  /** What a cancellation now refunds, in minor units of `currency` (0: nothing). */
  refundOnCancelCents: z.number(),
  /** The currency of the amounts (lowercase ISO code). */
  currency: z.enum(CURRENCIES),
  /** The clinic's country (ISO 3166 alpha-2, from its time zone; null: unknown): money, dates and the week's first day follow it. */
  clinicRegion: z.nullable(z.string()),
  /** The clinic's public booking key ('Book again' links to its booking page); null for an appointment. */
  bookingPage: z.nullable(z.string()),
  /** The booking's package (null for an appointment). */
  packageId: z.nullable(z.string()),
  /** Who the booking is with now (null: clinic-wide package). */
  practitionerId: z.nullable(z.string()),
  /** Whom the patient may move it to (the package's active practitioners; empty: a clinic-wide package, or not asked). */
  practitioners: z.array(z.object({ id: z.string(), name: z.string(), title: z.string() })),
  /** What the patient agreed to when they booked (issue 36): paid online, due at the visit, the fees and their window; absent for an appointment. */
  paymentPolicy: z.optional(paymentPolicyRecord),
  /** The card held for the fees (its brand and last four digits only); absent when none. */
  card: z.optional(z.object({ brand: z.string(), last4: z.string() })),
  /** When the booking is a visit of a series (issue 37): its visits, and what "this and the following" would cancel now. */
  series: z.optional(z.object({
    id: z.string(),
    visits: z.array(z.object({ bookingId: z.string(), bookingDate: z.string(), bookingTime: z.string(), timeZone: z.string(), whenLabel: z.string(), status: z.string(), current: z.boolean() })),
    /** How many visits "this and the following" cancels now (this one included; 0: none may be cancelled online). */
    following: z.number(),
    /** What cancelling them refunds in all, visit by visit under the policy (minor units of `currency`). */
    refundFollowingCents: z.number(),
  })),
}));
