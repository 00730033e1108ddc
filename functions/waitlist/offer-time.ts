// POST /waitlist/entries/{id}/offer (staff): offer a waiting patient a time by hand. The time is held
// for them for the clinic's window exactly as a freed time is (domain/waitlist/offers.ts: the booking
// page's conditional writes and caps), and they get the offer's mail. Audited with the hold.
import { conflict, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { BOOKING_MESSAGES } from '#shared/bookings/form';
import { staffOfferReply, staffOfferSchema, WAITLIST_MESSAGES } from '#shared/waitlist/schemas';
import { auditItem } from '../data/audit';
import { getEntry } from '../data/waitlist';
import { offerByHand } from '#domain/waitlist/offers';
import { offerView } from './lib/views';

export const handler = endpoint({ body: staffOfferSchema, reply: staffOfferReply }, async ({ body, params, caller, newId }) => {
  const entry = await getEntry(caller.orgId, params.id);
  if (!entry) throw notFound('Waitlist entry not found');
  if (entry.status !== 'waiting') throw conflict(WAITLIST_MESSAGES.entryGone);
  const audit = auditItem({
    orgId: caller.orgId, actorId: caller.userId, module: 'BOOKING_PACKAGES', action: 'create', recordType: 'waitlist-offer', recordId: entry.id,
    summary: `Offered ${body.bookingDate} ${body.bookingTime} to ${entry.firstName} ${entry.lastName} from the waitlist`,
  });
  const outcome = await offerByHand(caller.orgId, entry, { date: body.bookingDate, time: body.bookingTime }, `staff-${caller.orgId}-${newId('offer')}`, [audit]);
  if (outcome.kind === 'held' || outcome.kind === 'told') return { status: 201, message: 'The time is held for the patient and the offer is sent', data: offerView(outcome.offer) };
  if (outcome.kind === 'full') throw conflict(BOOKING_MESSAGES.taken);
  if (outcome.kind === 'too-soon') throw conflict(WAITLIST_MESSAGES.tooSoon);
  throw conflict('This time cannot be offered to this patient: it is not a time of their package, or they already have a booking waiting for payment.');
});
