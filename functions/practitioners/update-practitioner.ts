// PUT /practitioners/{id}: replaces a practitioner's details, hours and exceptions. Saved against the
// version read, so two racing edits cannot lose each other's changes. Bookings made already keep their
// times: changed hours decide only what is offered from now on.
import { practitionerSchema, updatePractitionerReply } from '#shared/bookings/practitioner-schemas';
import { conflict, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getPractitioner, savePractitioner } from '../data/practitioners';
import { PRACTITIONER_NOT_FOUND, checkMember, practitionerViews } from './lib/view';

export const handler = endpoint({ body: practitionerSchema, reply: updatePractitionerReply }, async ({ body, params, caller }) => {
  await checkMember(caller.orgId, body);
  const existing = await getPractitioner(caller.orgId, params.id ?? '', true);
  if (!existing || existing.deletedAt) throw notFound(PRACTITIONER_NOT_FOUND);
  let now = new Date().toISOString();
  if (now <= existing.updatedAt) now = new Date(Date.parse(existing.updatedAt) + 1).toISOString();
  const next = { ...existing, ...body, updatedAt: now };
  if (!(await savePractitioner(next, caller.userId, `Updated practitioner "${next.name}"`, existing.updatedAt))) {
    throw conflict('The practitioner was changed by someone else meanwhile. Please reload and try again.');
  }
  const [view] = await practitionerViews(caller.orgId, [next]);
  return { message: 'Practitioner saved.', data: view };
});
