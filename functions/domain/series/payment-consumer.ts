// Stripe's events for a patient's series paid as a course (metadata.kind 'series', issue 37.1),
// registered in functions/domain/payments/consumers.ts. One Checkout pays the whole course (N × the
// price, or N × the deposit) or saves the card once for every visit; its events move every visit of
// the series together (patient.ts): completed or card saved -> every held visit confirmed, each once
// (a duplicated event, or the setup's two events, change nothing); paid after the Checkout expired ->
// each visit takes its time again where it is still free, as a single booking paid late; expired ->
// every held visit released with its time-freed event, as a single hold is, and the series 'expired';
// refunded (charge.refunded) -> a refund made in Stripe by hand recorded on the series (series-refund.ts);
// a refund failed after it was made -> what was recorded of it corrected, staff told (series-refund.ts).
import { countMetric } from '#lib/log';
import type { CheckoutSession } from '#lib/stripe';
import { getAvailability, rulesOf } from '../../data/availability';
import { getOrganization } from '../../data/organizations';
import { moneyDelta, reportDayOf } from '../../data/reports';
import { getSeries, seriesVisits, type SeriesRecord } from '../../data/series';
import { bookingPaymentSucceededItems } from '../../data/webhooks';
import type { BookingRecord } from '../../data/bookings';
import { PaymentTargetMissing, type PaymentConsumer, type SavedSetup } from '#domain/payments/contract';
import { amountText } from '#domain/payments/amounts';
import { confirmPatientSeries, releasePatientSeries, shares } from './patient';
import { recordSeriesRefund, recordSeriesRefundFailure } from './series-refund';

async function seriesOf(metadata: Record<string, string> | undefined): Promise<{ series: SeriesRecord; visits: BookingRecord[] } | undefined> {
  const { orgId, seriesId } = metadata ?? {};
  if (!orgId || !seriesId) return undefined;
  const series = await getSeries(orgId, seriesId);
  if (!series) {
    if (await getOrganization(orgId)) throw new PaymentTargetMissing(`Series ${seriesId} of ${orgId}`);
    return undefined;
  }
  return { series, visits: await seriesVisits(series) };
}

export const seriesPaymentConsumer: PaymentConsumer = {
  async completed(session: CheckoutSession) {
    const found = await seriesOf(session.metadata);
    if (!found) return;
    const { series, visits } = found;
    const org = await getOrganization(series.orgId);
    const at = new Date().toISOString();
    const split = shares(session.amount_total, visits.length);
    const deposit = visits[0]?.paymentPolicy?.mode === 'deposit';
    const intent = session.payment_intent ?? session.id;
    const first = visits[0];
    // The payment is recorded once, with the first visit confirmed here (its id is the payment's).
    const paymentEvent = await bookingPaymentSucceededItems(series.orgId, first.id, { id: intent, amountCents: session.amount_total, currency: session.currency }, at);
    const done = await confirmPatientSeries(series, visits, org, {
      payment: (_b, i) => ({ stripeSessionId: session.id, paymentIntentId: session.payment_intent, amountPaidCents: split[i], payerEmail: session.customer_details?.email ?? session.customer_email ?? series.email, paidAt: at, paymentStatus: 'paid' }),
      course: { kind: deposit ? 'deposit' : 'paid', paidMinor: session.amount_total },
      firstRows: paymentEvent,
      firstReport: moneyDelta('paid', reportDayOf(at, org?.timeZone ?? series.timeZone), session.currency, session.amount_total, first.practitionerId),
      noticeText: `Paid ${amountText(session.amount_total, session.currency)} for the course.`,
      capacity: visits.some((b) => b.status === 'expired') ? rulesOf(await getAvailability(series.orgId), org?.timeZone).capacity : undefined,
    });
    if (done.some((b, i) => b.status === 'confirmed' && visits[i].status === 'held')) countMetric('PaymentsSucceeded', 1, { kind: 'series', orgId: series.orgId });
  },

  async expired(session: CheckoutSession) {
    const found = await seriesOf(session.metadata);
    if (!found) return;
    await releasePatientSeries(found.visits, session.id);
  },

  async cardSaved(setup: SavedSetup) {
    const found = await seriesOf(setup.metadata);
    if (!found) return;
    const { series, visits } = found;
    const savedCard = { customerId: setup.customerId, paymentMethodId: setup.paymentMethodId, brand: setup.brand, last4: setup.last4 };
    await confirmPatientSeries(series, visits, await getOrganization(series.orgId), {
      payment: () => ({ savedCard, paymentStatus: 'unpaid', ...(setup.sessionId ? { stripeSessionId: setup.sessionId } : {}) }),
      course: { kind: 'card' },
      noticeText: `Card held (${savedCard.brand} •••• ${savedCard.last4}); each visit is paid at the clinic.`,
    });
  },

  refunded: (ref, refund) => recordSeriesRefund(ref, refund),

  refundFailed: (ref, refund) => recordSeriesRefundFailure(ref, refund),

  async setupFailed() {
    // The patient is still in Checkout, which shows them why; the holds run out otherwise.
  },
};
