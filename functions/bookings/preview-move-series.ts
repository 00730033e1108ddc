// POST /bookings/series/{id}/move/preview: where visits of a series would move, before anything moves.
// Staff give one visit's new date and time and how far the change goes (this visit, this and the
// following ones, or all still ahead); every visit in scope shifts by the same number of days and keeps
// the new local time across clock changes. Each comes back free (with who would see the patient) or
// taken, closed, past or too far ahead, with up to 3 free times of its week (the series preview's own
// code, domain/series/preview.ts). Nothing is written.
import { seriesMovePreviewReply, seriesMovePreviewSchema } from '#shared/bookings/series-move-schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getSeries } from '../data/series';
import { previewSeriesMove } from '#domain/series/move';

export const handler = endpoint({ body: seriesMovePreviewSchema, reply: seriesMovePreviewReply }, async ({ body, params, caller }) => {
  const series = await getSeries(caller.orgId, params.id ?? '');
  if (!series) throw notFound('Series not found.');
  return { data: await previewSeriesMove(series, body) };
});
