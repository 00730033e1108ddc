// The bookings records: zod/mini schemas of what its operations' `data` holds, shared by the handlers'
// `reply`, the API document and the console; each is a plain JSON shape (dates are ISO strings).
import * as z from 'zod/mini';
import { LOCALES } from '../i18n/locales';
import { pure } from '../common/schemas';
import { CURRENCIES } from '../currency';
import { PAYMENT_MODES, paymentPolicyRecord, savedCardRecord } from './payment-policy';
import { SERIES_PAYMENTS } from './series-policy';
import { ATTENDANCES, PAYMENT_STATES, bookingFeeRecord, clinicPaymentRecord } from './visit';

/** What became of a Stripe event: processed, a duplicate, or not ours. */
export const stripeEventOutcomeRecord = /* @__PURE__ */ pure(() => z.enum(['processed', 'duplicate', 'ignored']));

/** `BookingPackageView` (shared/bookings/types.ts). */
export const bookingPackageViewRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  packageName: z.string(),
  /** Major units of `currency` (dollars for a USD clinic, yen for a JPY one). */
  packagePrice: z.number(),
  /** Minor units of `currency` (the same as packagePriceMinor; named before currencies). */
  packagePriceCents: z.number(),
  packagePriceMinor: z.number(),
  /** Lowercase ISO code of the price. */
  currency: z.enum(CURRENCIES),
  packageDescription: z.string(),
  redirectionUrl: z.string(),
  isActive: z.boolean(),
  /** The appointment's length (the clinic's slot length when the package has none of its own). */
  durationMinutes: z.nullable(z.number()),
  bufferBeforeMinutes: z.number(),
  bufferAfterMinutes: z.number(),
  /** Start times every this many minutes (null: the duration). */
  slotGridMinutes: z.nullable(z.number()),
  /** null: the clinic's own. */
  minNoticeMinutes: z.nullable(z.number()),
  maxDaysAhead: z.nullable(z.number()),
  /** Who offers it ([]: the clinic-wide schedule). */
  practitionerIds: z.array(z.string()),
  /** How it is paid (shared/bookings/payment-policy.ts): 'full' for packages saved before the choice. */
  paymentMode: z.enum(PAYMENT_MODES),
  /** A deposit package's deposit: a percentage of the price, or an amount in minor units of `currency`. */
  depositPercent: z.nullable(z.number()),
  depositAmountMinor: z.nullable(z.number()),
  /** Fees a held card may be charged (minor units of `currency`), and the cancellation window in hours. */
  noShowFeeMinor: z.nullable(z.number()),
  lateCancelFeeMinor: z.nullable(z.number()),
  cancellationWindowHours: z.nullable(z.number()),
  /** The clinic's form asked before the visit (null: none), and when: on the booking page before paying, or by mail once confirmed. */
  intakeFormId: z.nullable(z.string()),
  intakeTiming: z.nullable(z.enum(['before_booking', 'by_mail'])),
  /** Patients may book a series on the booking page (false on packages from before), paid per visit or the course up front, of this many visits at most. */
  allowSeries: z.boolean(),
  seriesPayment: z.enum(SERIES_PAYMENTS),
  seriesMaxVisits: z.number(),
  deletedAt: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
}));

/** `Interval` (shared/bookings/practitioner-schemas.ts). */
export const intervalRecord = /* @__PURE__ */ pure(() => z.object({ start: z.string(), end: z.string() }));

/** Hours per weekday (shared/bookings/time.ts WEEKDAYS): the clinic's and each practitioner's. */
const weeklyHours = /* @__PURE__ */ pure(() => z.object({
  monday: z.array(intervalRecord),
  tuesday: z.array(intervalRecord),
  wednesday: z.array(intervalRecord),
  thursday: z.array(intervalRecord),
  friday: z.array(intervalRecord),
  saturday: z.array(intervalRecord),
  sunday: z.array(intervalRecord),
}));

/** `AvailabilityView` (shared/bookings/types.ts). */
export const availabilityViewRecord = /* @__PURE__ */ pure(() => z.object({
  configured: z.boolean(),
  timeZone: z.string(),
  timeZoneName: z.string(),
  weeklyHours,
  slotMinutes: z.number(),
  capacity: z.number(),
  closedDates: z.array(z.string()),
  minNoticeMinutes: z.number(),
  maxDaysAhead: z.number(),
  updatedAt: z.nullable(z.string()),
  updatedBy: z.nullable(z.string()),
}));

/** `PractitionerException` (shared/bookings/practitioner-schemas.ts). */
export const practitionerExceptionRecord = /* @__PURE__ */ pure(() => z.object({
  date: z.string(),
  hours: z.array(intervalRecord),
  note: z.string(),
}));

/** `PractitionerView` (shared/bookings/practitioner-schemas.ts; functions/practitioners/lib/view.ts): a practitioner as the API shows it. */
export const practitionerViewRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  memberId: z.nullable(z.string()),
  color: z.string(),
  weeklyHours,
  exceptions: z.array(practitionerExceptionRecord),
  isActive: z.boolean(),
  /** The booking packages that name this practitioner. */
  packageIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
}));

/**
 * `BookingView` (shared/bookings/types.ts): a booking as the API shows it. Its stored fields
 * (`BookingFields`) are these less `price`, `priceMinor`, `amountPaid`, `bookingTimeLabel` and
 * `timeZoneName`, which only the view adds.
 */
