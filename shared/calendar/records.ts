// The calendar records: zod/mini schemas of what its operations' `data` holds, shared by the handlers'
// `reply`, the API document and the console; each is a plain JSON shape (dates are ISO strings).
import * as z from 'zod/mini';
import { pure } from '../common/schemas';
import { assigneeRecord } from '../appointments/records';

/** `CalendarItem` (shared/calendar/types.ts). */
export const calendarItemRecord = /* @__PURE__ */ pure(() => z.object({
  kind: z.enum(['booking', 'appointment']),
  id: z.string(),
  /** The patient's name and what they come for. */
  title: z.string(),
  /** UTC instants; an appointment has no length of its own (end null). */
  start: z.string(),
  end: z.nullable(z.string()),
  /** Local date and time in the organisation's zone. */
  date: z.string(),
  time: z.string(),
  /** An appointment's status (requested, confirmed, ...) or a booking's (held, confirmed). */
  status: z.string(),
  paymentStatus: z.optional(z.string()),
  assignee: z.optional(z.nullable(assigneeRecord)),
  /** Appointments: the version a move must name. */
  version: z.optional(z.number()),
  /** Whether this member may move it (write on its module, and a state that can move). */
  movable: z.boolean(),
  /** Who sees the patient (a practitioner booking or appointment), else null. */
  practitionerId: z.optional(z.nullable(z.string())),
  practitionerName: z.optional(z.nullable(z.string())),
  /** A booking's package (the move dialog lists its free times). */
  packageId: z.optional(z.string()),
}));

/** `CalendarView` (shared/calendar/types.ts). */
export const calendarViewRecord = /* @__PURE__ */ pure(() => z.object({
  timeZone: z.string(),
  /** e.g. 'Eastern Standard Time' */
  timeZoneName: z.string(),
  /** The clinic's country (ISO 3166 alpha-2, from its time zone; null: none): the calendar's week starts on its first day. */
  region: z.nullable(z.string()),
  /** The kinds this member may read (the filter offers these). */
  kinds: z.array(z.enum(['booking', 'appointment'])),
  items: z.array(calendarItemRecord),
  /** More items than one read returns were in the range (narrow it). */
  truncated: z.boolean(),
}));

/** `CalendarFeedView` (shared/calendar/feed-schemas.ts). */
export const calendarFeedViewRecord = /* @__PURE__ */ pure(() => z.object({
  id: z.string(),
  /** null: the clinic's feed (every practitioner, and what has none). */
  practitionerId: z.nullable(z.string()),
  /** The calendar's name in the subscriber's app (X-WR-CALNAME) as it was when made. */
  name: z.string(),
  /** Whether it shows appointments too (its maker could read them). */
  includesAppointments: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string(),
}));

/**
 * `CalendarFeedCreated` (shared/calendar/feed-schemas.ts): the answer to a feed's creation, the only
 * time the URL is shown (only its hash is kept).
 */
export const calendarFeedCreatedRecord = /* @__PURE__ */ pure(() => z.extend(calendarFeedViewRecord, {
  /** https://.../api/calendar/feed/<token>.ics */
  url: z.string(),
  /** The same as webcal://, which opens the calendar app's subscribe dialog. */
  webcalUrl: z.string(),
}));
