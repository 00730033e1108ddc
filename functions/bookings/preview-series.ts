// POST /bookings/series/preview: every visit of a series checked before anything is booked. Staff give
// the patient, the package (and practitioner, or "anyone"), the first date and local time, every how
// many weeks, and a number of visits or an end date; each visit comes back free (with who would see
// the patient) or taken, closed, past or too far ahead, with the nearest free times of that week.
// The local time stays the same across clock changes (domain/series/occurrences.ts). Nothing is written.
import { seriesPreviewReply, seriesPreviewSchema } from '#shared/bookings/series-schemas';
import { endpoint } from '#http/http';
import { occurrencesOf } from '#domain/series/occurrences';
import { previewVisits, seriesContext } from '#domain/series/preview';

export const handler = endpoint({ body: seriesPreviewSchema, reply: seriesPreviewReply }, async ({ body, caller }) => {
  const ctx = await seriesContext(caller.orgId, body.packageId, body.practitionerId, new Date());
  const visits = await previewVisits(ctx, occurrencesOf(body, ctx.rules.timeZone));
  const free = visits.filter((v) => v.status === 'free').length;
  return { data: { timeZone: ctx.rules.timeZone, packageName: ctx.pkg.packageName, visits, free, conflicts: visits.length - free } };
});
