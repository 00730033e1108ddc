// Memberships: who belongs to which organisation, with which module permissions. Access patterns:
//   member of an organisation  pk ORG#<orgId>  sk MEMBER#<userId>
//   a user's organisation      gsi1pk USER#<userId>  gsi1sk MEMBER#<orgId>
//   an organisation's members  Query pk ORG#<orgId>, sk begins_with MEMBER# (tens per organisation, so a
//                              name/email search filters these pages in the Lambda rather than keeping an index)
import { BatchGetCommand, GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { MODULES, allPermissions, type PermissionEntry } from '#shared/permissions';
import { decodeCursor, ddb, encodeCursor, table } from '#lib/dynamo';
import { badRequest } from '#lib/errors';

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
  createdAt: string;
  updatedAt: string;
}

export const memberKey = (orgId: string, userId: string) => ({ pk: `ORG#${orgId}`, sk: `MEMBER#${userId}` });

// Get one membership (read on every authenticated request).
export async function getMembership(orgId: string, userId: string): Promise<Membership | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: memberKey(orgId, userId) }));
  if (!out.Item) return undefined;
  const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _gs, ...m } = out.Item;
  return m as Membership;
}

/** A Put item for a membership, for one transaction with the writes around it. */
export function putMembershipItem(m: Membership, condition: 'new' | 'any' = 'new') {
  return {
    Put: {
      TableName: table(),
      Item: { ...memberKey(m.orgId, m.userId), gsi1pk: `USER#${m.userId}`, gsi1sk: `MEMBER#${m.orgId}`, ...m },
      ...(condition === 'new' ? { ConditionExpression: 'attribute_not_exists(pk)' } : {}),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Paged queries (generic; the audit log uses it too)

export interface PageOf<T> {
  items: T[];
  nextCursor?: string;
}

export interface PageOptions<T> {
  limit: number;
  cursor?: string;
  /** The key attributes of the table or index queried: the partition first. They make up the cursor. */
  keys: readonly string[];
  /** The partition queried: a cursor from another partition is refused. */
  partitionValue: string;
  /** Keep only matching items; pages are read until `limit` matches (or `maxReads` reads) are found. */
  match?: (item: T) => boolean;
  maxReads?: number;
}

/**
 * One page of a Query, newest-first or not as `input` says. The cursor is the key of the last item
 * returned; a cursor whose partition is not the one queried (another tenant's, or tampered) is a 400.
 */
export async function queryPage<T extends Record<string, unknown>>(
  input: Omit<QueryCommandInput, 'Limit' | 'ExclusiveStartKey'>,
  options: PageOptions<T>,
): Promise<PageOf<T>> {
  const [partition] = options.keys;
  let start = decodeCursor(options.cursor);
  if (options.cursor !== undefined) {
    const valid = start && options.keys.every((k) => typeof start![k] === 'string') && Object.keys(start).length === options.keys.length && start[partition!] === options.partitionValue;
    if (!valid) throw badRequest('The page cursor is not valid.');
  }
  const keyOf = (item: Record<string, unknown>) => Object.fromEntries(options.keys.map((k) => [k, item[k]]));
  const items: T[] = [];
  const maxReads = options.maxReads ?? 10;
  for (let reads = 0; reads < maxReads; reads++) {
    const out = await ddb
      .send(new QueryCommand({ ...input, Limit: options.match ? Math.max(options.limit, 100) : options.limit - items.length, ExclusiveStartKey: start }))
      .catch((error: { name?: string }) => {
        // A well-formed cursor outside the query's range (edited by hand) is the client's mistake.
        if (options.cursor !== undefined && error?.name === 'ValidationException') throw badRequest('The page cursor is not valid.');
        throw error;
      });
    const page = (out.Items ?? []) as T[];
    for (let i = 0; i < page.length; i++) {
      const item = page[i]!;
      if (options.match && !options.match(item)) continue;
      items.push(item);
      if (items.length === options.limit) {
        const more = i < page.length - 1 || out.LastEvaluatedKey !== undefined;
        return { items, nextCursor: more ? encodeCursor(keyOf(item)) : undefined };
      }
    }
    start = out.LastEvaluatedKey;
    if (!start) return { items };
  }
  return { items, nextCursor: encodeCursor(start) };
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

function stripMembership(item: Record<string, unknown>): Membership {
  const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _gs, ...m } = item;
  return m as unknown as Membership;
}

const matchesSearch = (search: string) => {
  const needle = search.toLowerCase();
  return (m: Record<string, unknown>) =>
    [m.email, m.firstName, m.lastName, `${m.firstName ?? ''} ${m.lastName ?? ''}`].some((v) => typeof v === 'string' && v.toLowerCase().includes(needle));
};

// List an organisation's members, a page at a time, optionally those whose name or email contains `search`.
export async function listMembersPage(orgId: string, options: { limit: number; cursor?: string; search?: string }): Promise<PageOf<Membership>> {
  const page = await queryPage<Record<string, unknown>>(
    {
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :member)',
      ExpressionAttributeValues: { ':pk': `ORG#${orgId}`, ':member': 'MEMBER#' },
    },
    { limit: options.limit, cursor: options.cursor, keys: ['pk', 'sk'], partitionValue: `ORG#${orgId}`, match: options.search ? matchesSearch(options.search) : undefined },
  );
  return { items: page.items.map(stripMembership), nextCursor: page.nextCursor };
}

// Get several memberships of one organisation at once (names of the people in the audit log).
export async function getMemberships(orgId: string, userIds: readonly string[]): Promise<Map<string, Membership>> {
  const found = new Map<string, Membership>();
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = unique.slice(i, i + 100).map((id) => memberKey(orgId, id));
    for (let attempt = 0; keys?.length && attempt < 5; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
      const out = await ddb.send(new BatchGetCommand({ RequestItems: { [table()]: { Keys: keys } } }));
      for (const item of out.Responses?.[table()] ?? []) {
        const m = stripMembership(item);
        found.set(m.userId, m);
      }
      keys = out.UnprocessedKeys?.[table()]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return found;
}
