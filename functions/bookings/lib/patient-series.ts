// The booking page's series (issue 37.1), what its two routes share: the clinic found by the page's
// API key (never an orgId from the body), the package's series settings checked (it must allow
// patients a series, with settings that hold together: shared/bookings/series-policy.ts), and the
// rule's size within the package's limit. The visits themselves are the staff series' own
// (domain/series/: occurrences, preview, take), so a patient's series is checked and taken as staff's is.
import * as z from 'zod/mini';
import { patientSeriesOffered, seriesMaxOf } from '#shared/bookings/series-policy';
import { PATIENT_SERIES_MESSAGES, type patientSeriesPreviewSchema } from '#shared/bookings/series-schemas';
import { badRequest, notFound } from '#lib/errors';
import { findOrgIdByApiKey } from '../../data/organizations';
import { UNKNOWN_BOOKING_PAGE } from '#domain/bookings/views';
import { occurrencesOf, type Occurrence } from '#domain/series/occurrences';
import { seriesContext, type SeriesContext } from '#domain/series/preview';

type Rule = z.output<typeof patientSeriesPreviewSchema>;

/** The series' context and its dates, or the 404/400 a person is told. */
export async function patientSeriesOf(rule: Rule, now: Date): Promise<{ ctx: SeriesContext; occurrences: Occurrence[] }> {
  const orgId = await findOrgIdByApiKey(rule.apiKey);
  if (!orgId) throw notFound(UNKNOWN_BOOKING_PAGE);
  const ctx = await seriesContext(orgId, rule.packageId, rule.practitionerId, now);
  if (!patientSeriesOffered(ctx.pkg)) throw badRequest(PATIENT_SERIES_MESSAGES.notOffered, { packageId: PATIENT_SERIES_MESSAGES.notOffered });
  const max = seriesMaxOf(ctx.pkg);
  if (rule.count > max) throw badRequest(PATIENT_SERIES_MESSAGES.tooMany(max), { count: PATIENT_SERIES_MESSAGES.tooMany(max) });
  return { ctx, occurrences: occurrencesOf(rule, ctx.rules.timeZone) };
}
