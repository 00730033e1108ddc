// POST /practitioners: a new practitioner with their weekly hours (breaks are the gaps between a
// day's intervals) and dated exceptions; linked to a member or not (a locum who does not sign in).
import { practitionerSchema, createPractitionerReply } from '#shared/bookings/practitioner-schemas';
import { endpoint } from '#http/http';
import { randomId } from '#lib/passwords';
import { savePractitioner, type PractitionerRecord } from '../data/practitioners';
import { checkMember, practitionerViews } from './lib/view';

export const handler = endpoint({ body: practitionerSchema, reply: createPractitionerReply }, async ({ body, caller }) => {
  await checkMember(caller.orgId, body);
  const now = new Date().toISOString();
  const p: PractitionerRecord = { id: `pr_${randomId(8)}`, orgId: caller.orgId, ...body, deletedAt: null, createdAt: now, updatedAt: now };
  await savePractitioner(p, caller.userId, `Added practitioner "${p.name}"`);
  const [view] = await practitionerViews(caller.orgId, [p]);
  return { status: 201, message: 'Practitioner saved.', data: view };
});
