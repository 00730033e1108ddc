// Service categories and services. Access patterns:
//   category by id                 pk ORG#<o>#SVCCAT                  sk <id>
//   categories by name             gsi1pk ORG#<o>#SVCCAT              gsi1sk <name>#<id>
//   service by id                  pk ORG#<o>#SVC                     sk <id>
//   services by name               gsi1pk ORG#<o>#SVC                 gsi1sk <name>#<id>
//   services of a category         gsi2pk ORG#<o>#SVCCAT#<catId>#SVC  gsi2sk <name>#<id>
//   active services (sparse)       gsi3pk ORG#<o>#SVC#ACTIVE          gsi3sk <name>#<id>
//   name taken (unique per org)    pk ORG#<o>#SVCCAT#NAME#<name> / ORG#<o>#SVC#NAME#<name>   sk LOOKUP
// A category keeps a count of its services (moved in the service's transaction), so it can be deleted
// only when empty without a race.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from '#lib/dynamo';
import { mergePage, normalise, type PageOf } from './appointments';

export interface ServiceCategory {
  id: string;
  orgId: string;
  name: string;
  description?: string;
  serviceCount: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface Service {
  id: string;
  orgId: string;
  categoryId: string;
  name: string;
  description?: string;
  durationMinutes: number;
  priceCents: number;
  active: boolean;
  createdAt: string;
  updatedAt: string;
  version: number;
}

type Kind = 'SVCCAT' | 'SVC';

const categoryPartition = (orgId: string) => `ORG#${orgId}#SVCCAT`;
const servicePartition = (orgId: string) => `ORG#${orgId}#SVC`;
export const categoryKey = (orgId: string, id: string) => ({ pk: categoryPartition(orgId), sk: id });
export const serviceKey = (orgId: string, id: string) => ({ pk: servicePartition(orgId), sk: id });
const nameKey = (orgId: string, kind: Kind, name: string) => ({ pk: `ORG#${orgId}#${kind}#NAME#${normalise(name)}`, sk: 'LOOKUP' });
const categoryServicesPartition = (orgId: string, categoryId: string) => `ORG#${orgId}#SVCCAT#${categoryId}#SVC`;
const activePartition = (orgId: string) => `ORG#${orgId}#SVC#ACTIVE`;

function strip<T>(item: Record<string, any> | undefined): T | undefined {
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, gsi3pk: _e, gsi3sk: _f, ...rest } = item;
  return rest as T;
}

/** Claim a name (fails its condition when another record of the kind has it). */
export const namePut = (orgId: string, kind: Kind, name: string, id: string) => ({
  Put: { TableName: table(), Item: { ...nameKey(orgId, kind, name), id }, ConditionExpression: 'attribute_not_exists(pk)' },
});

export const nameDelete = (orgId: string, kind: Kind, name: string) => ({ Delete: { TableName: table(), Key: nameKey(orgId, kind, name) } });

/** Whether two names are the same name (so renaming only the case keeps the claim). */
export const sameName = (a: string, b: string) => normalise(a) === normalise(b);

// Get one category.
export async function getCategory(orgId: string, id: string): Promise<ServiceCategory | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: categoryKey(orgId, id), ConsistentRead: true }));
  return strip<ServiceCategory>(out.Item);
}

