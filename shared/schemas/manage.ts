// The patient's manage page (public, /manage#<token>): its calls take the token in the body, never
// in a URL. Used by the page and the handlers, so both give the same messages.
import * as z from 'zod/mini';
import type { Currency } from '../currency';
import { BOOKING_MESSAGES } from '../bookings/form';
import { normaliseTime, parseDate } from '../bookings/time';
import { pure, requiredString } from './common';
import { dayStatusRecord, freeTimeView } from './bookings';
import { manageViewRecord } from './records';

export const MANAGE_MESSAGES = {
  unknown: 'This link is not valid or has expired. Please contact the clinic.',
  appointmentTime: 'To change the time of an appointment, please contact the clinic.',
  closed: (hours: number, clinic: string) =>
    `This booking can no longer be changed online (the clinic allows changes until ${hours} hour${hours === 1 ? '' : 's'} before the start). Please contact ${clinic}.`,
} as const;

const token = requiredString(MANAGE_MESSAGES.unknown);
const date = requiredString(BOOKING_MESSAGES.date, z.refine((v) => parseDate(v) !== undefined, BOOKING_MESSAGES.dateFormat));

export const manageTokenSchema = z.object({ token });
export const manageSlotsSchema = z.object({ token, date });
export const manageRescheduleSchema = z.object({
  token,
  bookingDate: date,
  bookingTime: z.pipe(
    requiredString(BOOKING_MESSAGES.time, z.refine((v) => normaliseTime(v) !== undefined, BOOKING_MESSAGES.timeFormat)),
    z.transform((v) => normaliseTime(v)!),
  ),
});

/** What the manage page shows of a booking (or, with kind 'appointment', of an appointment: cancel only). */
export interface ManageView {
  kind: 'booking' | 'appointment';
  /** The booking's or the appointment's id (its reference). */
  bookingId: string;
  orgName: string;
  /** The clinic's default language for its patients (organisation profile), when it chose one. */
  clinicLanguage?: string | null;
  /** How to reach the clinic (null when it gave none): shown always, and most of all after the cutoff. */
  clinicPhone: string | null;
  clinicAddress: string | null;
  packageName: string;
  /** Who the booking is with (null: clinic-wide package, or made before practitioners). */
  practitionerName: string | null;
  firstName: string;
  status: string;
  paymentStatus: string | null;
  bookingDate: string;
  bookingTime: string;
  /** 'Monday, March 9, 2026 at 9:00 AM EDT' */
  whenLabel: string;
  timeZone: string;
  timeZoneName: string;
  durationMinutes: number | null;
  amountPaidCents: number | null;
  refundedCents: number | null;
  /** Changes are possible until this instant (the cutoff before the start). */
  changeableUntil: string;
  canChange: boolean;
  cutoffHours: number;
  /** What a cancellation now refunds, in minor units of `currency` (0: nothing). */
  refundOnCancelCents: number;
  /** The currency of the amounts (lowercase ISO code). */
  currency: Currency;
}

// Replies: what each operation's `data` holds (endpoint({ reply }), functions/http/http.ts).

/** `data` of POST /public/manage/booking. */
export const manageGetBookingReply = manageViewRecord;

/** `data` of POST /public/manage/slots. */
export const listSlotsReply = /* @__PURE__ */ pure(() => z.object({
  date: z.string(),
  timeZone: z.string(),
  timeZoneName: z.string(),
  timeZoneAbbreviation: z.string(),
  status: dayStatusRecord,
  slotMinutes: z.number(),
  slots: z.array(freeTimeView),
}));

/** `data` of POST /public/manage/cancel. */
export const manageCancelBookingReply = manageViewRecord;

/** `data` of POST /public/manage/reschedule. */
export const rescheduleBookingReply = manageViewRecord;
