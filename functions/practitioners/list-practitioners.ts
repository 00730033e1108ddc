// GET /practitioners: the organisation's practitioners (active first, then by name), each with the
// booking packages that name it.
import { listPractitionersReply } from '#shared/bookings/practitioner-schemas';
import { endpoint } from '#http/http';
import { listPractitioners } from '../data/practitioners';
import { practitionerViews } from './lib/view';

export const handler = endpoint({ reply: listPractitionersReply }, async ({ caller }) => {
  const list = (await listPractitioners(caller.orgId)).sort((a, b) => Number(b.isActive) - Number(a.isActive) || a.name.localeCompare(b.name));
  return { data: { items: await practitionerViews(caller.orgId, list) } };
});
