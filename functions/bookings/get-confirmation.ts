// POST /bookings/confirmation (public): what the booking page shows after paying. Checkout sends the
// patient back with its session id; the session (read back from Stripe, whose metadata names the
// organisation and booking) must belong to the organisation of the apiKey and be the booking's own,
// else 404. A confirmed booking comes with a new manage link (its token is written here, hence a
// write route) and its calendar file; a held one is 'pending' (the payment's event may come after the
// redirect: the page asks again). A series' course Checkout (metadata kind 'series', issue 37.1)
// answers its first visit with every visit's time listed and the series' calendar file (the manage
// links come with the mail: one per visit).
import { CONFIRMATION_MESSAGES, bookingConfirmationSchema, type BookingConfirmation, type ConfirmationStatus, getConfirmationReply } from '#shared/bookings/confirmation-schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { retrieveCheckoutSession } from '#lib/stripe';
import { getBooking, type BookingRecord } from '../data/bookings';
import { getSeries, seriesVisits } from '../data/series';
import { transact } from '../data/core';
import { findOrgIdByApiKey, getOrganization } from '../data/organizations';
import { manageLink } from '#domain/bookings/manage-link';
import { bookingIcs, clinicOf } from '#domain/bookings/mail';
import { confirmationOf } from './lib/confirmation-view';
import { seriesConfirmationOf, seriesStatusOf } from './lib/series-confirmation';

function statusOf(b: BookingRecord, sessionStatus: string): ConfirmationStatus {
  if (b.status === 'held') return sessionStatus === 'expired' ? 'expired' : 'pending';
  return b.status;
}

/** How long after paying the return page may show a manage link. */
const MANAGE_LINK_WINDOW_MS = 60 * 60_000;

export const handler = endpoint({ body: bookingConfirmationSchema, reply: getConfirmationReply }, async ({ body }) => {
  const orgId = await findOrgIdByApiKey(body.apiKey);
  const session = orgId ? await retrieveCheckoutSession(body.sessionId) : undefined;
  const meta = session?.metadata ?? {};
  if (session && meta.kind === 'series') {
    const org = meta.orgId === orgId && meta.seriesId ? await getOrganization(orgId) : undefined;
    const series = org ? await getSeries(org.id, meta.seriesId) : undefined;
    const visits = series ? await seriesVisits(series) : [];
    // Every visit of the series carries this session's id once its Checkout opened: another's is not this series'.
    if (!org || !series || !visits.length || visits.some((b) => b.stripeSessionId && b.stripeSessionId !== session.id)) throw notFound(CONFIRMATION_MESSAGES.unknown);
    return { data: seriesConfirmationOf(series, visits, org, seriesStatusOf(visits, session.status !== 'expired')) };
  }
  const org = session && meta.kind === 'booking' && meta.orgId === orgId ? await getOrganization(orgId) : undefined;
  const booking = org && meta.bookingId ? await getBooking(org.id, meta.bookingId) : undefined;
  // The booking keeps its session's id once Checkout opened: another session's id is not this booking's.
  if (!org || !booking || (booking.stripeSessionId && booking.stripeSessionId !== session!.id)) throw notFound(CONFIRMATION_MESSAGES.unknown);

  const status = statusOf(booking, session!.status);
  const data: BookingConfirmation = confirmationOf(booking, org, status);
  if (status === 'confirmed') {
    data.ics = bookingIcs(booking, clinicOf(org)).content;
    // A manage token works until the booking starts; after that there is nothing left to change. Only
    // for the hour after paying: the session id sits in the return address's query (history, logs),
    // so later the manage link comes from the confirmation mail alone.
    // A card held is not paid: its hour starts when the saved card confirmed it.
    const since = booking.paidAt ?? booking.confirmedAt;
    const justPaid = since !== null && Date.now() - Date.parse(since) < MANAGE_LINK_WINDOW_MS;
    if (justPaid && booking.startUtc > new Date().toISOString()) {
      const manage = manageLink(booking, org);
      await transact([manage.item]);
      data.manageUrl = manage.url;
    }
  }
  return { data };
});
