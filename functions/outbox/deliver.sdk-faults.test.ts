// The outbox worker when SES or the table fails in ways the local stack cannot produce on demand:
// SES refusing one recipient (MessageRejected) or throttling, and the table throttling a claim. The
// other mails of the sweep or stream batch must still go, the refused one be given up at once, the
// throttled one be tried again later. aws-sdk-client-mock stands in for SES and for the table here
// only (a small in-memory outbox answers the worker's commands); delivery against the real local
// stack is tested in test/integration.
import 'aws-sdk-client-mock-vitest/extend';
import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { MessageRejected, SESv2Client, SendEmailCommand, TooManyRequestsException } from '@aws-sdk/client-sesv2';
import { GetCommand, QueryCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfig } from '#lib/config';
import { ddb } from '../data/dynamo';
import type { OutboxRow } from '../data/outbox';
import { onStreamRecords, sweep } from './deliver';

const sesMock = mockClient(SESv2Client);
const ddbMock = mockClient(ddb);

/** The outbox rows the stand-in table holds, by id. */
let rows: Map<string, OutboxRow>;
/** Row ids whose claim the table throttles (after the SDK's own retries). */
let throttledClaims: Set<string>;

const mailRow = (id: string, to: string): OutboxRow => {
  const at = new Date(Date.now() - 1_000).toISOString();
  return { id, payload: { kind: 'mail', mail: { to, subject: 'Your appointment', text: 'See you on Monday.' } }, status: 'pending', attempts: 0, createdAt: at, nextAttemptAt: at };
};
const idOf = (key: Record<string, unknown> | undefined) => String(key?.pk).replace(/^OUTBOX#/, '');
const conditionFailed = () => new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: { httpStatusCode: 400 } });

/** The worker's commands, answered as the table would for these rows (data/outbox.ts). */
function outboxTable() {
  ddbMock.on(QueryCommand).callsFake(() => ({
    Items: [...rows.values()].filter((r) => r.status === 'pending' && r.nextAttemptAt <= new Date().toISOString()).map((r) => ({ id: r.id })),
  }));
  // No address is on the suppression list.
  ddbMock.on(GetCommand).resolves({});
  ddbMock.on(UpdateCommand).callsFake((input: UpdateCommandInput) => {
    const id = idOf(input.Key);
    const row = rows.get(id);
    const values = input.ExpressionAttributeValues ?? {};
    if (input.ReturnValues === 'ALL_NEW') {
      if (throttledClaims.has(id)) throw new ProvisionedThroughputExceededException({ message: 'Rate exceeded', $metadata: { httpStatusCode: 400 } });
      if (!row || row.status !== 'pending') throw conditionFailed();
      Object.assign(row, { status: 'sending', attempts: row.attempts + 1, claimToken: values[':token'], leaseUntil: values[':lease'] });
      return { Attributes: { ...row } };
    }
    if (!row || row.claimToken !== values[':token']) throw conditionFailed();
    delete row.claimToken;
    if (values[':sent']) row.status = 'sent';
    else if (values[':failed']) Object.assign(row, { status: 'failed', lastError: values[':error'] });
    else if (values[':pending']) Object.assign(row, { status: 'pending', nextAttemptAt: values[':next'], lastError: values[':error'] });
    else if (values[':dropped']) row.status = 'dropped';
    return {};
  });
}

const statuses = () => Object.fromEntries([...rows.values()].map((r) => [r.id, r.status]));

beforeEach(() => {
  sesMock.reset();
  ddbMock.reset();
  vi.stubEnv('TABLE_NAME', 'test-table');
  vi.stubEnv('APP_URL', 'https://app.example.org');
  resetConfig();
  rows = new Map(['a', 'b', 'c'].map((id) => [id, mailRow(id, `${id}@example.org`)]));
  throttledClaims = new Set();
  outboxTable();
  sesMock.on(SendEmailCommand).resolves({ MessageId: 'm' });
});
afterAll(() => {
  sesMock.restore();
  ddbMock.restore();
  vi.unstubAllEnvs();
  resetConfig();
});

describe('SES refusing one recipient (MessageRejected)', () => {
  it('gives that mail up at once and still sends the others of the sweep', async () => {
    sesMock.on(SendEmailCommand, { Destination: { ToAddresses: ['b@example.org'] } }).rejects(new MessageRejected({ message: 'Email address is not verified.', $metadata: { httpStatusCode: 400 } }));

    const result = await sweep();

    expect(statuses()).toEqual({ a: 'sent', b: 'failed', c: 'sent' });
    expect(rows.get('b')!.lastError).toContain('Email address is not verified.');
    expect(result).toMatchObject({ sent: 2, failed: 1, retry: 0 });
    expect(sesMock).toHaveReceivedCommandTimes(SendEmailCommand, 3);
    expect(sesMock).toHaveReceivedCommandWith(SendEmailCommand, { Destination: { ToAddresses: ['c@example.org'] } });
  });
});

describe('SES throttling (TooManyRequestsException)', () => {
  it('puts that mail back for a later try (not given up) and still sends the others', async () => {
    sesMock.on(SendEmailCommand, { Destination: { ToAddresses: ['b@example.org'] } }).rejects(new TooManyRequestsException({ message: 'Maximum sending rate exceeded.', $metadata: { httpStatusCode: 429 } }));
    const before = Date.now();

    const result = await sweep();

    expect(statuses()).toEqual({ a: 'sent', b: 'pending', c: 'sent' });
    expect(result).toMatchObject({ sent: 2, retry: 1, failed: 0 });
    // Due again after the first pause (30 s), so this sweep did not take it again.
    expect(Date.parse(rows.get('b')!.nextAttemptAt)).toBeGreaterThanOrEqual(before + 30_000);
    expect(sesMock).toHaveReceivedCommandTimes(SendEmailCommand, 3);
  });
});

describe('the table throttling a claim (ProvisionedThroughputExceededException)', () => {
  const record = (id: string, sequence: string): DynamoDBRecord => ({
    eventName: 'INSERT',
    dynamodb: { SequenceNumber: sequence, NewImage: { pk: { S: `OUTBOX#${id}` }, status: { S: 'pending' } } },
  });

  it('leaves that row for the next sweep, and the sweep delivers the others', async () => {
    throttledClaims.add('b');

    const result = await sweep();

    expect(statuses()).toEqual({ a: 'sent', b: 'pending', c: 'sent' });
    expect(result).toMatchObject({ sent: 2, skipped: 1 });
    expect(sesMock).toHaveReceivedCommandTimes(SendEmailCommand, 2);
  });

  it('hands that stream record back to Lambda to deliver again, and delivers the others', async () => {
    throttledClaims.add('b');

    const result = await onStreamRecords([record('a', '1'), record('b', '2'), record('c', '3')]);

    expect(result.batchItemFailures).toEqual([{ itemIdentifier: '2' }]);
    expect(statuses()).toEqual({ a: 'sent', b: 'pending', c: 'sent' });
    expect(sesMock).toHaveReceivedCommandTimes(SendEmailCommand, 2);
  });
});
