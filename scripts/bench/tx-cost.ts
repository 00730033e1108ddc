// `npx tsx scripts/bench/tx-cost.ts [rounds] [--long-running]`: what DynamoDB Local itself costs for a public form
// submission's one write, without the server, the handlers or the outbox workers. The lead's
// transaction is built by the same functions the route uses (data/submissions.ts submissionItems: the
// lead carrying its request's record, its event named by the solution; the address's rate count),
// each with keys of its own, and sent 16 at a time (the load bench's concurrency) for a fixed count,
// beside the five-item shape it had before (a spend and a key record of their own) and parts of it. Per shape it prints DynamoDB Local's CPU per transaction (its java process, from
// /proc) and the wall time per transaction at 16 concurrent: 16 x that time is the p50 a submission
// cannot go below on this machine, whatever the rest costs (compare with the static file's p50 of `npm
// run bench -- --load`). Its cost is CPU, not waiting: a JFR profile of this script showed about a
// fifth of DynamoDB Local's samples inside its table write lock and a third parsing the table's stored
// description again for every item a request touches (an emulator's cost, not DynamoDB's). Medians of the
// rounds (default 3), shapes interleaved; print the load average beside what you quote. With
// --long-running, DynamoDB Local runs as `npm start` and the load bench run it (the JVM's C2 too).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { TransactItem } from '../../functions/data/core';
import { withLocalTable } from './local-table';
import { runScript } from './run-script';

const CONCURRENCY = 16;
const PER_ROUND = 300;
const ROUTE = 'POST /api/form-builder/form/{id}/submissions';

/** CPU ms a process has used so far (Linux /proc, 100 ticks a second). */
function processCpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

