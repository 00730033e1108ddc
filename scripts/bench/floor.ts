// The floor: the least a DynamoDB-backed function can be. One GetItem with nothing but the DynamoDB
// client, bundled and started exactly like the real handlers, so their cold starts have a yardstick.
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { TABLE_KEYS } from '../../functions/data/table';

const client = new DynamoDBClient({});

export const handler = async () => {
  const out = await client.send(
    new GetItemCommand({
      TableName: process.env.TABLE_NAME,
      Key: { [TABLE_KEYS.partition]: { S: 'BENCH' }, [TABLE_KEYS.sort]: { S: 'FLOOR' } },
    }),
  );
  return { statusCode: out.Item ? 200 : 404, body: '' };
};