export const bookingViewRecord = /* @__PURE__ */ pure(() => z.object({
  /** The patient's language (their page's when they booked; absent on older bookings: the clinic's default, else English). */
  locale: z.optional(z.enum(LOCALES)),
  /** Major units of `currency` (the spec's field); priceMinor (= priceCents) in minor units. */
  price: z.number(),
  amountPaid: z.nullable(z.number()),
  /** e.g. 'Monday, March 9, 2026 at 9:00 AM EDT' */
  bookingTimeLabel: z.string(),
  timeZoneName: z.string(),
  id: z.string(),
  packageId: z.string(),
  packageName: z.string(),
  /** Minor units of `currency`. */
  priceCents: z.number(),
  priceMinor: z.number(),
  /** What the booking is priced and paid in (absent on bookings from before currencies: read as USD). */
  currency: z.enum(CURRENCIES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  /** Local date and time the visitor chose, in `timeZone`. */
  bookingDate: z.string(),
  bookingTime: z.string(),
  timeZone: z.string(),
  startUtc: z.string(),
  endUtc: z.string(),
  durationMinutes: z.number(),
  /** Who the booking is with (absent on bookings made before practitioners, or of clinic-wide packages). */
  practitionerId: z.optional(z.nullable(z.string())),
  practitionerName: z.optional(z.nullable(z.string())),
  /** The practitioner's time kept free around it (minutes), as booked; stored only with a practitioner, 0 in every reply without. */
  bufferBeforeMinutes: z.optional(z.number()),
  bufferAfterMinutes: z.optional(z.number()),
  status: z.enum(['confirmed', 'cancelled', 'expired', 'held']),
  paymentStatus: z.enum(['pending', 'paid', 'refunded', 'partially_refunded', 'unpaid']),
  /** While held: when the hold runs out (the Checkout session expires a little before). */
  holdExpiresAt: z.nullable(z.string()),
  stripeSessionId: z.nullable(z.string()),
  paymentIntentId: z.nullable(z.string()),
  amountPaidCents: z.nullable(z.number()),
  refundedCents: z.nullable(z.number()),
  payerEmail: z.nullable(z.string()),
  paidAt: z.nullable(z.string()),
  confirmedAt: z.nullable(z.string()),
  expiredAt: z.nullable(z.string()),
  cancelledAt: z.nullable(z.string()),
  cancelledBy: z.nullable(z.string()),
  confirmationSentAt: z.nullable(z.string()),
  /** How often the time was changed (the calendar file's SEQUENCE: 0 as booked, +1 per move). */
  sequence: z.optional(z.number()),
  /** The series of visits this booking is one of (issue 37); null or absent for a single booking. */
  seriesId: z.optional(z.nullable(z.string())),
  /** Set when staff must act: paid for a place that was no longer held (refund or rebook). */
  needsAttention: z.nullable(z.string()),
  /** What the patient agreed to when booking (absent on bookings from before: paid in full). */
  paymentPolicy: z.optional(paymentPolicyRecord),
  /** The card held for fees ('card_on_file' packages), once Stripe saved it. */
  savedCard: z.optional(z.nullable(savedCardRecord)),
  /** The patient's answers to the package's intake form (a form submission), once given; absent or null: none yet. */
  intakeSubmissionId: z.optional(z.nullable(z.string())),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** After the visit (shared/bookings/visit.ts): what staff recorded, the fee, the balance paid at the clinic. */
  attendance: z.optional(z.nullable(z.enum(ATTENDANCES))),
  attendanceAt: z.optional(z.nullable(z.string())),
  fee: z.optional(z.nullable(bookingFeeRecord)),
  clinicPayment: z.optional(z.nullable(clinicPaymentRecord)),
  /** The view's: the one payment state it shows (paymentStateOf), and what is left to pay at the visit. */
  paymentState: z.optional(z.enum(PAYMENT_STATES)),
  balanceDueMinor: z.optional(z.number()),
}));

/** `ConfirmationStatus` (shared/bookings/confirmation-schemas.ts). 'pending': paid or paying, and the payment's event has not confirmed it yet. */
export const confirmationStatusRecord = /* @__PURE__ */ pure(() => z.enum(['pending', 'confirmed', 'cancelled', 'expired']));

/** `BookingConfirmation` (shared/bookings/confirmation-schemas.ts; functions/bookings/get-confirmation.ts). */
export const bookingConfirmationRecord = /* @__PURE__ */ pure(() => z.object({
  status: confirmationStatusRecord,
  packageName: z.string(),
  /** 'Monday, March 9, 2026 at 9:00 AM EDT' */
  bookingTimeLabel: z.string(),
  /** Local 'YYYY-MM-DD' and 'HH:mm' in `timeZone`. */
  date: z.string(),
  time: z.string(),
  timeZone: z.string(),
  /** 'Eastern Daylight Time' */
  timeZoneName: z.string(),
  durationMinutes: z.number(),
  practitionerName: z.nullable(z.string()),
  clinic: z.object({ name: z.string(), phoneNumber: z.string(), address: z.optional(z.string()) }),
  /** A new manage link: only when confirmed and not started yet. */
  manageUrl: z.optional(z.string()),
  /** The booking's calendar file (the confirmation mail's attachment): only when confirmed. */
  ics: z.optional(z.string()),
  /** What was paid, what is due at the visit and what may be charged, in `currency`. */
  paymentPolicy: z.optional(paymentPolicyRecord),
  currency: z.optional(z.enum(CURRENCIES)),
  /** The card held for fees, as the patient recognises it. */
  card: z.optional(z.object({ brand: z.string(), last4: z.string() })),
}));
