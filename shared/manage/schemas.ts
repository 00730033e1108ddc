// The patient's manage page (public, /manage#<token>): its calls take the token in the body, never
// in a URL. Used by the page and the handlers, so both give the same messages.
import * as z from 'zod/mini';
import { BOOKING_MESSAGES } from '../bookings/form';
import { normaliseTime, parseDate } from '../bookings/time';
import { requiredString } from '../common/schemas';
import { listAvailableDaysReply, listFreeTimesReply } from '../bookings/schemas';
import { manageViewRecord } from './records';

export const MANAGE_MESSAGES = {
  unknown: 'This link is not valid or has expired. Please contact the clinic.',
  appointmentTime: 'To change the time of an appointment, please contact the clinic.',
  closed: (hours: number, clinic: string) =>
    `This booking can no longer be changed online (the clinic allows changes until ${hours} hour${hours === 1 ? '' : 's'} before the start). Please contact ${clinic}.`,
} as const;

const token = requiredString(MANAGE_MESSAGES.unknown);
const date = requiredString(BOOKING_MESSAGES.date, z.refine((v) => parseDate(v) !== undefined, BOOKING_MESSAGES.dateFormat));

/** Whom a booking with a practitioner moves to: one of its package's practitioners (absent: its own). */
const practitionerId = z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Please choose a practitioner')));

export const manageTokenSchema = z.object({ token });
export const manageSlotsSchema = z.object({ token, date, practitionerId });
/** The month view of the reschedule: the free start times of `days` dates from `from`. */
export const manageDaysSchema = z.object({
  token,
  practitionerId,
  from: requiredString('from is required', z.refine((v) => parseDate(v) !== undefined, 'from must be a date such as 2030-01-31')),
  days: z._default(z.number('days must be a number').check(z.int('days must be a whole number'), z.minimum(1, 'days is at least 1'), z.maximum(62, 'days is at most 62')), 42),
});
export const manageRescheduleSchema = z.object({
  token,
  practitionerId,
  bookingDate: date,
  bookingTime: z.pipe(
    requiredString(BOOKING_MESSAGES.time, z.refine((v) => normaliseTime(v) !== undefined, BOOKING_MESSAGES.timeFormat)),
    z.transform((v) => normaliseTime(v)!),
  ),
});

/** What the manage page shows of a booking (or, with kind 'appointment', of an appointment: cancel only). */
export type ManageView = z.infer<typeof manageViewRecord>;

// Replies: what each operation's `data` holds (endpoint({ reply }), functions/http/http.ts).

/** `data` of POST /public/manage/booking. */
export const manageGetBookingReply = manageViewRecord;

/** `data` of POST /public/manage/slots. */
export const listSlotsReply = listFreeTimesReply;

/** `data` of POST /public/manage/days. */
export const manageDaysReply = listAvailableDaysReply;

/** `data` of POST /public/manage/cancel. */
export const manageCancelBookingReply = manageViewRecord;

/** `data` of POST /public/manage/cancel-following. */
export const manageCancelFollowingReply = manageViewRecord;

/** `data` of POST /public/manage/reschedule. */
export const rescheduleBookingReply = manageViewRecord;
