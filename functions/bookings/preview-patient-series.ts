// POST /bookings/preview-patient-series (public): the booking page's series checked before anything is
// held. From the patient's chosen first time, every 1 to 4 weeks, 2 visits to the package's limit: each
// visit free, or taken, closed, past or too far ahead with up to 3 nearest free times that week (the
// staff preview's own logic, domain/series/preview.ts), and what one visit costs now and at the visit,
// so the page says what the course costs before the patient commits. Nothing is written.
import { currencyOf } from '#shared/currency';
import { paymentPolicyOf } from '#shared/bookings/payment-policy';
import { seriesMaxOf, seriesPaymentOf } from '#shared/bookings/series-policy';
import { patientSeriesPreviewReply, patientSeriesPreviewSchema } from '#shared/bookings/series-schemas';
import { endpoint } from '#http/http';
import { previewVisits } from '#domain/series/preview';
import { patientSeriesOf } from './lib/patient-series';

export const handler = endpoint({ body: patientSeriesPreviewSchema, reply: patientSeriesPreviewReply }, async ({ body }) => {
  const { ctx, occurrences } = await patientSeriesOf(body, new Date());
  const visits = await previewVisits(ctx, occurrences);
  const free = visits.filter((v) => v.status === 'free').length;
  return {
    data: {
      timeZone: ctx.rules.timeZone, packageName: ctx.pkg.packageName, visits, free, conflicts: visits.length - free,
      seriesPayment: seriesPaymentOf(ctx.pkg), maxVisits: seriesMaxOf(ctx.pkg), visitPolicy: paymentPolicyOf(ctx.pkg), currency: currencyOf(ctx.pkg.currency),
    },
  };
});
