// Appointments seeded straight through the data layer (BatchWrite of the same items a booking writes:
// the record and its search entries, and the organisation's count), for the benchmarks that need an
// organisation with thousands of them (scripts/bench-appointments.ts, the load section). Import it
// after the stack has set the environment: the data layer reads its endpoints from there.
import { BatchWriteCommand, UpdateCommand, type BatchWriteCommandInput, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from '../../functions/data/dynamo';
import { putAppointment, searchTokenPuts } from '../../functions/data/appointments';
import { countersKey } from '../../functions/data/organizations';

export const FIRST = ['Ada', 'Ben', 'Cara', 'Dan', 'Eve', 'Finn', 'Gia', 'Hugo', 'Ivy', 'Jon', 'Kai', 'Lea', 'Max', 'Nia', 'Oto', 'Pia', 'Quin', 'Rosa', 'Sam', 'Tia'];
const LAST = ['Abbott', 'Baker', 'Chen', 'Diaz', 'Evans', 'Fischer', 'Garcia', 'Hughes', 'Ito', 'Jones', 'Khan', 'Lopez', 'Moreno', 'Nash', 'Ortiz', 'Patel', 'Quinn', 'Rossi', 'Smith', 'Tanaka'];
const STATUSES = ['requested', 'confirmed', 'confirmed', 'completed', 'completed', 'completed', 'completed', 'cancelled', 'no-show', 'completed'] as const;

/** `count` appointments over the past and the coming year; returns their ids. */
export async function seedAppointments(orgId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  const items: Record<string, unknown>[] = [];
  const start = Date.now() - 365 * 86_400_000;
  for (let i = 0; i < count; i++) {
    const id = `bench${String(i).padStart(6, '0')}`;
    ids.push(id);
    const firstName = FIRST[i % FIRST.length];
    const lastName = LAST[Math.floor(i / FIRST.length) % LAST.length];
    const at = new Date(start + (i * 2 * 365 * 86_400_000) / count);
    const created = new Date(start + i * 1000).toISOString();
    const a = {
      id, orgId, firstName, lastName: `${lastName}${i % 7 ? '' : 'son'}`, gender: 'other', email: `${firstName}.${lastName}.${i}@example.com`.toLowerCase(),
      phone: `+1555${String(1_000_000 + i).padStart(7, '0')}`, bookingDate: at.toISOString().slice(0, 10), bookingTime: `${String(8 + (i % 10)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
      appointmentType: 'Consultation', reasonOfAppointment: 'Routine check-up and a follow-up on earlier results', primaryInsurance: 'Acme Health', insuranceMemberId: `AH-${i}`,
      attachments: {}, status: STATUSES[i % STATUSES.length], source: 'public' as const, createdAt: created, updatedAt: created, version: 1,
    };
    items.push(putAppointment(a).Put.Item, ...searchTokenPuts(a).map((p) => p.Put.Item));
  }
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < batches.length) {
        let requests: BatchWriteCommandInput['RequestItems'] = { [table()]: batches[next++].map((Item) => ({ PutRequest: { Item } })) };
        while (requests) {
          const out: BatchWriteCommandOutput = await ddb.send(new BatchWriteCommand({ RequestItems: requests }));
          requests = out.UnprocessedItems && Object.keys(out.UnprocessedItems).length ? out.UnprocessedItems : undefined;
        }
      }
    }),
  );
  await ddb.send(new UpdateCommand({ TableName: table(), Key: countersKey(orgId), UpdateExpression: 'SET appointments = :n', ExpressionAttributeValues: { ':n': count } }));
  return ids;
}
