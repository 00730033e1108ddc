// Memberships: who belongs to which organisation, with which module permissions. Access patterns:
//   member of an organisation  pk ORG#<orgId>  sk MEMBER#<userId>
//   a user's organisation      gsi1pk USER#<userId>  gsi1sk MEMBER#<orgId>
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PermissionEntry } from '#shared/permissions';
import { ddb, table } from '#lib/dynamo';

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
