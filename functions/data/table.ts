// The single table's shape, owned by the data layer and imported by both stacks (CDK and local),
// so key and index names are defined exactly once.
export const TABLE_KEYS = { partition: 'pk', sort: 'sk' } as const;

/** Generic secondary indexes: each entity decides what it projects into gsiNpk/gsiNsk. */
export const TABLE_INDEXES = [
  { name: 'gsi1', partition: 'gsi1pk', sort: 'gsi1sk' },
  { name: 'gsi2', partition: 'gsi2pk', sort: 'gsi2sk' },
  { name: 'gsi3', partition: 'gsi3pk', sort: 'gsi3sk' },
  // Rows ABOUT a patient that no other key of theirs finds (outbox events and webhook rows carrying
  // their name and contact, functions/data/outbox.ts): erasing a patient finds them here, no Scan.
  { name: 'gsi4', partition: 'gsi4pk', sort: 'gsi4sk' },
] as const;

export type IndexName = (typeof TABLE_INDEXES)[number]['name'];

/**
 * The attribute of an item named by a request's Idempotency-Key that holds the request's record
 * (functions/data/idempotency.ts recordOn): housekeeping, never part of what the item is.
 */
export const REQUEST_RECORD_ATTRIBUTE = 'requestRecord';

/** Attribute used for DynamoDB TTL. Nothing may rely on it for correctness: expiry is checked on read. */
export const TTL_ATTRIBUTE = 'expiresAtEpoch';

/**
 * Every item of an organisation carries `tenant` = its orgId (stamped by functions/data/dynamo.ts on
 * each write), and this keys-only index lists them, so an organisation can be deleted whole without
 * a Scan (functions/data/tenant-deletion.ts).
 */
export const TENANT_INDEX = { name: 'tenant', partition: 'tenant' } as const;

/**
 * The organisation an item belongs to: from a key that begins with ORG#<orgId>, or (for the few
 * tenant items keyed otherwise, such as a payment's owner record) from the item's own orgId.
 */
export function tenantOf(key: Record<string, unknown> | undefined, item?: Record<string, unknown>): string | undefined {
  const pk = key?.[TABLE_KEYS.partition];
  const fromKey = typeof pk === 'string' ? /^ORG#([^#]+)/.exec(pk)?.[1] : undefined;
  if (fromKey) return fromKey;
  return typeof item?.orgId === 'string' && item.orgId ? item.orgId : undefined;
}
