// Moving visits of a series (issue 37): one, this and the following ones, or all still ahead. Staff
// choose a new date and time for one visit; the others in scope shift by the same number of days and
// keep the new local time (across clock changes). A preview first (each moved visit free or taken, with
// the nearest free times of its week), then the move: all of them or none.
import * as z from 'zod/mini';
import { pure, requiredString } from '../common/schemas';
import { BOOKING_MESSAGES } from './form';
import { normaliseTime, parseDate } from './time';
import { bookingViewRecord } from './records';
import { MAX_SERIES_VISITS, SERIES_MESSAGES, seriesViewRecord, seriesVisitPreviewRecord } from './series-schemas';

export const SERIES_MOVE_MESSAGES = {
  /** Answered (409) when a time was taken between the preview and the move: nothing was moved. */
  taken: 'Some of these times were just taken. Nothing was moved: please look at the move again.',
  /** Answered (409) when the preview itself has a visit that cannot move there. */
  notFree: 'Some visits cannot move to these times. Choose another time for them or another date.',
  nothing: 'Nothing to move: those visits are cancelled or over already.',
  visitNotInScope: 'A chosen visit is not among the visits being moved.',
} as const;

const date = requiredString(BOOKING_MESSAGES.date, z.refine((v) => parseDate(v) !== undefined, BOOKING_MESSAGES.dateFormat));
const time = z.pipe(
  requiredString(BOOKING_MESSAGES.time, z.refine((v) => normaliseTime(v) !== undefined, BOOKING_MESSAGES.timeFormat)),
  z.transform((v) => normaliseTime(v)!),
);
/** A practitioner's id, or 'any'; absent: each visit stays with its own practitioner. */
const practitionerId = z.optional(z.string().check(z.regex(/^(any|[A-Za-z0-9_-]{1,64})$/, 'Please choose a practitioner')));

const moveShape = {
  /** The visit whose new date and time are given. */
  bookingId: requiredString('bookingId is required'),
  scope: z.enum(['one', 'following', 'all'], SERIES_MESSAGES.scope),
  bookingDate: date,
  bookingTime: time,
  practitionerId,
};

/** POST /bookings/series/{id}/move/preview. */
export const seriesMovePreviewSchema = z.object(moveShape);
export type SeriesMovePreviewInput = z.input<typeof seriesMovePreviewSchema>;

/** POST /bookings/series/{id}/move: the same, and for some visits an alternative chosen from the preview. */
export const seriesMoveSchema = z.object({
  ...moveShape,
  visits: z.optional(z.array(z.object({ bookingId: requiredString('bookingId is required'), date, time, practitionerId })).check(z.maxLength(MAX_SERIES_VISITS, SERIES_MESSAGES.tooMany))),
});
export type SeriesMoveInput = z.input<typeof seriesMoveSchema>;

// Replies

/** One visit of a move's preview: where it is now, and where it would go (free or why not, with alternatives). */
export const seriesMoveVisitRecord = /* @__PURE__ */ pure(() => z.extend(seriesVisitPreviewRecord, {
  bookingId: z.string(),
  /** Its time now: 'Tue, Mar 3, 10:00 AM EST'. */
  fromLabel: z.string(),
}));

/** `data` of POST /bookings/series/{id}/move/preview. */
export const seriesMovePreviewReply = /* @__PURE__ */ pure(() => z.object({
  timeZone: z.string(),
  /** How many days every visit moves by. */
  shiftDays: z.number(),
  visits: z.array(seriesMoveVisitRecord),
  free: z.number(),
  conflicts: z.number(),
}));

/** `data` of POST /bookings/series/{id}/move: the visits moved now, and the series after. */
export const seriesMoveReply = /* @__PURE__ */ pure(() => z.object({
  moved: z.array(bookingViewRecord),
  series: seriesViewRecord,
}));
