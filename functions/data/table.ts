// The single table's shape, owned by the data layer and imported by both stacks (CDK and local),
// so key and index names are defined exactly once.
export const TABLE_KEYS = { partition: 'pk', sort: 'sk' } as const;

/** Generic secondary indexes: each entity decides what it projects into gsiNpk/gsiNsk. */
export const TABLE_INDEXES = [
  { name: 'gsi1', partition: 'gsi1pk', sort: 'gsi1sk' },
  { name: 'gsi2', partition: 'gsi2pk', sort: 'gsi2sk' },
  { name: 'gsi3', partition: 'gsi3pk', sort: 'gsi3sk' },
] as const;

export type IndexName = (typeof TABLE_INDEXES)[number]['name'];

/** Attribute used for DynamoDB TTL. Nothing may rely on it for correctness: expiry is checked on read. */
export const TTL_ATTRIBUTE = 'expiresAtEpoch';

export const BUCKETS = {
  /** Profile pictures, package images, appointment attachments, form file uploads. */
  uploads: 'uploads',
  /** The built SPA. */
  web: 'web',
} as const;
