// Change a member's module permissions (Members write). The owner cannot be changed, nobody changes
// their own, and a member who is not the owner only moves flags they hold themselves. The member is
// told by a notice written with the change.
import { memberUpdateSchema, updateMemberReply } from '#shared/organization/schemas';
import { conflict, forbidden, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { changeMemberRoles, getMembership, normaliseRoles, toMemberView } from '../data/members';
import { assertMayChange, describeRoles, sameRoles } from './lib/rules';

export const handler = endpoint({ body: memberUpdateSchema, reply: updateMemberReply }, async ({ body, caller }) => {
  if (body.userId === caller.userId) throw forbidden('You cannot change your own permissions.');
  const member = await getMembership(caller.orgId, body.userId);
  if (!member) throw notFound('This member was not found.');
  if (member.isOwner) throw forbidden("The owner's permissions cannot be changed.");
  const before = normaliseRoles(member.roles);
  const roles = normaliseRoles(body.permissions);
  assertMayChange(caller, before, roles);
  if (sameRoles(before, roles)) return { message: 'Nothing changed.', data: toMemberView(member) };

  const now = new Date().toISOString();
  const changed = await changeMemberRoles(member, roles, now, caller.userId, `Changed permissions of ${member.email}: ${describeRoles(before)} -> ${describeRoles(roles)}`, {
    notice: { userIds: [member.userId], title: 'Your permissions changed', message: `You now have: ${describeRoles(roles)}.`, link: '/dashboard' },
  });
  if (!changed) throw conflict('This member was changed at the same moment. Please reload and try again.');
  return { message: 'The permissions are saved.', data: toMemberView({ ...member, roles, updatedAt: now }) };
});
