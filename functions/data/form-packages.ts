// Form packages (pricing tiers offered on forms). Prices are whole cents. Access patterns:
//   package by id                                pk ORG#<orgId>#FPKG#<id>  sk FPKG
//   an organisation's packages, newest first     gsi1pk ORG#<orgId>#FPKGS  gsi1sk <createdAt>#<id>
//   several by id (a form's packages)            BatchGet of the keys above
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '#shared/api';
import { ddb, table } from '#lib/dynamo';
import { queryPage } from './members';
import { setClause } from './update';

export interface FormPackageRecord {
  id: string;
  orgId: string;
  name: string;
  /** Sanitised HTML, or null. */
  description: string | null;
  priceCents: number;
  /** Upload key (org/<orgId>/form-packages/<id>/...), or null. */
  image: string | null;
  customAmountEnabled: boolean;
  isPayable: boolean;
  createdAt: string;
  updatedAt: string;
}

export const formPackageKey = (orgId: string, id: string) => ({ pk: `ORG#${orgId}#FPKG#${id}`, sk: 'FPKG' });
const listPk = (orgId: string) => `ORG#${orgId}#FPKGS`;

function strip(item: Record<string, unknown> | undefined): FormPackageRecord | undefined {
  if (!item) return undefined;
  const { pk: _pk, sk: _sk, gsi1pk: _g, gsi1sk: _gs, ...pkg } = item;
  return pkg as unknown as FormPackageRecord;
}

// Get a package of an organisation by id.
export async function getFormPackage(orgId: string, id: string): Promise<FormPackageRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: formPackageKey(orgId, id) }));
  return strip(out.Item);
}

// Several packages of an organisation by id, in the order asked; missing ones are left out.
export async function getFormPackages(orgId: string, ids: string[]): Promise<FormPackageRecord[]> {
  const unique = [...new Set(ids)];
  const found = new Map<string, FormPackageRecord>();
  for (let i = 0; i < unique.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = unique.slice(i, i + 100).map((id) => formPackageKey(orgId, id));
    for (let attempt = 0; keys?.length && attempt < 5; attempt++) {
      const out = await ddb.send(new BatchGetCommand({ RequestItems: { [table()]: { Keys: keys } } }));
      for (const item of out.Responses?.[table()] ?? []) {
        const pkg = strip(item)!;
        found.set(pkg.id, pkg);
      }
      keys = out.UnprocessedKeys?.[table()]?.Keys as Record<string, unknown>[] | undefined;
      if (keys?.length) await new Promise((r) => setTimeout(r, 50 * 2 ** attempt));
    }
  }
  return ids.map((id) => found.get(id)).filter((p): p is FormPackageRecord => Boolean(p));
}

// An organisation's packages, newest first, one page.
export async function listFormPackages(orgId: string, limit: number, cursor?: string): Promise<Page<FormPackageRecord>> {
  const page = await queryPage<Record<string, unknown>>(
    { TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': listPk(orgId) }, ScanIndexForward: false },
    { limit, cursor, keys: ['gsi1pk', 'gsi1sk', 'pk', 'sk'], partitionValue: listPk(orgId) },
  );
  return { items: page.items.map((i) => strip(i)!), nextCursor: page.nextCursor };
}

/** The Put of a new package, for one transaction with its audit entry. */
export function putNewFormPackageItem(pkg: FormPackageRecord) {
  return {
    Put: {
      TableName: table(),
      Item: { ...formPackageKey(pkg.orgId, pkg.id), gsi1pk: listPk(pkg.orgId), gsi1sk: `${pkg.createdAt}#${pkg.id}`, ...pkg },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** The Update of an existing package (fails when it is gone). `image: null` removes the image. */
export function updateFormPackageItem(orgId: string, id: string, fields: Partial<Omit<FormPackageRecord, 'id' | 'orgId' | 'createdAt'>>) {
  return {
    Update: { TableName: table(), Key: formPackageKey(orgId, id), ConditionExpression: 'attribute_exists(pk)', ...setClause(fields) },
  };
}

/** The Delete of a package (fails when it is gone already). */
export function deleteFormPackageItem(orgId: string, id: string) {
  return { Delete: { TableName: table(), Key: formPackageKey(orgId, id), ConditionExpression: 'attribute_exists(pk)' } };
}
