// The outbox as its tests drive it: the entity modules that write rows and the worker that delivers
// them, loaded after the test has set the environment they read (as Lambda's), and a row read back.
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { testDb } from './db';

/** The outbox's modules, imported now: call it once the test's environment is in place. */
export async function outboxModules() {
  const [outbox, worker, core] = await Promise.all([
    import('../../functions/data/outbox'),
    import('../../functions/outbox/deliver'),
    import('../../functions/data/core'),
  ]);
  return { outbox, worker, core };
}

/** An outbox row as stored now (undefined: none). */
export async function outboxRow(id: string) {
  const { client, table } = testDb();
  return (await client.send(new GetCommand({ TableName: table, Key: { pk: `OUTBOX#${id}`, sk: 'MESSAGE' }, ConsistentRead: true }))).Item;
}

/**
 * Waits until a lead's own subscriber has run (functions/domain/forms/on-lead-received.ts): its staff
 * notice written and its counts (the day's report figure, the page's write count) made.
 */
export async function leadCounted(orgId: string, submissionId: string, timeoutMs = 15_000) {
  const { eventually } = await import('./eventually');
  return eventually(async () => {
    const event = await leadEventRowId(orgId, submissionId);
    return event && (await outboxRow(`${event}:lead-received`))?.status === 'sent' ? true : undefined;
  }, `lead ${submissionId} counted`, timeoutMs);
}

/**
 * The id of a lead's form-submitted event row, found among the organisation's events (their index,
 * gsi2): a lead sent with a solved challenge names its event by the solution, not by the lead
 * (functions/data/submissions.ts putSubmission).
 */
export async function leadEventRowId(orgId: string, submissionId: string): Promise<string | undefined> {
  const { client, table } = testDb();
  let start: Record<string, unknown> | undefined;
  do {
    const out = await client.send(new QueryCommand({ TableName: table, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': `ORG#${orgId}#EVENTS` }, ExclusiveStartKey: start }));
    const row = out.Items?.find((item) => (item.payload as { event?: { type?: string; submissionId?: string } } | undefined)?.event?.type === 'form-submitted' && (item.payload as { event: { submissionId?: string } }).event.submissionId === submissionId);
    if (row) return String(row.id);
    start = out.LastEvaluatedKey;
  } while (start);
  return undefined;
}
