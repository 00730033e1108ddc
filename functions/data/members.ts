// Memberships: who belongs to which organisation, with which module permissions. Access patterns:
//   member of an organisation  pk ORG#<orgId>  sk MEMBER#<userId>
//   a user's organisation      gsi1pk USER#<userId>  gsi1sk MEMBER#<orgId>
//   an organisation's members  Query pk ORG#<orgId>, sk begins_with MEMBER# (tens per organisation, so a
//                              name/email search filters these pages in the Lambda rather than keeping an index)
// Every change to a membership is one transaction of the membership, the person's account, the
// invitation, the kept counter, the audit entry and the mail and staff notice it causes (outbox rows,
// ./effects.ts), so nothing is half-written and nobody is told about a change that did not happen.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '#shared/api';
import { MODULES, allPermissions, type PermissionEntry } from '#shared/permissions';
import { ddb, table } from './dynamo';
import { auditItem } from './audit';
import { batchGet, queryAll, queryPage, strip, tryTransact, type Item, type TransactItem } from './core';
import { effectItems, type Effects } from './effects';
import { deleteInviteItem, putInviteItem, type Invite } from './invites';
import { counterUpdate, createOrganizationItems, type Organization } from './organizations';
import { setClause } from './update';
import { acceptInvitationItem, joinOrganizationItem, leaveOrganizationItem, newUserItems, updateProfileItem, type User } from './users';


export interface Membership {
  orgId: string;
  userId: string;
  isOwner: boolean;
  roles: PermissionEntry[];
  email: string;
  firstName?: string;
  lastName?: string;
  /** invited: added by staff, has not signed in yet. */
  status: 'active' | 'invited';
  /** SHA-256 of the pending invitation's token, so removing the member revokes it. */
  inviteTokenHash?: string;
  /** Replaced to end the member's sessions at once (./sessions.ts: a session carries the value it began under). */
  sessionGeneration?: string;
  createdAt: string;
  updatedAt: string;
}

export const memberKey = (orgId: string, userId: string) => ({ pk: `ORG#${orgId}`, sk: `MEMBER#${userId}` });

// Get one membership (read on every authenticated request).
export async function getMembership(orgId: string, userId: string): Promise<Membership | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: memberKey(orgId, userId) }));
  return strip<Membership>(out.Item);
}

/** A Put item for a membership, for one transaction with the writes around it. */
export function putMembershipItem(m: Membership, condition: 'new' | 'any' = 'new'): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: { ...memberKey(m.orgId, m.userId), gsi1pk: `USER#${m.userId}`, gsi1sk: `MEMBER#${m.orgId}`, ...m },
      ...(condition === 'new' ? { ConditionExpression: 'attribute_not_exists(pk)' } : {}),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Member management

/** Every module entry, in MODULES order; missing modules get every flag off. */
export function normaliseRoles(entries: readonly Partial<PermissionEntry>[] | undefined): PermissionEntry[] {
  return MODULES.map((module) => {
    const e = entries?.find((r) => r.module === module);
    return { module, read: e?.read === true, write: e?.write === true, delete: e?.delete === true };
  });
}

/** What the API shows of a membership (never the invitation hash). */
export function toMemberView(m: Membership) {
  return {
    id: m.userId,
    userId: m.userId,
    email: m.email,
    firstName: m.firstName,
    lastName: m.lastName,
    isOwner: m.isOwner === true,
    status: m.status ?? 'active',
    roles: m.isOwner ? allPermissions() : normaliseRoles(m.roles),
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
  };
}

const matchesSearch = (search: string) => {
  const needle = search.toLowerCase();
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return (m: Record<string, unknown>) =>
    [m.email, m.firstName, m.lastName, `${text(m.firstName)} ${text(m.lastName)}`].some((v) => typeof v === 'string' && v.toLowerCase().includes(needle));
};

const membersQuery = (orgId: string) => ({
  TableName: table(),
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :member)',
  ExpressionAttributeValues: { ':pk': `ORG#${orgId}`, ':member': 'MEMBER#' },
});

// List an organisation's members, a page at a time, optionally those whose name or email contains `search`.
export async function listMembersPage(orgId: string, options: { limit: number; cursor?: string; search?: string }): Promise<Page<Membership>> {
  const page = await queryPage<Item>(membersQuery(orgId), {
    limit: options.limit,
    cursor: options.cursor,
    keys: ['pk', 'sk'],
    partitionValue: `ORG#${orgId}`,
    match: options.search ? matchesSearch(options.search) : undefined,
  });
  return { items: page.items.map((i) => strip<Membership>(i)!), nextCursor: page.nextCursor };
}

