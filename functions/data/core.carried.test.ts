// transact's items that stand for a request's guarantees (CarriedByItems): the item named by the
// Idempotency-Key carries the request's record, the item named by the solved challenge spends it. What
// is sent and how a cancelled transaction is read are the subject here, so aws-sdk-client-mock stands
// in for the table's client; the route's behaviour is tested against DynamoDB Local
// (test/integration/idempotency.test.ts, challenges.test.ts, submission-faults.test.ts).
import { TransactWriteCommand, type DynamoDBDocumentClientResolvedConfig, type ServiceInputTypes, type ServiceOutputTypes } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { mockClient, type AwsStub } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runInScope, type RequestScope } from '#lib/request-scope';
import { KeyTaken, SolutionSpent, transact, type TransactItem } from './core';
import { ddb } from './dynamo';
import { keyForWrite, recordOn } from './idempotency';

const newItem = (pk: string): TransactItem => ({ Put: { TableName: 'test-table', Item: { pk, sk: 'X' }, ConditionExpression: 'attribute_not_exists(pk)' } });
const cancelled = (...codes: string[]) => new TransactionCanceledException({ message: 'cancelled', CancellationReasons: codes.map((Code) => ({ Code })), $metadata: { httpStatusCode: 400 } });
const reply = { status: 201, message: 'Thanks', data: { submissionId: 'lead1' } };

let ddbMock: AwsStub<ServiceInputTypes, ServiceOutputTypes, DynamoDBDocumentClientResolvedConfig>;
beforeEach(() => {
  vi.stubEnv('TABLE_NAME', 'test-table');
  ddbMock = mockClient(ddb);
});
afterEach(() => {
  ddbMock.restore();
  vi.unstubAllEnvs();
});

/** A public write's scope: its key claimed in the write, and its challenge's riders (a spend, an address count). */
function publicWrite(): RequestScope {
  const { fingerprint, ...claim } = keyForWrite('POST /api/form', 'key-1', 'fp-1', 'pk_1');
  return {
    signal: new AbortController().signal,
    idempotency: { ...claim, reply, inWrite: { fingerprint, recordOn: (item, answer) => recordOn(item as TransactItem, fingerprint, answer) } },
    challenge: {
      page: 'form', apiKey: 'pk_1', solutionId: 'sol-1', countedByEvent: true,
      spend: { Put: { TableName: 'test-table', Item: { pk: 'CHALLENGE#sol-1', sk: 'SPENT' }, ConditionExpression: 'attribute_not_exists(pk)' } },
      count: { Update: { TableName: 'test-table', Key: { pk: 'PAGE', sk: 'W' }, UpdateExpression: 'ADD writes :one' } },
      rate: { update: { TableName: 'test-table', Key: { pk: 'RATE', sk: 'W' }, UpdateExpression: 'ADD hits :one' }, windowEnd: 1 },
    },
  };
}

const sent = () => ddbMock.commandCalls(TransactWriteCommand).at(-1)!.args[0].input.TransactItems!;

describe('transact with items that carry the request\'s guarantees', () => {
  it('sends the lead with the record, the event as the spend, then the address count: three items', async () => {
    ddbMock.on(TransactWriteCommand).resolves({});
    const scope = publicWrite();
    await runInScope(scope, () => transact([newItem('LEAD'), newItem('EVENT')], { requestRecord: 0, solutionSpend: 1 }));
    const items = sent();
    expect(items.map((i) => i.Put?.Item?.pk ?? i.Update?.Key?.pk)).toEqual(['LEAD', 'EVENT', 'RATE']);
    expect(items[0].Put!.Item!.requestRecord).toMatchObject({ status: 'completed', fingerprint: 'fp-1', reply });
    expect(scope.idempotency).toMatchObject({ completed: true, inWrite: { recordAt: { pk: 'LEAD', sk: 'X' } } });
    expect(scope.challenge!.settled).toBe(true);
  });

  it('reads a failed condition on the lead as the key taken, and on the event as the solution spent', async () => {
    ddbMock.on(TransactWriteCommand).rejectsOnce(cancelled('ConditionalCheckFailed', 'ConditionalCheckFailed', 'None')).rejectsOnce(cancelled('None', 'ConditionalCheckFailed', 'None'));
    // Both fail (the retry of a stored request with its own spent solution): the key wins, it is a replay.
    await expect(runInScope(publicWrite(), () => transact([newItem('LEAD'), newItem('EVENT')], { requestRecord: 0, solutionSpend: 1 }))).rejects.toBeInstanceOf(KeyTaken);
    await expect(runInScope(publicWrite(), () => transact([newItem('LEAD'), newItem('EVENT')], { requestRecord: 0, solutionSpend: 1 }))).rejects.toBeInstanceOf(SolutionSpent);
  });

  it('refuses a write that claims its key in the write without an item to carry the record', async () => {
    ddbMock.on(TransactWriteCommand).resolves({});
    await expect(runInScope(publicWrite(), () => transact([newItem('LEAD')]))).rejects.toThrow('must carry its record');
    const notNew: TransactItem = { Put: { TableName: 'test-table', Item: { pk: 'LEAD', sk: 'X' } } };
    await expect(runInScope(publicWrite(), () => transact([notNew], { requestRecord: 0 }))).rejects.toThrow('not a new item');
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