runScript(async () => {
  const rounds = Math.max(1, Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 3));
  const { startDynamoDbLocal } = await import('../../infra/local/services');
  const dynamo = await startDynamoDbLocal({ longRunning: process.argv.includes('--long-running') });
  const pid = dynamo.pid!;
  try {
    await withLocalTable({ tableName: 'tx-cost', endpoint: dynamo.endpoint }, async () => {
      const { submissionItems } = await import('../../functions/data/submissions');
      const { challengeRiders } = await import('../../functions/data/page-activity');
      const { countRequestItem } = await import('../../functions/data/rate-limits');
      const { keyForWrite, recordOn } = await import('../../functions/data/idempotency');
      const { ddb } = await import('../../functions/data/dynamo');
      const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
      const orgId = 'TxCostOrg0000000000001';
      const apiKey = 'pk_txcost0000000000000000000000000';
      let n = 0;
      /**
       * One new visitor's lead as the route writes it since issue 35's last step: [lead carrying its
       * request's record, form-submitted event named by the solution, address count], then what it
       * wrote before: [spent solution, key record].
       */
      const leadItems = async (): Promise<TransactItem[]> => {
        n++;
        const at = new Date().toISOString();
        const id = `lead${n}x${randomUUID().slice(0, 6)}`;
        const key = randomUUID();
        const own = await submissionItems(
          {
            id, orgId, formId: 'form0000000001', formName: 'New patient intake',
            answers: [
              { fieldId: 'name', label: 'Full name', type: 'text', value: `Visitor ${n}` },
              { fieldId: 'email', label: 'Email', type: 'email', value: `visitor${n}@example.com` },
              { fieldId: 'reason', label: 'Reason for your visit', type: 'textarea', value: 'A sore knee after running.' },
            ],
            packageId: null, packageName: null, email: `visitor${n}@example.com`, name: `Visitor ${n}`, paymentStatus: 'none', paymentId: null, reportDay: at.slice(0, 10), createdAt: at, updatedAt: at,
          },
          apiKey,
          key,
        );
        const riders = challengeRiders('form', apiKey, { id: key, expiresAt: Math.floor(Date.now() / 1000) + 600, idempotencyKey: key });
        const rate = countRequestItem(ROUTE, `198.18.${(n >> 8) & 255}.${n & 255}`, { limit: 20, windowSeconds: 600 });
        const guard = keyForWrite(ROUTE, key, `fingerprint-${n}`, apiKey);
        const reply = { status: 201, message: 'Thanks, we will call you.', data: { submissionId: id, packageId: null, isPayable: false, redirectUrl: '' } };
        // The key's record as an item of its own, as it was written before (same attributes and condition).
        const keyRecord: TransactItem = {
          Put: {
            TableName: process.env.TABLE_NAME!,
            Item: { ...guard.key, status: 'completed', token: guard.token, fingerprint: guard.fingerprint, leaseUntil: 0, keepUntil: Date.now() + 86_400_000, expiresAtEpoch: Math.ceil(Date.now() / 1000) + 86_400, reply, completedAt: at, orgId, tenant: orgId },
            ConditionExpression: 'attribute_not_exists(pk) OR keepUntil < :now OR (#status = :inProgress AND (leaseUntil = :released OR (leaseUntil < :now AND fingerprint = :fp)))',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':now': Date.now(), ':inProgress': 'in_progress', ':fp': guard.fingerprint, ':released': 0 },
          },
        };
        return [recordOn(own[0], guard.fingerprint, reply), own[1], { Update: rate.update }, riders.spend, keyRecord];
      };
      const shapes: Record<string, (items: TransactItem[]) => TransactItem[]> = {
        "the lead's 3 items (now)": (items) => items.slice(0, 3),
        'with a spend and a key record (5, before)': (items) => items,
        'without its event row (2)': (items) => [items[0], items[2]],
        'the lead alone (1)': (items) => items.slice(0, 1),
        // Without their secondary index entries (what the items' size and indexes cost, apart from their number).
        '3 items, no index attributes': (items) => items.slice(0, 3).map((i) => (i.Put ? { ...i, Put: { ...i.Put, Item: Object.fromEntries(Object.entries(i.Put.Item ?? {}).filter(([k]) => !/^gsi\d(pk|sk)$/.test(k))) } } : i)),
      };
      const send = async (shape: (items: TransactItem[]) => TransactItem[]) => ddb.send(new TransactWriteCommand({ TransactItems: shape(await leadItems()) }));
      /** `count` transactions of `shape`, CONCURRENCY at a time. */
      const burst = async (shape: (items: TransactItem[]) => TransactItem[], count: number) => {
        let sent = 0;
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (sent < count) {
              sent++;
              await send(shape);
            }
          }),
        );
      };
      // Warm-up, as the load does it: DynamoDB Local's JIT compiles its hot code over the first thousands
      // of items (with fewer, the first rounds measured a JVM still compiling).
      await burst((items) => items, 1_000);

      const results = new Map<string, { cpu: number[]; wall: number[] }>();
      for (let round = 0; round < rounds; round++) {
        for (const [name, shape] of Object.entries(shapes)) {
          const cpuBefore = processCpuMs(pid);
          const started = performance.now();
          await burst(shape, PER_ROUND);
          const r = results.get(name) ?? { cpu: [], wall: [] };
          r.wall.push((performance.now() - started) / PER_ROUND);
          r.cpu.push((processCpuMs(pid) - cpuBefore) / PER_ROUND);
          results.set(name, r);
        }
      }
      console.log(`\nDynamoDB Local alone: ${CONCURRENCY} concurrent transactions, ${PER_ROUND} per shape and round, medians of ${rounds} rounds; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
      console.log(`${'transaction'.padEnd(44)}${'cpu ms/tx'.padStart(11)}${'wall ms/tx'.padStart(12)}${'16 x wall (p50 floor)'.padStart(23)}`);
      for (const [name, r] of results) {
        console.log(`${name.padEnd(44)}${median(r.cpu).toFixed(2).padStart(11)}${median(r.wall).toFixed(2).padStart(12)}${(CONCURRENCY * median(r.wall)).toFixed(0).padStart(20)} ms`);
      }
    });
  } finally {
    await dynamo.stop();
  }
});
