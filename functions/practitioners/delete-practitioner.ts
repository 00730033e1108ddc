// DELETE /practitioners/{id}: removes a practitioner (soft: past bookings keep their name). Refused
// while they hold time ahead (bookings or appointments): those must be moved or cancelled first.
import { PRACTITIONER_MESSAGES } from '#shared/bookings/practitioner-messages';
import { deletePractitionerReply } from '#shared/bookings/practitioner-schemas';
import { conflict, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { deletePractitionerItems, getPractitioner, takenBlocks } from '../data/practitioners';
import { listAllBookingPackages, saveBookingPackage } from '../data/booking-packages';
import { PRACTITIONER_NOT_FOUND } from './lib/view';

/**
 * The packages naming the practitioner stop naming them (a package left with nobody goes back to the
 * clinic-wide schedule). Each package is saved against the version read; one changed meanwhile is read
 * again, and one still naming the id after that is harmless: nobody offers it (reads skip the deleted).
 */
async function dropFromPackages(orgId: string, practitionerId: string, actorId: string) {
  for (const pkg of (await listAllBookingPackages(orgId)).filter((k) => k.practitionerIds?.includes(practitionerId))) {
    const next = { ...pkg, practitionerIds: pkg.practitionerIds!.filter((id) => id !== practitionerId), updatedAt: new Date(Math.max(Date.now(), Date.parse(pkg.updatedAt) + 1)).toISOString() };
    await saveBookingPackage(pkg, next, { actorId, action: 'update', summary: `Booking package "${pkg.packageName}" is no longer offered by a deleted practitioner` });
  }
}

/** How far ahead time is looked for: the longest booking horizon a package may have. */
const HORIZON_DAYS = 731;

export const handler = endpoint({ reply: deletePractitionerReply }, async ({ params, caller }) => {
  const p = await getPractitioner(caller.orgId, params.id ?? '', true);
  if (!p || p.deletedAt) throw notFound(PRACTITIONER_NOT_FOUND);
  const now = Date.now();
  const until = now + HORIZON_DAYS * 86_400_000;
  if ((await takenBlocks(caller.orgId, p.id, now, until)).length) throw conflict(PRACTITIONER_MESSAGES.hasBookings);
  const at = new Date().toISOString();
  // Checked again inside, closed for bookings: a booking taking their time meanwhile wins, or fails.
  const outcome = await deletePractitionerItems(p, caller.userId, at, now, until);
  if (outcome === 'gone') throw notFound(PRACTITIONER_NOT_FOUND);
  if (outcome === 'has-time') throw conflict(PRACTITIONER_MESSAGES.hasBookings);
  if (outcome === 'changed') throw conflict('The practitioner was changed by someone else meanwhile. Please reload and try again.');
  await dropFromPackages(caller.orgId, p.id, caller.userId);
  return { message: 'Practitioner deleted.', data: { id: p.id, deletedAt: at } };
});
