// Service categories and services. Access patterns:
//   category by id                 pk ORG#<o>#SVCCAT                  sk <id>
//   categories by name             gsi1pk ORG#<o>#SVCCAT              gsi1sk <name>#<id>
//   service by id                  pk ORG#<o>#SVC                     sk <id>
//   services by name               gsi1pk ORG#<o>#SVC                 gsi1sk <name>#<id>
//   services of a category         gsi2pk ORG#<o>#SVCCAT#<catId>#SVC  gsi2sk <name>#<id>
//   active services (sparse)       gsi3pk ORG#<o>#SVC#ACTIVE          gsi3sk <name>#<id>
//   name taken (unique per org)    pk ORG#<o>#SVCCAT#NAME#<name> / ORG#<o>#SVC#NAME#<name>   sk LOOKUP
//   service by name                the name claim's id, then the service
// A category keeps a count of its services (moved in the service's transaction), so it can be deleted
// only when empty without a race. Every write is one transaction with its name claims, counts and
// audit entry; a failed condition comes back as what it means (a stale version, a taken name).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '#shared/api';
import type { Currency } from '#shared/currency';
import type * as z from 'zod/mini';
import type { categoryView, serviceView } from '#shared/services/schemas';
import { ddb, table } from './dynamo';
import { normalise } from './appointments';
import { auditItem, type AuditInput } from './audit';
import { failedConditions, isConditionFailure, mergePage, strip, transact, tryTransact, type TransactItem } from './core';
import { counterUpdate } from './organizations';

/** A category as stored: what the API shows (categoryView), and its organisation. */
export type ServiceCategory = z.output<typeof categoryView> & { orgId: string };

/**
 * A service as stored: what the API shows (serviceView) but its price only in minor units (`priceCents`,
 * its name from before currencies) and the clinic's currency when it was priced (absent on services from
 * before currencies: they read as the clinic's); and its organisation.
 */
export type Service = Omit<z.output<typeof serviceView>, 'price' | 'priceMinor' | 'currency'> & { orgId: string; currency?: Currency };

type Kind = 'SVCCAT' | 'SVC';

export type CategoryFields = Pick<ServiceCategory, 'name' | 'description'>;

const categoryPartition = (orgId: string) => `ORG#${orgId}#SVCCAT`;
const servicePartition = (orgId: string) => `ORG#${orgId}#SVC`;
export const categoryKey = (orgId: string, id: string) => ({ pk: categoryPartition(orgId), sk: id });
export const serviceKey = (orgId: string, id: string) => ({ pk: servicePartition(orgId), sk: id });
const nameKey = (orgId: string, kind: Kind, name: string) => ({ pk: `ORG#${orgId}#${kind}#NAME#${normalise(name)}`, sk: 'LOOKUP' });
const categoryServicesPartition = (orgId: string, categoryId: string) => `ORG#${orgId}#SVCCAT#${categoryId}#SVC`;
const activePartition = (orgId: string) => `ORG#${orgId}#SVC#ACTIVE`;

/** Claim a name (fails its condition when another record of the kind has it). */
const namePut = (orgId: string, kind: Kind, name: string, id: string): TransactItem => ({
  Put: { TableName: table(), Item: { ...nameKey(orgId, kind, name), id }, ConditionExpression: 'attribute_not_exists(pk)' },
});

const nameDelete = (orgId: string, kind: Kind, name: string): TransactItem => ({ Delete: { TableName: table(), Key: nameKey(orgId, kind, name) } });

/** Whether two names are the same name (so renaming only the case keeps the claim). */
export const sameName = (a: string, b: string) => normalise(a) === normalise(b);

// Get one category.
export async function getCategory(orgId: string, id: string): Promise<ServiceCategory | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: categoryKey(orgId, id), ConsistentRead: true }));
  return strip<ServiceCategory>(out.Item);
}

function putCategory(c: ServiceCategory): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: { ...categoryKey(c.orgId, c.id), gsi1pk: categoryPartition(c.orgId), gsi1sk: `${normalise(c.name)}#${c.id}`, ...c },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Rename or describe a category at the version seen (its service count is left alone). */
function updateCategoryItem(orgId: string, id: string, fields: CategoryFields, expectedVersion: number, now: string): TransactItem {
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
function deleteCategoryItem(c: ServiceCategory, expectedVersion: number): TransactItem {
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
function categoryCount(orgId: string, categoryId: string, by: 1 | -1): TransactItem {
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
export function listCategories(orgId: string, o: { limit: number; cursor?: string; search?: string }): Promise<Page<ServiceCategory>> {
  const q = o.search ? normalise(o.search) : undefined;
  return mergePage({
    streams: [{ index: 'gsi1', partition: categoryPartition(orgId), prefix: q || undefined }],
    ascending: true,
    limit: o.limit,
    cursor: o.cursor,
    resolve: (items) => Promise.resolve(items.map((i) => strip<ServiceCategory>(i))),
  });
}

// Get one service.
export async function getService(orgId: string, id: string): Promise<Service | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: serviceKey(orgId, id), ConsistentRead: true }));
  return strip<Service>(out.Item);
}

