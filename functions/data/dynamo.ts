// The one DynamoDB document client. The endpoint comes from AWS_ENDPOINT_URL_DYNAMODB when set
// (the local stack), so the same code talks to DynamoDB Local and to AWS. Every call is bounded:
// connect and request timeouts well inside a request's deadline, and the request's own deadline
// (lib/request-scope.ts) aborts whatever is still in flight when the answer is due.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TENANT_INDEX, tenantOf } from './table';
import { config } from '#lib/config';
import { currentScope } from '#lib/request-scope';

/** Per attempt; the SDK makes up to 3 attempts, so a dead connection costs at most ~7.5 s in all. */
export const DYNAMODB_TIMEOUTS = { connectionTimeout: 1_000, requestTimeout: 2_500 } as const;

export const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ requestHandler: { ...DYNAMODB_TIMEOUTS }, maxAttempts: 3 }), {
  marshallOptions: { removeUndefinedValues: true },
});

type Input = Record<string, any>;
const TENANT = TENANT_INDEX.partition;

/** Puts get `tenant` set on the item; updates of an ORG# key get it in their SET clause. */
function stampPut(put: Input | undefined) {
  if (!put?.Item) return;
  const tenant = tenantOf(put.Item, put.Item);
  if (tenant) put.Item[TENANT] = tenant;
}

function stampUpdate(update: Input | undefined) {
  if (!update?.Key || typeof update.UpdateExpression !== 'string') return;
  const tenant = tenantOf(update.Key);
  if (!tenant || update.ExpressionAttributeNames?.['#tenant_']) return;
  update.ExpressionAttributeNames = { ...update.ExpressionAttributeNames, '#tenant_': TENANT };
  update.ExpressionAttributeValues = { ...update.ExpressionAttributeValues, ':tenant_': tenant };
  const expression: string = update.UpdateExpression;
  // An update expression has at most one SET clause: join it, or add one.
  update.UpdateExpression = /\bSET\b/i.test(expression)
    ? expression.replace(/\bSET\b/i, 'SET #tenant_ = :tenant_,')
    : `SET #tenant_ = :tenant_ ${expression}`;
}

function stampTenant(input: Input) {
  if (input.Item && input.TableName) stampPut(input);
  else if (input.UpdateExpression) stampUpdate(input);
  else if (Array.isArray(input.TransactItems)) {
    for (const item of input.TransactItems) {
      stampPut(item.Put);
      stampUpdate(item.Update);
    }
  } else if (input.RequestItems && !Object.values(input.RequestItems).some((v: any) => !Array.isArray(v))) {
    for (const requests of Object.values(input.RequestItems) as Input[][]) for (const r of requests) stampPut(r.PutRequest);
  }
}

// Every command goes through here: the tenant stamp, and the request's deadline as the abort signal.
const send = ddb.send.bind(ddb) as (command: any, options?: any) => Promise<any>;
(ddb as { send: unknown }).send = (command: { input?: Input }, options?: Record<string, unknown>) => {
  if (command?.input) stampTenant(command.input);
  const signal = currentScope()?.signal;
  return send(command, signal ? { abortSignal: signal, ...options } : options);
};

export const table = () => config.tableName;

/** Opaque page cursor from a LastEvaluatedKey, and back. */
export function encodeCursor(key: Record<string, unknown> | undefined): string | undefined {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined;
}

export function decodeCursor(cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return parsed && typeof parsed === 'object' ? parsed : undefined;
  } catch {
    return undefined;
  }
}
