// Booking packages (what a visitor books and pays for on the public booking page). Prices are minor
// units of their `currency` (the clinic's when the price was set; absent: USD). Deleting is soft (deletedAt): bookings keep pointing at the package. Access patterns:
//   package by id                                     pk ORG#<orgId>#BPKG#<id>   sk BPKG
//   an organisation's packages (not deleted), newest  gsi1pk ORG#<orgId>#BPKGS   gsi1sk <createdAt>#<id>
//   its bookable packages (active, not deleted)       gsi2pk ORG#<orgId>#BPKGS#ACTIVE  gsi2sk <createdAt>#<id>
//                                                     (sparse: deactivating or deleting removes them)
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Page } from '#shared/api';
import type { Currency } from '#shared/currency';
import type { PackagePayment } from '#shared/bookings/payment-policy';
import type { IntakeTiming } from '#shared/bookings/schemas';
import type { SeriesPayment } from '#shared/bookings/series-policy';
import { ddb, table } from './dynamo';
import { auditItem } from './audit';
import { queryAll, queryPage, strip, transact, tryTransact, type Item, type TransactItem } from './core';

/** With how it is paid (PackagePayment: absent on packages from before, 'full'). */
export interface BookingPackageRecord extends PackagePayment {
  id: string;
  orgId: string;
  packageName: string;
  /** Minor units of `currency` (the name is from before currencies: 5000 with 'jpy' is ¥5,000). */
  packagePriceCents: number;
  /** The price's currency (lowercase ISO code); absent on packages from before currencies: USD. */
  currency?: Currency;
  /** Plain text. */
  packageDescription: string;
  /** http(s) URL the visitor lands on after paying, or ''. */
  redirectionUrl: string;
  isActive: boolean;
  /** How it takes a practitioner's time (docs/practitioners.md); absent on packages made before. */
  durationMinutes?: number | null;
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
  slotGridMinutes?: number | null;
  minNoticeMinutes?: number | null;
  maxDaysAhead?: number | null;
  practitionerIds?: string[];
  /** The clinic's form asked before the visit (absent or null: none), and when (absent with a form: before booking). */
  intakeFormId?: string | null;
  intakeTiming?: IntakeTiming | null;
  /** Patients may book a series (absent: no), paid per visit or the course up front, this many visits at most (shared/bookings/series-policy.ts). */
  allowSeries?: boolean;
  seriesPayment?: SeriesPayment;
  seriesMaxVisits?: number | null;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export const bookingPackageKey = (orgId: string, id: string) => ({ pk: `ORG#${orgId}#BPKG#${id}`, sk: 'BPKG' });
const listPk = (orgId: string) => `ORG#${orgId}#BPKGS`;
const activePk = (orgId: string) => `ORG#${orgId}#BPKGS#ACTIVE`;


/** The index attributes a package has in its state: listed unless deleted, bookable when also active. */
function indexAttributes(pkg: Pick<BookingPackageRecord, 'orgId' | 'id' | 'createdAt' | 'isActive' | 'deletedAt'>) {
  const sort = `${pkg.createdAt}#${pkg.id}`;
  if (pkg.deletedAt) return {};
  return { gsi1pk: listPk(pkg.orgId), gsi1sk: sort, ...(pkg.isActive ? { gsi2pk: activePk(pkg.orgId), gsi2sk: sort } : {}) };
}

// Get a package of an organisation by id (deleted ones too: bookings show their package).
export async function getBookingPackage(orgId: string, id: string, consistent = false): Promise<BookingPackageRecord | undefined> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return undefined;
  const out = await ddb.send(new GetCommand({ TableName: table(), Key: bookingPackageKey(orgId, id), ConsistentRead: consistent }));
  return strip<BookingPackageRecord>(out.Item);
}

