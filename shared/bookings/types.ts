// What the bookings API answers, as the console reads it (the handlers build exactly these).
import type { BookingStatus, PaymentStatus } from '../schemas/bookings';
import type { Interval, Weekday } from './time';
import type { Currency } from '../currency';
import type { Locale } from '../i18n/locales';

export interface BookingPackageView {
  id: string;
  packageName: string;
  /** Major units of `currency` (dollars for a USD clinic, yen for a JPY one). */
  packagePrice: number;
  /** Minor units of `currency` (the same as packagePriceMinor; named before currencies). */
  packagePriceCents: number;
  packagePriceMinor: number;
  /** Lowercase ISO code of the price. */
  currency: Currency;
  packageDescription: string;
  redirectionUrl: string;
  isActive: boolean;
  /** The appointment's length (the clinic's slot length when the package has none of its own). */
  durationMinutes: number | null;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** Start times every this many minutes (null: the duration). */
  slotGridMinutes: number | null;
  /** null: the clinic's own. */
  minNoticeMinutes: number | null;
  maxDaysAhead: number | null;
  /** Who offers it ([]: the clinic-wide schedule). */
  practitionerIds: string[];
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A booking's own fields, stored and shown alike (the data layer adds its own, e.g. orgId). */
export interface BookingFields {
  id: string;
  packageId: string;
  packageName: string;
  /** Minor units of `currency`. */
  priceCents: number;
  /** What the booking is priced and paid in (absent on bookings from before currencies: read as USD). */
  currency: Currency;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  /** The patient's language (their page's when they booked; absent on older bookings: the clinic's default, else English). */
  locale?: Locale;
  /** Local date and time the visitor chose, in `timeZone`. */
  bookingDate: string;
  bookingTime: string;
  timeZone: string;
  startUtc: string;
  endUtc: string;
  durationMinutes: number;
  /** Who the booking is with (absent on bookings made before practitioners, or of clinic-wide packages). */
  practitionerId?: string | null;
  practitionerName?: string | null;
  /** The practitioner's time kept free around it (minutes). */
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
  status: BookingStatus;
  paymentStatus: PaymentStatus;
  /** While held: when the hold runs out (the Checkout session expires a little before). */
  holdExpiresAt: string | null;
  stripeSessionId: string | null;
  paymentIntentId: string | null;
  amountPaidCents: number | null;
  refundedCents: number | null;
  payerEmail: string | null;
  paidAt: string | null;
  confirmedAt: string | null;
  expiredAt: string | null;
  cancelledAt: string | null;
  cancelledBy: string | null;
  confirmationSentAt: string | null;
  /** How often the time was changed (the calendar file's SEQUENCE: 0 as booked, +1 per move). */
  sequence?: number;
  /** Set when staff must act: paid for a place that was no longer held (refund or rebook). */
  needsAttention: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A booking as the API shows it: its fields, with amounts in dollars and the time as a person reads it. */
export interface BookingView extends BookingFields {
  /** Major units of `currency` (the spec's field); priceMinor (= priceCents) in minor units. */
  price: number;
  priceMinor: number;
  amountPaid: number | null;
  /** e.g. 'Monday, March 9, 2026 at 9:00 AM EDT' */
  bookingTimeLabel: string;
  timeZoneName: string;
}

export interface AvailabilityView {
  configured: boolean;
  timeZone: string;
  timeZoneName: string;
  weeklyHours: Record<Weekday, Interval[]>;
  slotMinutes: number;
  capacity: number;
  closedDates: string[];
  minNoticeMinutes: number;
  maxDaysAhead: number;
  updatedAt: string | null;
  updatedBy: string | null;
}
