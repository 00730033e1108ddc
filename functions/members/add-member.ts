// Add a member (Members write). A new email gets an account and an emailed invitation (a one-time link
// to choose a password, valid 7 days); so does an account whose email was never verified, since only
// the mailbox proves who owns it. A verified account without an organisation is attached at once and
// told by mail. Someone in another organisation is refused. The membership, the counter and the audit
// entry are written in one transaction.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { memberAddSchema } from '#shared/schemas/organization';
import { noPermissions } from '#shared/permissions';
import { ddb, table } from '#lib/dynamo';
import { conflict, isConditionFailure, notFound } from '#lib/errors';
import { endpoint } from '#lib/http';
import { randomId } from '#lib/passwords';
import { auditItem } from '../data/audit';
import { newInvite, putInviteItem } from '../data/invites';
import { getMembership, normaliseRoles, putMembershipItem, toMemberView, type Membership } from '../data/members';
import { notifyStaff } from '../data/notifications';
import { counterUpdate, getOrganization } from '../data/organizations';
import { findUserByEmail, type User } from '../data/users';
import { sendAddedNotice, sendInvitation } from './lib/mails';
import { assertMayChange, describeRoles, displayName } from './lib/rules';

type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

export const handler = endpoint({ body: memberAddSchema }, async ({ body, caller }) => {
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

  const items: TransactItems = [putMembershipItem(membership)];
  if (!existing) {
    // A new account with no password: it can be signed into only after accepting the invitation.
    const user: User = {
      id: userId, email: body.email, passwordHash: '', isEmailVerified: false, hasAddedBasicDetails: false,
      firstName: body.firstName, lastName: body.lastName, orgId: caller.orgId, createdAt: now, updatedAt: now,
    };
    // Same keys as data/users.ts createUser: the email item keeps the address unique.
    items.push(
      { Put: { TableName: table(), Item: { pk: `EMAIL#${user.email}`, sk: 'EMAIL', userId }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: table(), Item: { pk: `USER#${userId}`, sk: 'PROFILE', ...user }, ConditionExpression: 'attribute_not_exists(pk)' } },
    );
  } else {
    items.push({
      Update: {
        TableName: table(),
        Key: { pk: `USER#${userId}`, sk: 'PROFILE' },
        // Names from the form fill the gaps only; a verified person joins without the sign-up's detail steps.
        UpdateExpression: `SET orgId = :org, firstName = if_not_exists(firstName, :first), lastName = if_not_exists(lastName, :last), updatedAt = :now${invited ? '' : ', hasAddedBasicDetails = :true'}`,
        // A racing sign-up or invitation must not put the person in two organisations.
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(orgId) OR orgId = :previous)',
        ExpressionAttributeValues: {
          ':org': caller.orgId, ':first': body.firstName, ':last': body.lastName, ':now': now, ':previous': existing.orgId ?? '',
          ...(invited ? {} : { ':true': true }),
        },
      },
    });
  }
  if (invited) items.push(putInviteItem(invite));
  items.push(
    counterUpdate(caller.orgId, 'members', 1),
    auditItem({
      orgId: caller.orgId, actorId: caller.userId, module: 'Members', action: 'create', recordType: 'member', recordId: userId,
      summary: `${invited ? 'Invited' : 'Added'} ${body.email} (${describeRoles(roles)})`,
    }),
  );
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (isConditionFailure(error)) throw conflict('This person was added or joined an organisation at the same moment. Please reload and try again.');
    throw error;
  }

  const inviterName = me ? displayName(me) : 'Your organisation';
  const person = { email: body.email, firstName: membership.firstName };
  let mailed = true;
  try {
    if (invited) await sendInvitation(person, org.name, inviterName, token);
    else await sendAddedNotice(person, org.name, inviterName);
  } catch (error) {
    mailed = false;
    console.error(JSON.stringify({ level: 'error', message: 'member mail failed', orgId: caller.orgId, userId, error: (error as Error)?.message }));
  }
  await notifyStaff(caller.orgId, {
    title: 'New member',
    message: `${inviterName} added ${displayName(membership)} (${body.email}).`,
    link: `/member/${userId}`,
    module: 'Members',
    exceptUserId: caller.userId,
    exceptUserIds: [userId],
  });

  const message = !mailed
    ? invited
      ? 'The member is added, but the invitation email could not be sent. Use "Resend invitation" to try again.'
      : 'The member is added, but the email to let them know could not be sent.'
    : invited
      ? `The member is added. We emailed ${body.email} a link to set a password.`
      : `The member is added. We emailed ${body.email} to let them know.`;
  return { status: 201, message, data: toMemberView(membership) };
});
