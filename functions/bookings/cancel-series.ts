// POST /bookings/series/{id}/cancel: staff cancel visits of a series: one, this and the following
// ones, or all that are still ahead. Each visit is cancelled as a single booking is (its place given
// back, time-freed written, its webhook, an audit entry); the patient gets one mail listing them with
// a calendar file per visit that removes it. A visit cancelled already is left as it is.
import { seriesCancelReply, seriesCancelSchema } from '#shared/bookings/series-schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getSeries, seriesVisits } from '../data/series';
import { cancelSeriesVisits } from '#domain/series/cancel';
import { seriesView } from '#domain/series/view';
import { toBookingView } from '#domain/bookings/views';

export const handler = endpoint({ body: seriesCancelSchema, reply: seriesCancelReply }, async ({ body, params, caller }) => {
  const series = await getSeries(caller.orgId, params.id ?? '');
  if (!series) throw notFound('Series not found.');
  const cancelled = await cancelSeriesVisits(series, body.bookingId, body.scope, caller.userId);
  const message = cancelled.length ? `${cancelled.length} visit${cancelled.length === 1 ? '' : 's'} cancelled.` : 'Nothing to cancel: those visits are cancelled or over already.';
  return { message, data: { cancelled: cancelled.map(toBookingView), series: seriesView(series, await seriesVisits(series)) } };
});
