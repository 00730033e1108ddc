// The local stack holds each request to its route row's declared table access, as IAM does in AWS:
// a write from a `table: 'read'` row fails before it reaches DynamoDB; reads, and writes of write
// rows, go through (here to an address where nothing answers, so they fail later, differently).
import { join } from 'node:path';
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Route } from '../../functions/routes';
import { enforceDeclaredTableAccess, withDeclaredAccess } from './declared-access';

const row = (table: 'read' | 'write'): Route => ({ method: 'GET', path: '/probe', handler: 'probe/probe', access: 'user', uses: { table } });
const Item = { pk: 'ORG#o1', sk: 'X' };
const Key = Item;

describe('declared table access on the local stack', () => {
  let ddb: typeof import('../../functions/data/dynamo').ddb;

  beforeAll(async () => {
    vi.stubEnv('AWS_ENDPOINT_URL_DYNAMODB', 'http://127.0.0.1:9');
    vi.stubEnv('AWS_REGION', 'us-east-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'x');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'x');
    await enforceDeclaredTableAccess(join(import.meta.dirname, '..', '..', 'functions'));
    ({ ddb } = await import('../../functions/data/dynamo'));
  });
  afterAll(() => vi.unstubAllEnvs());

  const failure = (route: Route, command: unknown) => withDeclaredAccess(route, () => ddb.send(command as never)).then(() => '', (e: Error) => e.message);

  it('refuses every kind of write from a read row, naming the row', async () => {
    for (const command of [
      new PutCommand({ TableName: 't', Item }),
      new UpdateCommand({ TableName: 't', Key, UpdateExpression: 'SET a = :a', ExpressionAttributeValues: { ':a': 1 } }),
      new DeleteCommand({ TableName: 't', Key }),
      new TransactWriteCommand({ TransactItems: [{ Put: { TableName: 't', Item } }] }),
    ]) {
      expect(await failure(row('read'), command)).toMatch(/^GET \/probe declares uses.table 'read' in functions\/routes.ts, but its handler sent \w+Command$/);
    }
  });

  it('lets reads of read rows and writes of write rows through to DynamoDB', async () => {
    expect(await failure(row('read'), new GetCommand({ TableName: 't', Key }))).not.toMatch(/declares/);
    expect(await failure(row('write'), new PutCommand({ TableName: 't', Item }))).not.toMatch(/declares/);
  }, 30_000);
});
