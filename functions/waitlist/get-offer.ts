// POST /waitlist/offer (public): what the offer's link shows the patient: the time, until when it is
// held (or open), its price, and whether it can still be booked. A POST, so the token stays out of logs' URLs.
import { endpoint } from '#http/http';
import { getOfferReply, offerLinkSchema } from '#shared/waitlist/schemas';
import { getBooking } from '../data/bookings';
import { getOrganization } from '../data/organizations';
import { getEntry } from '../data/waitlist';
import { offerByLink } from './lib/link';
import { offerView } from './lib/views';

export const handler = endpoint({ body: offerLinkSchema, reply: getOfferReply }, async ({ body }) => {
  const offer = await offerByLink(body.apiKey, body.offerId, body.token);
  const [org, entry, booking] = await Promise.all([getOrganization(offer.orgId), getEntry(offer.orgId, offer.entryId), offer.bookingId ? getBooking(offer.orgId, offer.bookingId) : undefined]);
  const view = offerView(offer);
  // The held booking says best where it stands: paid (taken), or its hold over.
  const status = booking?.status === 'confirmed' ? 'taken' : booking && booking.status !== 'held' && view.status === 'open' ? 'lapsed' : view.status;
  const { id, mode, packageId, packageName, practitionerId, practitionerName, startUtc, endUtc, bookingDate, bookingTime, timeZone, priceMinor, currency, expiresAt } = view;
  return {
    data: {
      id, status, mode, packageId, packageName, practitionerId, practitionerName, startUtc, endUtc, bookingDate, bookingTime, timeZone, priceMinor, currency, expiresAt,
      clinicName: org?.name ?? '', firstName: entry?.firstName ?? '',
    },
  };
});
