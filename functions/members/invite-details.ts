// What an invitation is for, shown on the accept page before the person chooses a password (public:
// holding the emailed token is the proof). POST so the token stays out of URLs in access logs.
import { inviteTokenSchema, type InviteDetails, inviteDetailsReply } from '#shared/organization/schemas';
import { badRequest } from '#lib/errors';
import { endpoint } from '#http/http';
import { findInvite } from '../data/invites';
import { getMembership, getMemberships } from '../data/members';
import { getOrganization } from '../data/organizations';
import { displayName } from './lib/rules';

const INVALID = 'This invitation link is not valid or has already been used. Ask your organisation to send a new one.';

export const handler = endpoint({ body: inviteTokenSchema, reply: inviteDetailsReply }, async ({ body }) => {
  const invite = await findInvite(body.token);
  if (!invite) throw badRequest(INVALID);
  if (Date.parse(invite.expiresAt) < Date.now()) throw badRequest('This invitation has expired. Ask your organisation to send a new one.');
  const [member, org, people] = await Promise.all([
    getMembership(invite.orgId, invite.userId),
    getOrganization(invite.orgId),
    getMemberships(invite.orgId, [invite.invitedBy]),
  ]);
  if (!member || !org || member.inviteTokenHash !== invite.tokenHash) throw badRequest(INVALID);
  const inviter = people.get(invite.invitedBy);
  const data: InviteDetails = {
    email: member.email,
    firstName: member.firstName,
    lastName: member.lastName,
    organizationName: org.name,
    inviterName: inviter ? displayName(inviter) : org.name,
    expiresAt: invite.expiresAt,
  };
  return { data };
});
