// POST /bookings/series: book the visits of a series that staff chose from its preview (each a date
// and local time, and with whom), all of them or none: each visit with the conditional writes of a
// single booking (domain/series/take.ts), so it never overlaps another booking or series. A visit taken
// since the preview answers 409 and nothing is booked. The visits are confirmed and paid at the clinic;
// the patient gets one mail with every visit and a calendar file, and endpoints the series.booked webhook.
// Idempotent: the series' and visits' ids come from the Idempotency-Key, and a retry answers as the first.
import { seriesCreateSchema, seriesReply } from '#shared/bookings/series-schemas';
import { endpoint } from '#http/http';
import { bookSeries } from '#domain/series/book';
import { occurrencesOf } from '#domain/series/occurrences';
import { seriesContext } from '#domain/series/preview';
import { seriesView } from '#domain/series/view';

export const handler = endpoint({ body: seriesCreateSchema, reply: seriesReply }, async ({ body, caller, newId }) => {
  const ctx = await seriesContext(caller.orgId, body.packageId, body.practitionerId, new Date());
  // The rule itself must make a series this size (refused past MAX_SERIES_VISITS, as the preview is).
  occurrencesOf(body, ctx.rules.timeZone);
  const { series, visits } = await bookSeries(ctx, { rule: body, visits: body.visits, seriesId: newId('series'), visitId: (i) => newId(`visit-${i}`), actorId: caller.userId });
  return { status: 201, message: `Series booked: ${visits.length} visits.`, data: seriesView(series, visits) };
});
