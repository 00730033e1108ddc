// GET /bookings/series/{id}: a series of visits, its rule and patient, and its visits as bookings.
import { seriesReply } from '#shared/bookings/series-schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getSeries, seriesVisits } from '../data/series';
import { seriesView } from '#domain/series/view';

export const SERIES_NOT_FOUND = 'Series not found.';

export const handler = endpoint({ reply: seriesReply }, async ({ params, caller }) => {
  const series = await getSeries(caller.orgId, params.id ?? '');
  if (!series) throw notFound(SERIES_NOT_FOUND);
  return { data: seriesView(series, await seriesVisits(series)) };
});
