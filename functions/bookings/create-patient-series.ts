// POST /bookings/create-patient-series (public): hold the visits the patient chose from their series'
// preview, all of them or none (domain/series/patient.ts: the staff series' conditional writes, the
// first visit counted in the patient's hold claims: one unpaid hold per email and phone, a few per
// network), then pay as the package says, for the whole course at once: 'full' one Checkout of every
// visit's price, 'deposit' one of every visit's deposit, 'card_on_file' one setup Checkout saving the
// card for every visit, 'at_clinic' nothing online (confirmed at once, one mail listing every visit).
// Paid or saved, Stripe's event confirms every visit together (domain/series/payment-consumer.ts); an
// expired Checkout, or holds that run out, free every visit. A visit taken since the preview: 409,
// nothing held. Idempotent: the series' and visits' ids come from the Idempotency-Key, and a retry
// finishes what a failure left half-way (the visits not held yet, the Checkout not opened yet, the
// visits paid at the clinic not confirmed yet), then answers with the series it held. A course's held visits carry a release token's hash (its Checkout's
// cancel address and the reply carry the token): the page gives every visit back at once through
// POST /bookings/release-hold with the first visit's id, as a single hold is given back.
import { currencyOf } from '#shared/currency';
import { patientSeriesBookReply, patientSeriesBookSchema } from '#shared/bookings/series-schemas';
import { stripeLocaleOf } from '#shared/i18n/locales';
import type * as z from 'zod/mini';
import { clientKey, endpoint } from '#http/http';
import { conflict, tooManyRequests } from '#lib/errors';
import { patientTexts } from '#lib/i18n';
import { countMetric } from '#lib/log';
import { createCheckoutSession } from '#lib/stripe';
import { createSetupCheckoutSession } from '#lib/stripe-setup';
import { getBooking, type BookingRecord } from '../data/bookings';
import { emailClaim, networkClaim, phoneClaim } from '../data/hold-claims';
import { getSeries, type SeriesRecord } from '../data/series';
import { NETWORK_HOLDS, networkOf } from '#domain/bookings/hold-limits';
import { updateBooking } from '#domain/bookings/places';
import { bookingPageUrl } from '#domain/bookings/views';
import { bookingPageIntake, saveIntake } from '#domain/intake/intake';
import { patientCustomerId } from '#domain/payments/customers';
import { ClaimFullError, confirmPatientSeries, holdPatientSeries, releasePatientSeries, resumePatientSeries, type PatientSeriesHold } from '#domain/series/patient';
import type { SeriesContext } from '#domain/series/preview';
import { successUrlOf } from './lib/booking-choice';
import { CHECKOUT_MINUTES } from './lib/open-checkout';
import { patientSeriesOf } from './lib/patient-series';
import { HOLD_LIMIT_MESSAGES, minutesUntil } from './lib/take-place';
import { releaseTokenHash } from './lib/release-token';
import { seriesConfirmationOf } from './lib/series-confirmation';
import type { Organization } from '../data/organizations';

type Data = z.input<typeof patientSeriesBookReply>;

/** The same request again after its visits' holds ended unpaid: nothing is held any more. */
export const SERIES_HOLD_ENDED = 'This series is no longer held: its time to pay ran out. Please choose your visits again.';

function replyOf(series: SeriesRecord, visits: readonly BookingRecord[], checkoutUrl: string | null, releaseToken: string, org: Organization): Data {
  const held = visits.some((b) => b.status === 'held');
  const first = visits[0];
  const confirmed = visits.some((b) => b.status === 'confirmed');
  return {
    ...(held ? { releaseToken } : {}),
    ...(!held && confirmed ? { confirmation: seriesConfirmationOf(series, visits, org, 'confirmed') } : {}),
    seriesId: series.id,
    status: held ? 'held' : 'confirmed',
    checkoutUrl: held ? checkoutUrl : null,
    holdExpiresAt: held ? (first.holdExpiresAt ?? null) : null,
    amountMinor: visits.reduce((sum, b) => sum + (b.paymentPolicy?.dueNowMinor ?? 0), 0),
    currency: currencyOf(first.currency),
    packageName: series.packageName,
    timeZone: series.timeZone,
    visits: visits.map((b) => ({ bookingId: b.id, bookingDate: b.bookingDate, bookingTime: b.bookingTime, startUtc: b.startUtc, practitionerName: b.practitionerName ?? null })),
  };
}

/** The refusal of a claim: the patient's own unpaid hold (409), or their network's (429), with the wait. */
async function claimRefusal(ctx: SeriesContext, error: ClaimFullError, now: Date) {
  const ends = (await Promise.all(error.holders.map((id) => getBooking(ctx.org.id, id)))).map((b) => b?.holdExpiresAt).filter((e): e is string => Boolean(e)).sort();
  const minutes = minutesUntil(ends[0] ?? now.toISOString(), now);
  if (error.claim.kind === 'network') return tooManyRequests(HOLD_LIMIT_MESSAGES.network(minutes), minutes * 60);
  if (error.claim.kind === 'day') return conflict(HOLD_LIMIT_MESSAGES.day);
  return conflict(HOLD_LIMIT_MESSAGES.patient(minutes));
}