// All members of an organisation (tens, not thousands): the assign menu.
export async function listAllMembers(orgId: string): Promise<Membership[]> {
  return (await queryAll<Item>(membersQuery(orgId))).map((i) => strip<Membership>(i)!);
}

// Get several memberships of one organisation at once (names of the people in the audit log).
export async function getMemberships(orgId: string, userIds: readonly string[]): Promise<Map<string, Membership>> {
  const found = await batchGet([...new Set(userIds)].map((id) => memberKey(orgId, id)));
  return new Map(found.flatMap((item) => (item ? [[item.userId as string, strip<Membership>(item)!] as const] : [])));
}

// ---------------------------------------------------------------------------------------------
// Writes. Each returns false when a condition failed: the records changed since they were read.

const memberAudit = (orgId: string, actorId: string, userId: string, action: 'create' | 'update' | 'delete', summary: string, at: string) =>
  auditItem({ orgId, actorId, module: 'Members', action, recordType: 'member', recordId: userId, summary, at });

export interface MemberAddition {
  membership: Membership;
  /** The person's account: a new one (no password until the invitation is accepted), or theirs, attached. */
  user: User;
  isNewUser: boolean;
  /** The invitation of a person whose mailbox is not verified yet (the link proves it). */
  invite?: Invite;
  actorId: string;
  summary: string;
  /** The invitation or 'you were added' mail, and the notice to staff. */
  effects: Effects;
}

// Add a member: membership, account (created, or attached), invitation, counter, audit entry, mail
// and notice. False when the person was added, or joined an organisation, at the same moment.
export function addMember(a: MemberAddition): Promise<boolean> {
  const { membership: m, user } = a;
  const verifiedJoin = !a.isNewUser && !a.invite;
  return tryTransact([
    putMembershipItem(m),
    ...(a.isNewUser
      ? newUserItems(user)
      : [joinOrganizationItem(user, m.orgId, m.updatedAt, { names: { firstName: m.firstName, lastName: m.lastName }, detailsAdded: verifiedJoin })]),
    ...(a.invite ? [putInviteItem(a.invite)] : []),
    counterUpdate(m.orgId, 'members', 1),
    memberAudit(m.orgId, a.actorId, m.userId, 'create', a.summary, m.createdAt),
    ...effectItems(`member-added-${m.orgId}-${m.userId}-${m.createdAt}`, m.orgId, a.effects),
  ]);
}

// An invited person's first sign-in: the invitation is used up (once), the account gets its password
// and the membership becomes active. False when the invitation was used or replaced meanwhile.
export function acceptInvitation(invite: Invite, user: Pick<User, 'id' | 'email'>, passwordHash: string, now: string, effects: Effects): Promise<boolean> {
  return tryTransact([
    deleteInviteItem(invite.tokenHash, true),
    acceptInvitationItem(user.id, invite.orgId, passwordHash, now),
    {
      Update: {
        TableName: table(),
        Key: memberKey(invite.orgId, user.id),
        UpdateExpression: 'SET #status = :active, updatedAt = :now REMOVE inviteTokenHash',
        ConditionExpression: 'attribute_exists(pk) AND inviteTokenHash = :hash',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':active': 'active', ':now': now, ':hash': invite.tokenHash },
      },
    },
    memberAudit(invite.orgId, user.id, user.id, 'update', `${user.email} accepted the invitation`, now),
    ...effectItems(`invite-accepted-${invite.tokenHash}`, invite.orgId, effects),
  ]);
}

// Replace a pending invitation with a new one (the previous link stops working), with its mail.
// False when the member accepted or was changed meanwhile.
export function replaceInvitation(member: Membership, invite: Invite, actorId: string, effects: Effects): Promise<boolean> {
  const previous = member.inviteTokenHash;
  return tryTransact([
    ...(previous ? [deleteInviteItem(previous)] : []),
    putInviteItem(invite),
    {
      Update: {
        TableName: table(),
        Key: memberKey(member.orgId, member.userId),
        UpdateExpression: 'SET inviteTokenHash = :new, updatedAt = :now',
        ConditionExpression: previous ? '#status = :invited AND inviteTokenHash = :old' : '#status = :invited AND attribute_not_exists(inviteTokenHash)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':new': invite.tokenHash, ':now': invite.createdAt, ':invited': 'invited', ...(previous ? { ':old': previous } : {}) },
      },
    },
    memberAudit(member.orgId, actorId, member.userId, 'update', `Sent a new invitation to ${member.email}`, invite.createdAt),
    ...effectItems(`invite-${invite.tokenHash}`, member.orgId, effects),
  ]);
}

