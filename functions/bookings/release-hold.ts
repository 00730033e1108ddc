// POST /bookings/release-hold (public): the patient gives their unpaid hold back at once, so the same
// patient can choose another time without waiting for it to run out (issue 34). The booking page
// calls it when Checkout sends the patient back through its cancel address (which carries the booking
// and its release token: Stripe fills no session id there), and when the patient chooses another time
// while a hold is waiting. The token is the one create-booking gave that page (only its hash is kept on
// the booking). The Checkout Session is expired at Stripe before the place is given back (places.ts
// giveBackHold), so it cannot be paid after its time went to someone else; a booking paid meanwhile
// is left as it is ('paid'). Idempotent: a hold given back already answers 'released' again.
// A visit of a patient's series (its course's Checkout cancelled, issue 37.1) gives back every visit
// of its series still held (domain/series/give-back.ts).
import { releaseHoldReply, releaseHoldSchema } from '#shared/bookings/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { countMetric } from '#lib/log';
import { getBooking } from '../data/bookings';
import { findOrgIdByApiKey } from '../data/organizations';
import { knowsReleaseToken } from './lib/release-token';
import { giveBackHold } from '#domain/bookings/places';
import { getSeries, seriesVisits } from '../data/series';
import { giveBackPatientSeries } from '#domain/series/give-back';
import { BOOKING_NOT_FOUND, UNKNOWN_BOOKING_PAGE } from '#domain/bookings/views';

export const handler = endpoint({ body: releaseHoldSchema, reply: releaseHoldReply }, async ({ body }) => {
  const orgId = await findOrgIdByApiKey(body.apiKey);
  if (!orgId) throw notFound(UNKNOWN_BOOKING_PAGE);
  const booking = await getBooking(orgId, body.bookingId);
  // Another clinic's booking, or a token that is not this booking's: the same answer as none at all.
  if (!booking || !knowsReleaseToken(booking.releaseTokenHashes, body.token)) throw notFound(BOOKING_NOT_FOUND);
  const wasHeld = booking.status === 'held';
  const series = booking.seriesId ? await getSeries(orgId, booking.seriesId) : undefined;
  const outcome = series ? await giveBackPatientSeries(await seriesVisits(series)) : await giveBackHold(booking);
  if (wasHeld && outcome === 'released') countMetric('HoldsGivenBack');
  return { data: { outcome } };
});