// Service by name (its unique name claim, then the service): what an appointment's type names.
export async function findServiceByName(orgId: string, name: string): Promise<Service | undefined> {
  if (!normalise(name)) return undefined;
  const claim = await ddb.send(new GetCommand({ TableName: table(), Key: nameKey(orgId, 'SVC', name) }));
  const id = typeof claim.Item?.id === 'string' ? claim.Item.id : undefined;
  return id ? getService(orgId, id) : undefined;
}

/** The Put of a service: new, or replacing exactly `expectedVersion`. */
function putService(s: Service, expectedVersion?: number): TransactItem {
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

function deleteServiceItem(s: Service, expectedVersion: number): TransactItem {
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
): Promise<Page<Service>> {
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
    resolve: (items) => Promise.resolve(items.map((i) => {
      const s = strip<Service>(i)!;
      return keep(s) ? s : undefined;
    })),
  });
}

// ---------------------------------------------------------------------------------------------
// Writes

const servicesAudit = (actorId: string, record: Pick<ServiceCategory, 'orgId' | 'id'>, recordType: 'service' | 'service-category', action: AuditInput['action'], summary: string) =>
  auditItem({ orgId: record.orgId, actorId, module: 'Services', action, recordType, recordId: record.id, summary });

// Create a category; false when the name is taken.
export function createCategory(c: ServiceCategory, actorId: string): Promise<boolean> {
  return tryTransact([putCategory(c), namePut(c.orgId, 'SVCCAT', c.name, c.id), servicesAudit(actorId, c, 'service-category', 'create', `Created service category ${c.name}`)]);
}

// Rename or describe a category at the version read.
export async function saveCategory(current: ServiceCategory, fields: CategoryFields, actorId: string): Promise<'saved' | 'stale' | 'name-taken'> {
  const renamed = !sameName(current.name, fields.name);
  try {
    await transact([
      updateCategoryItem(current.orgId, current.id, fields, current.version, new Date().toISOString()),
      ...(renamed ? [nameDelete(current.orgId, 'SVCCAT', current.name), namePut(current.orgId, 'SVCCAT', fields.name, current.id)] : []),
      servicesAudit(actorId, current, 'service-category', 'update', renamed ? `Renamed service category ${current.name} to ${fields.name}` : `Updated service category ${fields.name}`),
    ]);
    return 'saved';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return failedConditions(error).includes(0) ? 'stale' : 'name-taken';
  }
}

// Delete a category at the version read, only when it has no services; false when either is no longer so.
export function deleteCategory(current: ServiceCategory, actorId: string): Promise<boolean> {
  return tryTransact([
    deleteCategoryItem(current, current.version),
    nameDelete(current.orgId, 'SVCCAT', current.name),
    servicesAudit(actorId, current, 'service-category', 'delete', `Deleted service category ${current.name}`),
  ]);
}

// Create a service: its name claim, its category's count and the dashboard's services counter.
export async function createService(s: Service, actorId: string): Promise<'created' | 'no-category' | 'name-taken'> {
  try {
    await transact([
      putService(s),
      namePut(s.orgId, 'SVC', s.name, s.id),
      categoryCount(s.orgId, s.categoryId, 1),
      counterUpdate(s.orgId, 'services', 1),
      servicesAudit(actorId, s, 'service', 'create', `Created service ${s.name}`),
    ]);
    return 'created';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return failedConditions(error).includes(2) ? 'no-category' : 'name-taken';
  }
}

// Save a service as `next` at the version read; a new name moves its claim, a new category the counts.
export async function saveService(current: Service, next: Service, actorId: string): Promise<'saved' | 'stale' | 'name-taken' | 'no-category'> {
  const renamed = !sameName(current.name, next.name);
  const moved = current.categoryId !== next.categoryId;
  const items = [putService(next, current.version)];
  const nameAt = items.length;
  if (renamed) items.push(nameDelete(current.orgId, 'SVC', current.name), namePut(current.orgId, 'SVC', next.name, next.id));
  const moveAt = items.length;
  if (moved) items.push(categoryCount(current.orgId, current.categoryId, -1), categoryCount(current.orgId, next.categoryId, 1));
  items.push(servicesAudit(actorId, next, 'service', 'update', `Updated service ${next.name}`));
  try {
    await transact(items);
    return 'saved';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const failed = failedConditions(error);
    if (failed.includes(0)) return 'stale';
    if (renamed && failed.includes(nameAt + 1)) return 'name-taken';
    if (moved && failed.some((i) => i >= moveAt)) return 'no-category';
    throw error;
  }
}

// Delete a service at the version read, with its name claim and counts; false when it changed meanwhile.
export function deleteService(current: Service, actorId: string): Promise<boolean> {
  return tryTransact([
    deleteServiceItem(current, current.version),
    nameDelete(current.orgId, 'SVC', current.name),
    categoryCount(current.orgId, current.categoryId, -1),
    counterUpdate(current.orgId, 'services', -1),
    servicesAudit(actorId, current, 'service', 'delete', `Deleted service ${current.name}`),
  ]);
}
