// Moving a clinic from a currency that has ended (BGN, ANG) to its successor (EUR, XCG): its prices
// converted at the official fixed rate (shared/currency.ts toSuccessorMinor), then its currency.
// The organisation moves first, with its audit entry (a price set from then on is in the successor);
// then each price is converted by a write conditioned on its currency still being the old one, so a
// retry (or a second click) converts nothing twice and finishes a move cut short.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { toSuccessorMinor, type Currency } from '#shared/currency';
import { ddb, table } from './dynamo';
import { auditItem } from './audit';
import { isConditionFailure, tryTransact } from './core';
import { bookingPackageKey, listAllBookingPackages } from './booking-packages';
import { formPackageKey, listFormPackages } from './form-packages';
import { listServices, serviceKey } from './services';
import { orgKey } from './organizations';

export type PricedKind = 'booking-package' | 'form-package' | 'service';

/** One price in the old currency and what it becomes. */
export interface PriceToMove {
  kind: PricedKind;
  id: string;
  name: string;
  /** The stored amounts (minor units) in the old currency, by attribute name. */
  amounts: Record<string, number>;
  /** The same in the successor. */
  converted: Record<string, number>;
}

/**
 * The money attributes of each kind. A booking package's deposit and fees (the shared names of the
 * payment-mode and visit-fee work) are converted when the package has them.
 */
const MONEY: Record<PricedKind, string[]> = {
  'booking-package': ['packagePriceCents', 'depositAmountMinor', 'noShowFeeMinor', 'lateCancelFeeMinor'],
  'form-package': ['priceCents'],
  service: ['priceCents'],
};

const keyOf = (kind: PricedKind, orgId: string, id: string) =>
  kind === 'booking-package' ? bookingPackageKey(orgId, id) : kind === 'form-package' ? formPackageKey(orgId, id) : serviceKey(orgId, id);

function toMove(kind: PricedKind, record: Record<string, unknown> & { id: string; currency?: string }, name: string, from: Currency): PriceToMove | undefined {
  if (record.currency !== from) return undefined;
  const amounts: Record<string, number> = {};
  for (const field of MONEY[kind]) if (typeof record[field] === 'number') amounts[field] = record[field];
  const converted = Object.fromEntries(Object.entries(amounts).map(([field, minor]) => [field, toSuccessorMinor(minor, from)]));
  return { kind, id: record.id, name, amounts, converted };
}

async function allPages<T>(page: (cursor?: string) => Promise<{ items: T[]; nextCursor?: string | null }>): Promise<T[]> {
  const all: T[] = [];
  let cursor: string | undefined;
  do {
    const { items, nextCursor } = await page(cursor);
    all.push(...items);
    cursor = nextCursor ?? undefined;
  } while (cursor);
  return all;
}

/** Every price of the organisation still in `from`: booking packages (not deleted), form packages, services. */
export async function pricesIn(orgId: string, from: Currency): Promise<PriceToMove[]> {
  const [bookingPackages, formPackages, services] = await Promise.all([
    listAllBookingPackages(orgId, 1000),
    allPages((cursor) => listFormPackages(orgId, 100, cursor)),
    allPages((cursor) => listServices(orgId, { limit: 100, cursor })),
  ]);
  return [
    ...bookingPackages.map((p) => toMove('booking-package', p as unknown as Record<string, unknown> & { id: string }, p.packageName, from)),
    ...formPackages.map((p) => toMove('form-package', p as unknown as Record<string, unknown> & { id: string }, p.name, from)),
    ...services.map((s) => toMove('service', s as unknown as Record<string, unknown> & { id: string }, s.name, from)),
  ].filter((p) => p !== undefined);
}

/** Converts one price, unless it is no longer in `from` (converted already, or priced again since): true when converted. */
export async function convertPrice(orgId: string, price: PriceToMove, from: Currency, to: Currency, now: string): Promise<boolean> {
  const fields = Object.entries(price.converted);
  const names = Object.fromEntries(fields.map(([field], i) => [`#m${i}`, field]));
  const values = Object.fromEntries(fields.map(([, minor], i) => [`:m${i}`, minor]));
  try {
    await ddb.send(new UpdateCommand({
      TableName: table(),
      Key: keyOf(price.kind, orgId, price.id),
      UpdateExpression: `SET ${['#currency = :to', '#updatedAt = :now', ...fields.map((_, i) => `#m${i} = :m${i}`)].join(', ')}`,
      ConditionExpression: 'attribute_exists(pk) AND #currency = :from',
      ExpressionAttributeNames: { '#currency': 'currency', '#updatedAt': 'updatedAt', ...names },
      ExpressionAttributeValues: { ':to': to, ':from': from, ':now': now, ...values },
    }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Moves the organisation itself from `from` to `to` with its audit entry; false when it is not in `from` any more. */
export function moveOrganizationCurrency(orgId: string, from: Currency, to: Currency, summary: string, actorId: string, now: string): Promise<boolean> {
  return tryTransact([
    {
      Update: {
        TableName: table(),
        Key: orgKey(orgId),
        UpdateExpression: 'SET #currency = :to, #updatedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND #currency = :from',
        ExpressionAttributeNames: { '#currency': 'currency', '#updatedAt': 'updatedAt' },
        ExpressionAttributeValues: { ':to': to, ':from': from, ':now': now },
      },
    },
    auditItem({ orgId, actorId, module: 'Organization', action: 'update', recordType: 'organization', recordId: orgId, summary, at: now }),
  ]);
}
