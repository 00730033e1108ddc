// Whether patients may book a series of the package, from a create or an edit (issue 37,
// shared/bookings/series-policy.ts): merged with what the package had and checked with its payment mode
// as a whole, so turning a card-held package into a 'full' one cannot leave a per-visit series that no
// booking page can take.
import { seriesSettingsProblem, type PackageSeries } from '#shared/bookings/series-policy';
import type { PackagePayment } from '#shared/bookings/payment-policy';
import { badRequest } from '#lib/errors';

/** The package's series settings after `body` (over `existing`'s on an edit), or a 400 naming the field. */
export function seriesSettings(body: PackageSeries, payment: PackagePayment, existing: PackageSeries = {}): Required<PackageSeries> {
  const next: Required<PackageSeries> = {
    allowSeries: body.allowSeries ?? existing.allowSeries ?? false,
    seriesPayment: body.seriesPayment ?? existing.seriesPayment ?? 'per_visit',
    seriesMaxVisits: body.seriesMaxVisits === undefined ? (existing.seriesMaxVisits ?? null) : body.seriesMaxVisits,
  };
  const problem = seriesSettingsProblem({ ...next, ...payment });
  if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
  return next;
}
