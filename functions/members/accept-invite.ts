// Accept an invitation (public: the emailed token is the proof): choose a password, which also verifies
// the email, and sign in. Answers like a successful login (201, access token, user and flags). The token
// works once and for 7 days; removing the member or sending a new link revokes it. Staff hear of it
// through a notice written with the acceptance.
import { acceptInviteSchema, acceptInviteReply } from '#shared/organization/schemas';
import { badRequest } from '#lib/errors';
import { clientAddress, endpoint } from '#http/http';
import { hashPassword } from '#lib/passwords';
import { signedInReply } from '#domain/account/auth-replies';
import { findInvite } from '../data/invites';
import { acceptInvitation, getMembership } from '../data/members';
import { getUser } from '../data/users';
import { displayName } from './lib/rules';

const INVALID = 'This invitation link is not valid or has already been used. Ask your organisation to send a new one.';

export const handler = endpoint({ body: acceptInviteSchema, reply: acceptInviteReply }, async ({ body, event }) => {
  const invite = await findInvite(body.token);
  if (!invite) throw badRequest(INVALID);
  if (Date.parse(invite.expiresAt) < Date.now()) throw badRequest('This invitation has expired. Ask your organisation to send a new one.');
  const [user, member] = await Promise.all([getUser(invite.userId), getMembership(invite.orgId, invite.userId)]);
  if (!user || !member || member.inviteTokenHash !== invite.tokenHash) throw badRequest(INVALID);

  const passwordHash = await hashPassword(body.password);
  const now = new Date().toISOString();
  const accepted = await acceptInvitation(invite, user, passwordHash, now, {
    notice: {
      title: 'Invitation accepted',
      message: `${displayName(member)} (${member.email}) accepted the invitation and signed in.`,
      link: `/member/${user.id}`,
      module: 'Members',
      exceptUserId: user.id,
    },
  });
  if (!accepted) throw badRequest(INVALID);
  return signedInReply({ ...user, passwordHash, isEmailVerified: true, hasAddedBasicDetails: true, orgId: invite.orgId, updatedAt: now }, event, clientAddress(event));
});
