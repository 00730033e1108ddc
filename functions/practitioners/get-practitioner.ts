// GET /practitioners/{id}: one practitioner of the organisation.
import { getPractitionerReply } from '#shared/bookings/practitioner-schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getPractitioner } from '../data/practitioners';
import { PRACTITIONER_NOT_FOUND, practitionerViews } from './lib/view';

export const handler = endpoint({ reply: getPractitionerReply }, async ({ params, caller }) => {
  const p = await getPractitioner(caller.orgId, params.id ?? '');
  if (!p || p.deletedAt) throw notFound(PRACTITIONER_NOT_FOUND);
  const [view] = await practitionerViews(caller.orgId, [p]);
  return { data: view };
});
