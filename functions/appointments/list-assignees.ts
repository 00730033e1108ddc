// GET /appointments/assignees: the members an appointment can be assigned to (those who may read
// appointments), for the console's assign menu. Needs Appointment write, not Members read.
import { listAssigneesReply } from '#shared/appointments/schemas';
import { can } from '#shared/permissions';
import { endpoint } from '#http/http';
import { listAllMembers } from '../data/members';
import { memberName } from '#domain/appointments/actors';

export const handler = endpoint({ reply: listAssigneesReply }, async ({ caller }) => {
  const members = await listAllMembers(caller.orgId);
  const items = members
    .filter((m) => can(m, 'Appointment', 'read'))
    .map((m) => ({ userId: m.userId, name: memberName(m), email: m.email, isOwner: m.isOwner === true, status: m.status ?? 'active' }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { data: { items } };
});
