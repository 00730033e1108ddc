// One member of the caller's organisation (the edit-permissions page).
import { getMemberReply } from '#shared/organization/schemas';
import { notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { getMembership, toMemberView } from '../data/members';

export const handler = endpoint({ reply: getMemberReply }, async ({ params, caller }) => {
  const member = await getMembership(caller.orgId, params.id);
  if (!member) throw notFound('This member was not found.');
  return { data: toMemberView(member) };
});
