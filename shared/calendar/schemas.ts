// The calendar (console /calendar): the range query and the move of an appointment or a booking.
// Used by the console and the handlers, so both give the same messages.
import * as z from 'zod/mini';
import { addDays, normaliseTime, parseDate } from '../bookings/slots';
import { BOOKING_MESSAGES } from '../bookings/form';
import { listOf, pure, requiredString } from '../common/schemas';
import { appointmentViewRecord } from '../appointments/records';
import { bookingViewRecord } from '../bookings/records';
import { calendarViewRecord, calendarFeedViewRecord } from './records';

export const CALENDAR_KINDS = ['appointment', 'booking'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

export const CALENDAR_MESSAGES = {
  full: 'That time is full. Please choose another time.',
  sameTime: 'It is at that time already.',
} as const;

/** The longest range one read covers: a month view's six weeks, and a few days either side. */
export const CALENDAR_MAX_DAYS = 62;

const date = (name: string) => requiredString(`${name} is required`, z.refine((v) => parseDate(v) !== undefined, `${name} must be a date such as 2030-01-31`));

/** Both dates are dates (the range checks run only then; the field's own message says what is wrong). */
const valid = (q: { start: unknown; end: unknown }) => typeof q.start === 'string' && typeof q.end === 'string' && parseDate(q.start) !== undefined && parseDate(q.end) !== undefined;

/** GET /calendar: local dates in the organisation's zone, `start` inclusive, `end` exclusive. */
export const calendarQuerySchema = z
  .object({
    start: date('start'),
    end: date('end'),
    /** Comma-separated kinds to show (default: every kind the member may read). */
    kinds: z.optional(
      z.pipe(
        z.string(),
        z.transform((v, ctx) => {
          const kinds = v.split(',').map((k) => k.trim()).filter(Boolean);
          const unknown = kinds.find((k) => !(CALENDAR_KINDS as readonly string[]).includes(k));
          if (unknown) ctx.issues.push({ code: 'custom', message: `kinds must be among ${CALENDAR_KINDS.join(', ')}`, input: v });
          return kinds as CalendarKind[];
        }),
      ),
    ),
    /** Only the appointments assigned to this member (bookings have no assignee, so none are shown). */
    assignee: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'assignee must be a member id'))),
    /** Only what this practitioner sees the patient for (bookings and appointments). */
    practitionerId: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'practitionerId must be a practitioner id'))),
  })
  .check(
    z.refine((q) => !valid(q) || q.start < q.end, 'end must be after start'),
    z.refine((q) => !valid(q) || q.end <= addDays(q.start, CALENDAR_MAX_DAYS), `The calendar shows at most ${CALENDAR_MAX_DAYS} days at once`),
  );
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

/** A move: the new local date and time in the organisation's zone (and, for an appointment, the version moved). */
export const calendarMoveSchema = z.object({
  bookingDate: requiredString(BOOKING_MESSAGES.date, z.refine((v) => parseDate(v) !== undefined, BOOKING_MESSAGES.dateFormat)),
  bookingTime: z.pipe(
    requiredString(BOOKING_MESSAGES.time, z.refine((v) => normaliseTime(v) !== undefined, BOOKING_MESSAGES.timeFormat)),
    z.transform((v) => normaliseTime(v)!),
  ),
  version: z.optional(z.number('version must be a number')),
  /** A practitioner booking may move to another practitioner who offers its package. */
  practitionerId: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Unknown practitioner'))),
});
export type CalendarMove = z.input<typeof calendarMoveSchema>;

/** A booking's move (POST /bookings/booking/{id}/move): `notify` false moves it without mailing the patient. */
export const bookingMoveSchema = z.extend(calendarMoveSchema, {
  notify: z.optional(z.boolean('notify must be true or false')),
});
export type BookingMove = z.input<typeof bookingMoveSchema>;

// Replies: what each operation's `data` holds (endpoint({ reply }), functions/http/http.ts).

/** `data` of GET /calendar. */
export const listCalendarReply = calendarViewRecord;

/** `data` of POST /bookings/booking/{id}/move. */
export const moveBookingReply = bookingViewRecord;

/** `data` of PATCH /appointments/{id}/reschedule. */
export const rescheduleAppointmentReply = appointmentViewRecord;

/** `data` of GET /calendar/feeds. */
export const listFeedsReply = /* @__PURE__ */ pure(() => listOf(calendarFeedViewRecord));
