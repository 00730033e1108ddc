// The patient's links (offer, leave): the clinic from the booking page's key, then the entry or offer
// and its token (only hashes are kept). Another clinic's id or a wrong token answer as none at all.
import { notFound } from '#lib/errors';
import { WAITLIST_MESSAGES } from '#shared/waitlist/schemas';
import { findOrgIdByApiKey } from '../../data/organizations';
import { getEntry, getOffer, tokenHash } from '../../data/waitlist';
import { UNKNOWN_BOOKING_PAGE } from '#domain/bookings/views';

async function orgOf(apiKey: string): Promise<string> {
  const orgId = await findOrgIdByApiKey(apiKey);
  if (!orgId) throw notFound(UNKNOWN_BOOKING_PAGE);
  return orgId;
}

export async function offerByLink(apiKey: string, offerId: string, token: string) {
  const orgId = await orgOf(apiKey);
  const offer = await getOffer(orgId, offerId);
  if (!offer || offer.tokenHash !== tokenHash(token)) throw notFound(WAITLIST_MESSAGES.leaveLink);
  return offer;
}

export async function entryByLink(apiKey: string, entryId: string, token: string) {
  const orgId = await orgOf(apiKey);
  const entry = await getEntry(orgId, entryId);
  if (!entry || !entry.tokenHashes?.has(tokenHash(token))) throw notFound(WAITLIST_MESSAGES.leaveLink);
  return entry;
}