// An organisation's packages that are not deleted, newest first, one page.
export async function listBookingPackages(orgId: string, limit: number, cursor?: string): Promise<Page<BookingPackageRecord>> {
  const page = await queryPage<Item>(
    { TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': listPk(orgId) }, ScanIndexForward: false },
    { limit, cursor, keys: ['gsi1pk', 'gsi1sk', 'pk', 'sk'], partitionValue: listPk(orgId) },
  );
  return { items: page.items.map((i) => strip<BookingPackageRecord>(i)!), nextCursor: page.nextCursor };
}

// The packages a visitor may book (active, not deleted), oldest first, at most `max`.
export async function listActiveBookingPackages(orgId: string, max = 200): Promise<BookingPackageRecord[]> {
  const items = await queryAll<Item>(
    { TableName: table(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': activePk(orgId) }, Limit: max },
    max,
  );
  // The index is eventually consistent: a package deactivated a moment ago may still be listed there.
  return items.slice(0, max).map((i) => strip<BookingPackageRecord>(i)!).filter((p) => p.isActive && !p.deletedAt);
}

// Every package that is not deleted (active or not), at most `max`: which ones name a practitioner.
export async function listAllBookingPackages(orgId: string, max = 500): Promise<BookingPackageRecord[]> {
  const items = await queryAll<Item>(
    { TableName: table(), IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': listPk(orgId) } },
    max,
  );
  return items.slice(0, max).map((i) => strip<BookingPackageRecord>(i)!).filter((p) => !p.deletedAt);
}

/** The Put of a new package, for one transaction with its audit entry. */
export function putNewBookingPackageItem(pkg: BookingPackageRecord): TransactItem {
  return {
    Put: {
      TableName: table(),
      Item: { ...bookingPackageKey(pkg.orgId, pkg.id), ...indexAttributes(pkg), ...pkg },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * The Update saving a package as `next` (fields and index attributes together), for one transaction
 * with its audit entry. Fails when the package is gone, deleted, or was changed since `previous` was read.
 */
export function saveBookingPackageItem(previous: BookingPackageRecord, next: BookingPackageRecord): TransactItem {
  const fields: Record<string, unknown> = {
    packageName: next.packageName,
    packagePriceCents: next.packagePriceCents,
    ...(next.currency ? { currency: next.currency } : {}),
    packageDescription: next.packageDescription,
    redirectionUrl: next.redirectionUrl,
    isActive: next.isActive,
    durationMinutes: next.durationMinutes ?? null,
    bufferBeforeMinutes: next.bufferBeforeMinutes ?? 0,
    bufferAfterMinutes: next.bufferAfterMinutes ?? 0,
    slotGridMinutes: next.slotGridMinutes ?? null,
    minNoticeMinutes: next.minNoticeMinutes ?? null,
    maxDaysAhead: next.maxDaysAhead ?? null,
    practitionerIds: next.practitionerIds ?? [],
    paymentMode: next.paymentMode ?? 'full',
    depositPercent: next.depositPercent ?? null,
    depositAmountMinor: next.depositAmountMinor ?? null,
    noShowFeeMinor: next.noShowFeeMinor ?? null,
    lateCancelFeeMinor: next.lateCancelFeeMinor ?? null,
    cancellationWindowHours: next.cancellationWindowHours ?? null,
    intakeFormId: next.intakeFormId ?? null,
    intakeTiming: next.intakeTiming ?? null,
    allowSeries: next.allowSeries ?? false,
    seriesPayment: next.seriesPayment ?? 'per_visit',
    seriesMaxVisits: next.seriesMaxVisits ?? null,
    deletedAt: next.deletedAt,
    updatedAt: next.updatedAt,
    ...indexAttributes(next),
  };
  const removed = ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk'].filter((k) => !(k in fields));
  const entries = Object.entries(fields);
  return {
    Update: {
      TableName: table(),
      Key: bookingPackageKey(next.orgId, next.id),
      UpdateExpression:
        `SET ${entries.map((_, i) => `#f${i} = :f${i}`).join(', ')}` + (removed.length ? ` REMOVE ${removed.join(', ')}` : ''),
      ConditionExpression: 'attribute_exists(pk) AND attribute_type(deletedAt, :null) AND updatedAt = :previous',
      ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
      ExpressionAttributeValues: { ...Object.fromEntries(entries.map(([, v], i) => [`:f${i}`, v])), ':null': 'NULL', ':previous': previous.updatedAt },
    },
  };
}

// Create a package with its audit entry.
export async function createBookingPackage(pkg: BookingPackageRecord, actorId: string): Promise<void> {
  await transact([
    putNewBookingPackageItem(pkg),
    auditItem({ orgId: pkg.orgId, actorId, module: 'BOOKING_PACKAGES', action: 'create', recordType: 'booking-package', recordId: pkg.id, summary: `Created booking package "${pkg.packageName}"`, at: pkg.createdAt }),
  ]);
}

// Save a package as `next` (an edit, or a soft delete) with its audit entry; false when it was
// deleted or changed since `previous` was read.
export function saveBookingPackage(previous: BookingPackageRecord, next: BookingPackageRecord, audit: { actorId: string; action: 'update' | 'delete'; summary: string }): Promise<boolean> {
  return tryTransact([
    saveBookingPackageItem(previous, next),
    auditItem({ orgId: next.orgId, actorId: audit.actorId, module: 'BOOKING_PACKAGES', action: audit.action, recordType: 'booking-package', recordId: next.id, summary: audit.summary, at: next.updatedAt }),
  ]);
}