/** The course's Checkout: the whole course's price or deposits, or the card saved once. Undefined when nothing is due online. */
async function openCourseCheckout(ctx: SeriesContext, series: SeriesRecord, visits: readonly BookingRecord[], apiKey: string, releaseToken: string) {
  const first = visits[0];
  const mode = first.paymentPolicy?.mode ?? 'full';
  if (mode === 'at_clinic') return undefined;
  const common = {
    currency: currencyOf(first.currency),
    successUrl: successUrlOf(apiKey, ctx.pkg.redirectionUrl, first.locale),
    // Back from Checkout without paying: the page gives every held visit back at once (release-hold).
    cancelUrl: bookingPageUrl(apiKey, 'cancelled', { locale: first.locale, release: { bookingId: first.id, token: releaseToken } }),
    metadata: { kind: 'series', orgId: series.orgId, seriesId: series.id },
    expiresAt: Math.floor(Date.parse(first.createdAt) / 1000) + CHECKOUT_MINUTES * 60,
    locale: stripeLocaleOf(first.locale),
  };
  const t = patientTexts(first.locale);
  if (mode === 'card_on_file') {
    const customerId = await patientCustomerId(series.orgId, first);
    return createSetupCheckoutSession({ ...common, customerId, description: t('pay.cardSetup', { clinic: ctx.org.name }), idempotencyKey: `series-setup-${series.id}` });
  }
  const amount = visits.reduce((sum, b) => sum + (b.paymentPolicy?.dueNowMinor ?? b.priceCents), 0);
  const product = mode === 'deposit' ? t('pay.depositProduct', { package: series.packageName }) : series.packageName;
  return createCheckoutSession({
    ...common,
    amountCents: amount,
    productName: `${product} × ${visits.length} (${ctx.org.name})`.slice(0, 250),
    description: visits.map((b) => `${b.bookingDate} ${b.bookingTime}`).join(', ').slice(0, 500) + ` (${series.timeZone})`,
    customerEmail: first.email,
    idempotencyKey: `series-${series.id}`,
  });
}

export const handler = endpoint({ body: patientSeriesBookSchema, reply: patientSeriesBookReply }, async ({ body, newId, newSecret, event }) => {
  const now = new Date();
  const { ctx } = await patientSeriesOf(body, now);
  const intake = await bookingPageIntake(ctx.pkg, body.intake?.items);
  const seriesId = newId('series');
  // Derived from the Idempotency-Key: a retry answers the same token.
  const releaseToken = newSecret('series-release');
  const locale = body.locale ?? ctx.org.defaultLanguage;
  const patient = { firstName: body.firstName, lastName: body.lastName, email: body.email, phoneNumber: body.phoneNumber, ...(locale ? { locale } : {}) };
  const claims = [emailClaim(body.email), phoneClaim(body.phoneNumber), networkClaim(networkOf(clientKey(event)), NETWORK_HOLDS)];
  const input: PatientSeriesHold = {
    seriesId, visitId: (i) => newId(`visit-${i}`), patient, visits: body.visits,
    rule: { everyWeeks: body.everyWeeks, time: body.time, startDate: body.startDate, count: body.count },
    practitionerChoice: body.practitionerId ?? null, claims,
  };
  // A retry of this key: what the first try left half-way finished, else the series as it is now.
  const before = await getSeries(ctx.org.id, seriesId);
  if (before) {
    const visits = await resumePatientSeries(ctx, before, input);
    // Left before its Checkout was opened, or before its visits paid at the clinic were all confirmed and the series settled.
    const unfinished = !before.settledAt && visits.length === before.bookingIds.length && visits.some((b) => b.status === 'held' || b.status === 'confirmed') && !visits.some((b) => b.checkoutUrl);
    if (!unfinished) {
      if (!visits.some((b) => b.status === 'held' || b.status === 'confirmed')) throw conflict(SERIES_HOLD_ENDED);
      return { status: 201, message: 'Your series is held.', data: replyOf(before, visits, visits[0]?.checkoutUrl ?? null, releaseToken, ctx.org) };
    }
    return finish(ctx, before, visits, body.apiKey, releaseToken);
  }
  const held = await holdPatientSeries(ctx, input).catch(async (error: unknown) => {
    throw error instanceof ClaimFullError ? await claimRefusal(ctx, error, now) : error;
  });
  if (intake) await saveIntake(held.visits[0], intake.form, intake.answers, 'before_booking', ['held'], now);
  return finish(ctx, held.series, held.visits, body.apiKey, releaseToken);
});

/** The held series' Checkout opened (or, nothing due online, its visits confirmed at once), and the reply. */
async function finish(ctx: SeriesContext, series: SeriesRecord, held: BookingRecord[], apiKey: string, releaseToken: string) {
  let visits = held;
  let session: Awaited<ReturnType<typeof openCourseCheckout>>;
  try {
    session = await openCourseCheckout(ctx, series, visits, apiKey, releaseToken);
  } catch (error) {
    // No checkout, no hold: every visit given back at once.
    await releasePatientSeries(visits).catch(() => undefined);
    throw error;
  }
  if (!session) {
    visits = await confirmPatientSeries(series, visits, ctx.org, {
      payment: () => ({ paymentStatus: 'unpaid' }), course: { kind: 'at_clinic' }, noticeText: 'Each visit is paid at the clinic.',
    });
    countMetric('BookingsConfirmed', visits.length, { kind: 'series', orgId: ctx.org.id });
    return { status: 201, message: 'Your series is booked.', data: replyOf(series, visits, null, releaseToken, ctx.org) };
  }
  const at = new Date().toISOString();
  const releaseTokenHashes = [releaseTokenHash(releaseToken)];
  for (const b of visits) await updateBooking(b, { status: ['held'] }, { stripeSessionId: session.id, checkoutUrl: session.url, releaseTokenHashes, updatedAt: at });
  visits = visits.map((b) => ({ ...b, stripeSessionId: session.id, checkoutUrl: session.url, releaseTokenHashes }));
  countMetric('BookingsHeld', visits.length);
  return { status: 201, message: 'Please complete the payment to confirm your series.', data: replyOf(series, visits, session.url, releaseToken, ctx.org) };
}
