// The outbox as its tests drive it: the entity modules that write rows and the worker that delivers
// them, loaded after the test has set the environment they read (as Lambda's), and a row read back.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
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
  const id = `event-form-submitted-${orgId}-${submissionId}-submitted:lead-received`;
  return eventually(async () => ((await outboxRow(id))?.status === 'sent' ? true : undefined), `lead ${submissionId} counted`, timeoutMs);
}