export function putCategory(c: ServiceCategory) {
  return {
    Put: {
      TableName: table(),
      Item: { ...categoryKey(c.orgId, c.id), gsi1pk: categoryPartition(c.orgId), gsi1sk: `${normalise(c.name)}#${c.id}`, ...c },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Rename or describe a category at the version seen (its service count is left alone). */
export function updateCategory(orgId: string, id: string, fields: { name: string; description?: string }, expectedVersion: number, now: string) {
  return {
    Update: {
      TableName: table(),
      Key: categoryKey(orgId, id),
      UpdateExpression: `SET #n = :n, gsi1sk = :sk, updatedAt = :now, version = version + :one${fields.description === undefined ? ' REMOVE description' : ', description = :d'}`,
      ConditionExpression: 'version = :expected',
      ExpressionAttributeNames: { '#n': 'name' },
      ExpressionAttributeValues: {
        ':n': fields.name, ':sk': `${normalise(fields.name)}#${id}`, ':now': now, ':one': 1, ':expected': expectedVersion,
        ...(fields.description === undefined ? {} : { ':d': fields.description }),
      },
    },
  };
}

/** Delete a category at the version seen, only when it has no services. */
export function deleteCategory(c: ServiceCategory, expectedVersion: number) {
  return {
    Delete: {
      TableName: table(),
      Key: categoryKey(c.orgId, c.id),
      ConditionExpression: 'version = :expected AND serviceCount = :zero',
      ExpressionAttributeValues: { ':expected': expectedVersion, ':zero': 0 },
    },
  };
}

/** Move a category's service count, requiring the category to exist (a service cannot join a deleted one). */
export function categoryCount(orgId: string, categoryId: string, by: 1 | -1) {
  return {
    Update: {
      TableName: table(),
      Key: categoryKey(orgId, categoryId),
      UpdateExpression: 'ADD serviceCount :by',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':by': by },
    },
  };
}

// Categories by name (optionally those whose name starts with `search`).
export function listCategories(orgId: string, o: { limit: number; cursor?: string; search?: string }): Promise<PageOf<ServiceCategory>> {
  const q = o.search ? normalise(o.search) : undefined;
  return mergePage({
    streams: [{ index: 'gsi1', partition: categoryPartition(orgId), prefix: q || undefined }],
    ascending: true,
    limit: o.limit,
    cursor: o.cursor,
    resolve: async (items) => items.map((i) => strip<ServiceCategory>(i)),
  });
}

// Get one service.
export async function getService(orgId: string, id: string): Promise<Service | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: serviceKey(orgId, id), ConsistentRead: true }));
  return strip<Service>(out.Item);
}

/** The Put of a service: new, or replacing exactly `expectedVersion`. */
export function putService(s: Service, expectedVersion?: number) {
  const sort = `${normalise(s.name)}#${s.id}`;
  return {
    Put: {
      TableName: table(),
      Item: {
        ...serviceKey(s.orgId, s.id),
        gsi1pk: servicePartition(s.orgId),
        gsi1sk: sort,
        gsi2pk: categoryServicesPartition(s.orgId, s.categoryId),
        gsi2sk: sort,
        ...(s.active ? { gsi3pk: activePartition(s.orgId), gsi3sk: sort } : {}),
        ...s,
      },
      ...(expectedVersion === undefined
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : { ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': expectedVersion } }),
    },
  };
}

export function deleteService(s: Service, expectedVersion: number) {
  return {
    Delete: {
      TableName: table(),
      Key: serviceKey(s.orgId, s.id),
      ConditionExpression: 'version = :expected',
      ExpressionAttributeValues: { ':expected': expectedVersion },
    },
  };
}

// Services by name: all, of one category, or active only (sparse index); inactive ones are filtered.
export function listServices(
  orgId: string,
  o: { limit: number; cursor?: string; search?: string; categoryId?: string; active?: boolean },
): Promise<PageOf<Service>> {
  const q = o.search ? normalise(o.search) || undefined : undefined;
  const stream = o.categoryId
    ? { index: 'gsi2' as const, partition: categoryServicesPartition(orgId, o.categoryId), prefix: q }
    : o.active === true
      ? { index: 'gsi3' as const, partition: activePartition(orgId), prefix: q }
      : { index: 'gsi1' as const, partition: servicePartition(orgId), prefix: q };
  const keep = (s: Service) => o.active === undefined || s.active === o.active;
  return mergePage({
    streams: [stream],
    ascending: true,
    limit: o.limit,
    cursor: o.cursor,
    chunk: o.active === false || (o.categoryId && o.active !== undefined) ? Math.max(o.limit, 100) : o.limit,
    resolve: async (items) => items.map((i) => {
      const s = strip<Service>(i)!;
      return keep(s) ? s : undefined;
    }),
  });
}