// Change a member's permissions, against the membership as it was read (the checks were made on it).
export function changeMemberRoles(member: Membership, roles: PermissionEntry[], now: string, actorId: string, summary: string, effects: Effects): Promise<boolean> {
  return tryTransact([
    {
      Update: {
        TableName: table(),
        Key: memberKey(member.orgId, member.userId),
        UpdateExpression: 'SET #roles = :roles, updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND isOwner = :false AND updatedAt = :seen',
        ExpressionAttributeNames: { '#roles': 'roles' },
        ExpressionAttributeValues: { ':roles': roles, ':now': now, ':false': false, ':seen': member.updatedAt },
      },
    },
    memberAudit(member.orgId, actorId, member.userId, 'update', summary, now),
    ...effectItems(`member-roles-${member.orgId}-${member.userId}-${member.updatedAt}`, member.orgId, effects),
  ]);
}

// Remove a member: membership, pending invitation, the person's link to the organisation (when it is
// this one), counter, audit entry and notice. False when the member was changed meanwhile.
export function removeMember(member: Membership, user: Pick<User, 'id' | 'orgId'> | undefined, actorId: string, effects: Effects): Promise<boolean> {
  const now = new Date().toISOString();
  return tryTransact([
    {
      Delete: {
        TableName: table(),
        Key: memberKey(member.orgId, member.userId),
        ConditionExpression: 'attribute_exists(pk) AND isOwner = :false',
        ExpressionAttributeValues: { ':false': false },
      },
    },
    counterUpdate(member.orgId, 'members', -1),
    memberAudit(member.orgId, actorId, member.userId, 'delete', `Removed ${member.email}`, now),
    ...(member.inviteTokenHash ? [deleteInviteItem(member.inviteTokenHash)] : []),
    // Free the person to join or create another organisation.
    ...(user?.orgId === member.orgId ? [leaveOrganizationItem(member.userId, member.orgId, now)] : []),
    ...effectItems(`member-removed-${member.orgId}-${member.userId}-${member.createdAt}`, member.orgId, effects),
  ]);
}

// Create an organisation (apiKey, counters) with its owner's membership, and attach the owner. Here
// rather than in ./organizations.ts, which this module builds on. False when the person joined one meanwhile.
export function createOrganizationWithOwner(org: Organization, owner: User): Promise<boolean> {
  const now = org.createdAt;
  return tryTransact([
    ...createOrganizationItems(org),
    putMembershipItem({
      orgId: org.id, userId: owner.id, isOwner: true, roles: allPermissions(), email: owner.email,
      firstName: owner.firstName, lastName: owner.lastName, status: 'active', createdAt: now, updatedAt: now,
    }),
    joinOrganizationItem(owner, org.id, now),
    auditItem({ orgId: org.id, actorId: owner.id, module: 'Organization', action: 'create', recordType: 'organization', recordId: org.id, summary: `Created organisation ${org.name}`, at: now }),
  ]);
}

// Save the signed-in person's own profile; the membership keeps a copy of the name for member lists.
export function saveOwnProfile(userId: string, orgId: string, fields: Partial<Omit<User, 'id' | 'email' | 'createdAt'>>): Promise<boolean> {
  const now = new Date().toISOString();
  const changed = Object.keys(fields).filter((k) => fields[k as keyof typeof fields] !== undefined);
  return tryTransact([
    updateProfileItem(userId, { ...fields, updatedAt: now }),
    {
      Update: {
        TableName: table(),
        Key: memberKey(orgId, userId),
        ConditionExpression: 'attribute_exists(pk)',
        ...setClause({ firstName: fields.firstName, lastName: fields.lastName, updatedAt: now }),
      },
    },
    auditItem({ orgId, actorId: userId, module: 'Account', action: 'update', recordType: 'user', recordId: userId, summary: `Updated own profile (${changed.join(', ') || 'no fields'})`, at: now }),
  ]);
}
