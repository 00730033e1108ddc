// The patient's manage page (public, /manage#<token>): its calls take the token in the body, never
// in a URL. Used by the page and the handlers, so both give the same messages.
import * as z from 'zod/mini';
import { BOOKING_MESSAGES } from '../bookings/form';
import { normaliseTime, parseDate } from '../bookings/time';
import { requiredString } from './common';
import { listFreeTimesReply } from './bookings';
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
export type ManageView = z.infer<typeof manageViewRecord>;

// Replies: what each operation's `data` holds (endpoint({ reply }), functions/http/http.ts).

/** `data` of POST /public/manage/booking. */
export const manageGetBookingReply = manageViewRecord;

/** `data` of POST /public/manage/slots. */
export const listSlotsReply = listFreeTimesReply;

/** `data` of POST /public/manage/cancel. */
export const manageCancelBookingReply = manageViewRecord;

/** `data` of POST /public/manage/reschedule. */
export const rescheduleBookingReply = manageViewRecord;
