// Direct access to the test stack's table, for arranging states a client cannot reach (an expired code).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';

export function testDb() {
  const env = inject('stackEnv');
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: env.AWS_ENDPOINT_URL_DYNAMODB, region: env.AWS_REGION, credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY } }),
  );
  return { client, table: env.TABLE_NAME };
}

/** A table item: every one has its string keys. */
export type Item = { pk: string; sk: string } & Record<string, unknown>;

/** Every item of an organisation, read back whole through the tenant index (keys only) and BatchGet. */
export async function everyItemOf(orgId: string): Promise<Item[]> {
  const { client, table } = testDb();
  const keys: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await client.send(new QueryCommand({ TableName: table, IndexName: 'tenant', KeyConditionExpression: 'tenant = :t', ExpressionAttributeValues: { ':t': orgId }, ExclusiveStartKey: start }));
    keys.push(...(out.Items ?? []).map((i) => ({ pk: i.pk, sk: i.sk })));
    start = out.LastEvaluatedKey;
  } while (start);
  const items: Item[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    // Consistent reads, and the keys a BatchGet leaves unprocessed asked again: a short read would let "nothing names them" pass unchecked.
    let ask: Record<string, unknown>[] | undefined = keys.slice(i, i + 100);
    while (ask?.length) {
      const out: BatchGetCommandOutput = await client.send(new BatchGetCommand({ RequestItems: { [table]: { Keys: ask, ConsistentRead: true } } }));
      items.push(...((out.Responses?.[table] ?? []) as Item[]));
      ask = out.UnprocessedKeys?.[table]?.Keys;
    }
  }
  return items;
}
