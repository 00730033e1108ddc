// Form packages (pricing tiers offered on forms). Prices are whole cents. Access patterns:
//   package by id                                pk ORG#<orgId>#FPKG#<id>  sk FPKG
//   an organisation's packages, newest first     gsi1pk ORG#<orgId>#FPKGS  gsi1sk <createdAt>#<id>
//   several by id (a form's packages)            BatchGet of the keys above
import type { Currency } from '#shared/currency';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '#shared/api';
import { ddb, table } from './dynamo';
import { auditItem } from './audit';
import { batchGet, queryPage, strip, transact, tryTransact, type Item, type TransactItem } from './core';
import { setClause } from './update';

export interface FormPackageRecord {
  id: string;
  orgId: string;
  name: string;
  /** Sanitised HTML, or null. */
  description: string | null;
  /** Minor units of `currency` (the name is from before currencies). */
  priceCents: number;
  /** The price's currency; absent on packages from before currencies: USD. */
  currency?: Currency;
  /** Upload key (org/<orgId>/form-packages/<id>/...), or null. */
  image: string | null;
  customAmountEnabled: boolean;
  isPayable: boolean;
  createdAt: string;
  updatedAt: string;
}

export const formPackageKey = (orgId: string, id: string) => ({ pk: `ORG#${orgId}#FPKG#${id}`, sk: 'FPKG' });
const listPk = (orgId: string) => `ORG#${orgId}#FPKGS`;

// Get a package of an organisation by id.
export async function getFormPackage(orgId: string, id: string): Promise<FormPackageRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: formPackageKey(orgId, id) }));
  return strip<FormPackageRecord>(out.Item);
}

// Several packages of an organisation by id, in the order asked; missing ones are left out.
export async function getFormPackages(orgId: string, ids: string[]): Promise<FormPackageRecord[]> {
  const found = await batchGet(ids.map((id) => formPackageKey(orgId, id)));
  return found.flatMap((item) => (item ? [strip<FormPackageRecord>(item)!] : []));
}

// An organisation's packages, newest first, one page.
export async function listFormPackages(orgId: string, limit: number, cursor?: string): Promise<Page<FormPackageRecord>> {
  const page = await queryPage<Item>(
    { TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': listPk(orgId) }, ScanIndexForward: false },
    { limit, cursor, keys: ['gsi1pk', 'gsi1sk', 'pk', 'sk'], partitionValue: listPk(orgId) },
  );
  return { items: page.items.map((i) => strip<FormPackageRecord>(i)!), nextCursor: page.nextCursor };
}

/** The Put of a new package, for one transaction with its audit entry. */
export function putNewFormPackageItem(pkg: FormPackageRecord): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: { ...formPackageKey(pkg.orgId, pkg.id), gsi1pk: listPk(pkg.orgId), gsi1sk: `${pkg.createdAt}#${pkg.id}`, ...pkg },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The Update of an existing package (fails when it is gone). `image: null` removes the image. */
export type FormPackageFields = Partial<Omit<FormPackageRecord, 'id' | 'orgId' | 'createdAt'>>;

export function updateFormPackageItem(orgId: string, id: string, fields: FormPackageFields): TransactItem {
  return {
    Update: { TableName: table(), Key: formPackageKey(orgId, id), ConditionExpression: 'attribute_exists(pk)', ...setClause(fields) },
  };
}

/** The Delete of a package (fails when it is gone already). */
export function deleteFormPackageItem(orgId: string, id: string): TransactItem {
  return { Delete: { TableName: table(), Key: formPackageKey(orgId, id), ConditionExpression: 'attribute_exists(pk)' } };
}

const packageAudit = (pkg: Pick<FormPackageRecord, 'orgId' | 'id'>, actorId: string, action: 'create' | 'update' | 'delete', summary: string, at?: string) =>
  auditItem({ orgId: pkg.orgId, actorId, module: 'FORMS', action, recordType: 'form-package', recordId: pkg.id, summary, at });

// Create a package with its audit entry.
export async function createFormPackage(pkg: FormPackageRecord, actorId: string): Promise<void> {
  await transact([putNewFormPackageItem(pkg), packageAudit(pkg, actorId, 'create', `Created package "${pkg.name}"`, pkg.createdAt)]);
}

// Save fields of a package (`fields.updatedAt` included) with its audit entry; false when it is gone.
export function updateFormPackage(pkg: Pick<FormPackageRecord, 'orgId' | 'id'>, fields: FormPackageFields & { updatedAt: string }, actorId: string, summary: string): Promise<boolean> {
  return tryTransact([updateFormPackageItem(pkg.orgId, pkg.id, fields), packageAudit(pkg, actorId, 'update', summary, fields.updatedAt)]);
}

// Delete a package with its audit entry; false when it is gone already.
export function deleteFormPackage(pkg: FormPackageRecord, actorId: string): Promise<boolean> {
  return tryTransact([deleteFormPackageItem(pkg.orgId, pkg.id), packageAudit(pkg, actorId, 'delete', `Deleted package "${pkg.name}"`)]);
}
