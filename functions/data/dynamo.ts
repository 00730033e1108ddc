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

/** The parts of a command's input the tenant stamp reads and writes (the SDK's inputs are all of this shape). */
type Attributes = Record<string, unknown>;
interface PutInput {
  Item?: Attributes;
}
interface UpdateInput {
  Key?: Attributes;
  UpdateExpression?: unknown;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Attributes;
}
interface Input extends PutInput, UpdateInput {
  TableName?: string;
  TransactItems?: unknown;
  RequestItems?: Record<string, unknown>;
}
const TENANT = TENANT_INDEX.partition;

/** Puts get `tenant` set on the item; updates of an ORG# key get it in their SET clause. */
function stampPut(put: PutInput | undefined) {
  if (!put?.Item) return;
  const tenant = tenantOf(put.Item, put.Item);
  if (tenant) put.Item[TENANT] = tenant;
}

function stampUpdate(update: UpdateInput | undefined) {
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
    for (const item of input.TransactItems as Array<{ Put?: PutInput; Update?: UpdateInput }>) {
      stampPut(item.Put);
      stampUpdate(item.Update);
    }
  } else if (input.RequestItems) {
    const lists = Object.values(input.RequestItems);
    if (lists.every((v) => Array.isArray(v))) {
      for (const requests of lists as Array<Array<{ PutRequest?: PutInput }>>) for (const r of requests) stampPut(r.PutRequest);
    }
  }
}

// Every command goes through here: the tenant stamp, and the request's deadline as the abort signal.
const send = ddb.send.bind(ddb) as (command: unknown, options?: Record<string, unknown>) => Promise<unknown>;
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
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
