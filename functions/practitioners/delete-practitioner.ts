// DELETE /practitioners/{id}: removes a practitioner (soft: past bookings keep their name). Refused
// while they hold time ahead (bookings or appointments): those must be moved or cancelled first.
import { PRACTITIONER_MESSAGES } from '#shared/schemas/practitioners';
import { conflict, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { deletePractitionerItems, getPractitioner, takenBlocks } from '../data/practitioners';
import { PRACTITIONER_NOT_FOUND } from './lib/view';

/** How far ahead time is looked for: the longest booking horizon a package may have. */
const HORIZON_DAYS = 731;

export const handler = endpoint({}, async ({ params, caller }) => {
  const p = await getPractitioner(caller.orgId, params.id ?? '', true);
  if (!p || p.deletedAt) throw notFound(PRACTITIONER_NOT_FOUND);
  const now = Date.now();
  if ((await takenBlocks(caller.orgId, p.id, now, now + HORIZON_DAYS * 86_400_000)).length) throw conflict(PRACTITIONER_MESSAGES.hasBookings);
  const at = new Date().toISOString();
  await deletePractitionerItems(p, caller.userId, at);
  return { message: 'Practitioner deleted.', data: { id: p.id, deletedAt: at } };
});
