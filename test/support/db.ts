// Direct access to the test stack's table, for arranging states a client cannot reach (an expired code).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';

export function testDb() {
  const env = inject('stackEnv');
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: env.AWS_ENDPOINT_URL_DYNAMODB, region: env.AWS_REGION, credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY } }),
  );
  return { client, table: env.TABLE_NAME };
}
