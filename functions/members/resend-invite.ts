// Send a member who has not accepted yet a new invitation link (Members write); the previous link stops
// working. Also the way on when the 7 days passed. The mail is written with the new invitation.
import { noData } from '#shared/common/schemas';
import { memberResendInviteSchema } from '#shared/organization/schemas';
import { conflict, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { newInvite } from '../data/invites';
import { getMembership, replaceInvitation } from '../data/members';
import { getOrganization } from '../data/organizations';
import { invitationMail } from './lib/mails';
import { displayName } from './lib/rules';

export const handler = endpoint({ body: memberResendInviteSchema, reply: noData }, async ({ body, caller }) => {
  const [member, me, org] = await Promise.all([getMembership(caller.orgId, body.userId), getMembership(caller.orgId, caller.userId), getOrganization(caller.orgId)]);
  if (!member || !org) throw notFound('This member was not found.');
  if (member.status !== 'invited') throw conflict('This member has already accepted the invitation.');

  const { token, invite } = newInvite({ orgId: caller.orgId, userId: member.userId, email: member.email, invitedBy: caller.userId });
  const mail = invitationMail(member, org.name, me ? displayName(me) : 'Your organisation', token);
  if (!(await replaceInvitation(member, invite, caller.userId, { mail }))) {
    throw conflict('This member was changed at the same moment. Please reload and try again.');
  }
  return { message: `We emailed ${member.email} a new invitation link.` };
});
