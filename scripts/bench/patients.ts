// Patient record benchmark (issue 36; budget: a patient with 500 items pages in at most 300 ms p95 in
// the handler). Seeds one patient with 500 items through the data layer: 200 confirmed bookings with
// their pointers, 150 payment pointers to them, 100 staff notes, and 50 patient mails as outbox rows
// indexed by their address; then reads the whole record a page of 25 at a time, as
// GET /patients/{id}/items does after its authorisation (functions/patients/list-patient-items.ts: the
// patient, then domain/patients/timeline.ts patientItems), and prints each page's time, p50 and p95.
//
//   npm run bench -- --patients [--runs 10]      (just this section)
//   npm run bench                                (after the free times)
import { loadavg } from 'node:os';
import { withLocalTable } from './local-table';

const TABLE_NAME = 'bench-patients';
const BUDGET_MS = 300;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

export async function runPatientsBench(options: { runs: number; endpoint?: string }): Promise<void> {
  await withLocalTable({ tableName: TABLE_NAME, endpoint: options.endpoint }, () => bench(options.runs));
}

async function bench(runs: number) {
  const { batchWrite, transact } = await import('../../functions/data/core');
  const { createCustomerItems } = await import('../../functions/data/customers');
  const { itemsPartition, itemSortKey, recipientPartition } = await import('../../functions/data/patients');
  const { bookingKey } = await import('../../functions/data/bookings');
  const { getPatient, patientItems } = await import('../../functions/domain/patients/timeline');

  const orgId = `bench-${Date.now()}`;
  const patientId = 'patient-500';
  const email = 'bench.patient@example.com';
  const start = Date.parse('2025-01-01T00:00:00Z');
  const at = (n: number) => new Date(start + n * 3_600_000).toISOString();
  await transact(createCustomerItems({ id: patientId, orgId, firstName: 'Bench', lastName: 'Patient', email, phone: '+15550009999', appointmentCount: 0, createdAt: at(0), updatedAt: at(0), version: 1 }));
  const puts: { PutRequest: { Item: Record<string, unknown> } }[] = [];
  const pointer = (kind: string, refId: string, when: string, extra: object = {}) => ({ PutRequest: { Item: { pk: itemsPartition(orgId, patientId), sk: itemSortKey({ at: when, kind, refId }), kind, refId, at: when, ...extra } } });
  for (let i = 0; i < 200; i++) {
    const id = `b${i}`;
    puts.push({ PutRequest: { Item: { ...bookingKey(orgId, id), id, orgId, packageId: 'pkg', packageName: 'Consultation', priceCents: 4950, currency: 'usd', firstName: 'Bench', lastName: 'Patient', email, phoneNumber: '+15550009999', bookingDate: '2026-03-09', bookingTime: '09:00', timeZone: 'America/New_York', startUtc: at(i * 2 + 5000), endUtc: at(i * 2 + 5001), durationMinutes: 60, status: 'confirmed', paymentStatus: 'paid', amountPaidCents: 4950, refundedCents: null, createdAt: at(i * 2), updatedAt: at(i * 2) } } });
    puts.push(pointer('booking', id, at(i * 2)));
    if (i < 150) puts.push(pointer('payment', `booking:${id}`, at(i * 2 + 1)));
  }
  for (let i = 0; i < 100; i++) puts.push(pointer('note', `note${i}`, at(i * 4 + 3), { text: `Note ${i}: follow-up in two weeks.`, authorName: 'Dr Bench' }));
  for (let i = 0; i < 50; i++) {
    const id = `mail-${i}`;
    const when = at(i * 8 + 7);
    puts.push({ PutRequest: { Item: { pk: `OUTBOX#${orgId}-${id}`, sk: 'MESSAGE', gsi2pk: recipientPartition(orgId, email), gsi2sk: `${when}#${id}`, id, orgId, status: 'sent', attempts: 1, createdAt: when, nextAttemptAt: when, payload: { kind: 'mail', mail: { to: email, subject: 'Your booking is confirmed', text: 'Hello, see you soon.', fromClinic: true, locale: 'en' } } } } });
  }
  await batchWrite(puts);

  const times: number[] = [];
  let items = 0;
  let pages = 0;
  for (let run = 0; run < runs; run++) {
    let cursor: string | undefined;
    items = 0;
    pages = 0;
    do {
      const t0 = performance.now();
      const patient = (await getPatient(orgId, patientId))!;
      const page = await patientItems(orgId, patient, 25, cursor);
      times.push(performance.now() - t0);
      items += page.items.length;
      pages++;
      cursor = page.nextCursor;
    } while (cursor);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  console.log(`\nPatient record (GET /patients/{id}/items, in the handler, warm): ${items} items in ${pages} pages of 25, ${runs} runs`);
  console.log(`  page time p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms; budget p95 <= ${BUDGET_MS} ms: ${p95 <= BUDGET_MS ? 'PASS' : 'OVER'}`);
  console.log(`  (load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})`);
}
