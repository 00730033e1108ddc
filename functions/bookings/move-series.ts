// POST /bookings/series/{id}/move: move visits of a series (this one, this and the following ones, or
// all still ahead) to the times of their preview, or to the alternatives staff chose, all of them or
// none: each visit with the single move's conditional writes (its old time freed with its time-freed
// event, its booking.rescheduled webhook, its reminder), and a time taken since the preview answers 409
// with nothing moved. The patient gets one mail listing the new times, each visit's calendar event
// updated (same UID, higher SEQUENCE). Idempotent: a retry with the same Idempotency-Key answers as the
// first and moves nothing again (and visits already at their new time are left as they are).
import { seriesMoveReply, seriesMoveSchema } from '#shared/bookings/series-move-schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getSeries } from '../data/series';
import { moveSeriesVisits } from '#domain/series/move';
import { seriesView } from '#domain/series/view';
import { toBookingView } from '#domain/bookings/views';
import { whenText } from '#domain/bookings/mail';

export const handler = endpoint({ body: seriesMoveSchema, reply: seriesMoveReply }, async ({ body, params, caller }) => {
  const series = await getSeries(caller.orgId, params.id ?? '');
  if (!series) throw notFound('Series not found.');
  const { moved, visits } = await moveSeriesVisits(series, body, caller.userId);
  const message = moved.length === 0
    ? 'Nothing to move: those visits are at that time already, cancelled or over.'
    : moved.length === 1 ? `Visit moved to ${whenText(moved[0]).short}.` : `${moved.length} visits moved, from ${whenText(moved[0]).short}.`;
  return { message, data: { moved: moved.map(toBookingView), series: seriesView(series, visits) } };
});
