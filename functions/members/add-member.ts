// Add a member (Members write). A new email gets an account and an emailed invitation (a one-time link
// to choose a password, valid 7 days); so does an account whose email was never verified, since only
// the mailbox proves who owns it. A verified account without an organisation is attached at once and
// told by mail. Someone in another organisation is refused. The membership, the counter, the audit
// entry, the mail and the notice to staff are written in one transaction (the mail and the notice as
// outbox rows, delivered once after it commits, and retried while SES refuses them).
import { memberAddSchema, addMemberReply } from '#shared/organization/schemas';
import { noPermissions } from '#shared/permissions';
import { conflict, notFound } from '#lib/errors';
import { endpoint } from '#http/http';
import { randomId } from '#lib/passwords';
import { newInvite } from '../data/invites';
import { addMember, getMembership, normaliseRoles, toMemberView, type Membership } from '../data/members';
import { getOrganization } from '../data/organizations';
import { findUserByEmail, type User } from '../data/users';
import { addedMail, invitationMail } from './lib/mails';
import { assertMayChange, describeRoles, displayName } from './lib/rules';

export const handler = endpoint({ body: memberAddSchema, reply: addMemberReply }, async ({ body, caller }) => {
  const roles = normaliseRoles(body.permissions);
  assertMayChange(caller, noPermissions(), roles);

  const [org, me, existing] = await Promise.all([getOrganization(caller.orgId), getMembership(caller.orgId, caller.userId), findUserByEmail(body.email)]);
  if (!org) throw notFound('Your organisation was not found.');
  if (existing) {
    if (await getMembership(caller.orgId, existing.id)) throw conflict('This person is already a member of your organisation.');
    if (existing.orgId && existing.orgId !== caller.orgId && (await getMembership(existing.orgId, existing.id))) {
      throw conflict('This person already belongs to another organisation.');
    }
  }

  const now = new Date().toISOString();
  const userId = existing?.id ?? randomId();
  // Only a verified mailbox is trusted as it is; everyone else proves it through the invitation link.
  const invited = !existing?.isEmailVerified;
  const { token, invite } = newInvite({ orgId: caller.orgId, userId, email: body.email, invitedBy: caller.userId });
  const membership: Membership = {
    orgId: caller.orgId, userId, isOwner: false, roles, email: body.email,
    firstName: existing?.firstName ?? body.firstName, lastName: existing?.lastName ?? body.lastName,
    status: invited ? 'invited' : 'active', ...(invited ? { inviteTokenHash: invite.tokenHash } : {}),
    createdAt: now, updatedAt: now,
  };
  // A new account has no password: it can be signed into only after accepting the invitation.
  const user: User = existing ?? {
    id: userId, email: body.email, passwordHash: '', isEmailVerified: false, hasAddedBasicDetails: false,
    firstName: body.firstName, lastName: body.lastName, orgId: caller.orgId, createdAt: now, updatedAt: now,
  };
  const inviterName = me ? displayName(me) : 'Your organisation';
  const person = { email: body.email, firstName: membership.firstName };
  const added = await addMember({
    membership,
    user,
    isNewUser: !existing,
    invite: invited ? invite : undefined,
    actorId: caller.userId,
    summary: `${invited ? 'Invited' : 'Added'} ${body.email} (${describeRoles(roles)})`,
    effects: {
      mail: invited ? invitationMail(person, org.name, inviterName, token) : addedMail(person, org.name, inviterName),
      notice: {
        title: 'New member',
        message: `${inviterName} added ${displayName(membership)} (${body.email}).`,
        link: `/member/${userId}`,
        module: 'Members',
        exceptUserId: caller.userId,
        exceptUserIds: [userId],
      },
    },
  });
  if (!added) throw conflict('This person was added or joined an organisation at the same moment. Please reload and try again.');

  const message = invited ? `The member is added. We emailed ${body.email} a link to set a password.` : `The member is added. We emailed ${body.email} to let them know.`;
  return { status: 201, message, data: toMemberView(membership) };
});
