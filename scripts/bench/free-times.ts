// Free-times benchmark (issue 25, docs/practitioners.md): how long the public free-time reads take for
// a clinic of 10 practitioners with a realistic diary, and how many DynamoDB reads each request makes.
//
//   npm run bench -- --free-times [--runs 30]      (just this section)
//   npx tsx scripts/bench/free-times.ts [--runs 30]
//   npm run bench                                  (after the functions' sizes and cold starts)
//   BENCH_TRACE=1 ...                              (also print every read with its input, to stderr)
//
// Starts DynamoDB Local in memory (like scripts/bench.ts), seeds one organisation through the data
// layer: 10 practitioners (weekly hours with a lunch break, a few exceptions), a 50-minute package on a
// 5-minute grid with buffers offered by all ten, and about 60 % of the next 60 days' working time taken
// by bookings, written with `timeChangeItems` through `transact` (the very hour items a booking takes).
// Then it calls the real handlers in this process with synthetic API Gateway v2 events, warm (the
// first calls, which load and JIT the code, are not counted), one request at a time: p50, p95 and max
// of the handler's time, and the DynamoDB reads and items each request makes (counted by a middleware
// on the data layer's client). "engine" rows time the pure computation alone on the same data (the
// diaries read once), to split a request's time between DynamoDB and the CPU.
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { listAvailableDaysReply, listAvailableSlotsReply } from '../../shared/bookings/schemas';
import { withLocalTable } from './local-table';

const TABLE_NAME = 'bench-free-times';
const PRACTITIONERS = 10;
const DAYS = 60;
const TARGET_TAKEN = 0.6;
const ZONE = 'America/New_York';
/** Above this p95 for 60 days of 10 practitioners ("anyone"), the month view feels slow. */
const DAYS_P95_BUDGET_MS = 300;

export interface FreeTimesOptions {
  runs: number;
  /** A DynamoDB Local already running (its table is created here); else one is started and stopped. */
  endpoint?: string;
}

interface Reads {
  calls: number;
  byCommand: Map<string, number>;
  items: number;
  scanned: number;
  capacity: number;
}

const newReads = (): Reads => ({ calls: 0, byCommand: new Map(), items: 0, scanned: 0, capacity: 0 });
const READ_COMMANDS = new Set(['GetItemCommand', 'QueryCommand', 'BatchGetItemCommand', 'ScanCommand', 'TransactGetItemsCommand']);

const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);
/** Nearest-rank percentile of sorted samples. */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** A small seeded generator: the same diary on every run, so figures compare across commits. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs `tasks` with at most `limit` in flight. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]();
      }
    }),
  );
  return results;
}

export async function runFreeTimesBench(options: FreeTimesOptions): Promise<void> {
  await withLocalTable({ tableName: TABLE_NAME, endpoint: options.endpoint, env: { UPLOADS_BUCKET: 'bench-uploads' } }, () => bench(options.runs));
}

async function bench(runs: number) {
  // The data layer creates its client from the environment just set: import it now.
  const { ddb } = await import('../../functions/data/dynamo');
  const { transact } = await import('../../functions/data/core');
  const { createOrganizationItems, newApiKey } = await import('../../functions/data/organizations');
  const { saveAvailability, getAvailability, rulesOf } = await import('../../functions/data/availability');
  const { createBookingPackage } = await import('../../functions/data/booking-packages');
  const { savePractitioner, timeChangeItems } = await import('../../functions/data/practitioners');
  const { addDays, localToUtc, weekdayOf } = await import('../../shared/bookings/slots');
  const { minutesOf, timeOf, todayIn } = await import('../../shared/bookings/time');
  const { workingIntervals } = await import('../../shared/bookings/practitioner-times');
  const { diaryDay, offeringPractitioners, rangeOf, readTaken, timingOf } = await import('../../functions/domain/availability/diary');
  const days = (await import('../../functions/availability/list-available-days')).handler;
  const slots = (await import('../../functions/availability/list-available-slots')).handler;

  // ---- Count every DynamoDB call, and the items read ---------------------------------------------
  let reads = newReads();
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      const name = (context as { commandName?: string }).commandName ?? 'unknown';
      const input = args.input as Record<string, unknown>;
      const isRead = READ_COMMANDS.has(name);
      // Ask for the capacity a read consumes (DynamoDB Local reports it like DynamoDB does).
      if (isRead) input.ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      if (isRead && process.env.BENCH_TRACE) console.error(name, JSON.stringify(input).slice(0, 300), (result.output as { Count?: number }).Count);
      if (isRead) {
        const out = result.output as { Count?: number; ScannedCount?: number; Item?: unknown; Responses?: Record<string, unknown[]>; ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] };
        reads.calls++;
        reads.byCommand.set(name, (reads.byCommand.get(name) ?? 0) + 1);
        const items = out.Count ?? (out.Item ? 1 : 0) + Object.values(out.Responses ?? {}).reduce((n, r) => n + r.length, 0);
        reads.items += items;
        reads.scanned += out.ScannedCount ?? items;
        for (const c of [out.ConsumedCapacity ?? []].flat()) reads.capacity += c.CapacityUnits ?? 0;
      }
      return result;
    },
    { step: 'initialize', name: 'benchReadCounter' },
  );

  // ---- Seed ----------------------------------------------------------------------------------
  const seedStart = performance.now();
  const now = new Date().toISOString();
  const orgId = 'org_bench_free_times';
  const ownerId = 'usr_bench_owner';
  const apiKey = newApiKey();
  await transact(
    createOrganizationItems({ id: orgId, name: 'Bench Clinic', email: 'bench@example.com', legalName: 'Bench Clinic LLC', websiteUrl: 'https://bench.example.com', phoneNumber: '+15550000000', apiKey, ownerId, timeZone: ZONE, createdAt: now, updatedAt: now }),
  );
  const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
  await saveAvailability(
    {
      orgId,
      weeklyHours: { ...Object.fromEntries(weekdays.map((d) => [d, [{ start: '08:00', end: '18:00' }]])), saturday: [], sunday: [] } as never,
      slotMinutes: 30,
      capacity: 1,
      closedDates: [],
      minNoticeMinutes: 120,
      maxDaysAhead: 180,
      updatedAt: now,
      updatedBy: ownerId,
    },
    'Bench availability',
  );

  const random = mulberry32(25);
  const today = todayIn(ZONE, new Date());
  const NAMES = ['Ana Ruiz', 'Ben Okafor', 'Cara Lind', 'Dev Patel', 'Eli Novak', 'Fay Chen', 'Gus Moreau', 'Hana Ito', 'Ivo Petrov', 'Jo Walsh'];
  const practitioners = NAMES.slice(0, PRACTITIONERS).map((name, i) => {
    // Two shapes of day, each with a lunch break; some work Saturday mornings.
    const day = i % 2 ? [{ start: '08:00', end: '12:30' }, { start: '13:30', end: '17:00' }] : [{ start: '09:00', end: '13:00' }, { start: '14:00', end: '18:00' }];
    const weeklyHours = { ...Object.fromEntries(weekdays.map((d) => [d, day])), saturday: i % 3 === 0 ? [{ start: '09:00', end: '13:00' }] : [], sunday: [] } as never;
    // A few exceptions: a week of leave for one, a day off and a short day for others.
    const exceptions =
      i === 0
        ? Array.from({ length: 7 }, (_, k) => ({ date: addDays(today, 20 + k), hours: [], note: 'Leave' }))
        : [
            { date: addDays(today, 3 + i * 5), hours: [], note: 'Day off' },
            { date: addDays(today, 5 + i * 4), hours: [{ start: '10:00', end: '14:00' }], note: 'Short day' },
          ];
    return { id: `pr_bench${String(i).padStart(2, '0')}`, orgId, name, title: 'Physiotherapist', memberId: null, color: '#3366cc', weeklyHours, exceptions, isActive: true, deletedAt: null, createdAt: now, updatedAt: now };
  });
  for (const p of practitioners) await savePractitioner(p, ownerId, `Bench practitioner ${p.name}`);

  const packageId = 'bpkg_bench_50';
  const pkg = {
    id: packageId,
    orgId,
    packageName: 'Assessment (50 min)',
    packagePriceCents: 6000,
    packageDescription: '',
    redirectionUrl: '',
    isActive: true,
    durationMinutes: 50,
    bufferBeforeMinutes: 5,
    bufferAfterMinutes: 10,
    slotGridMinutes: 5,
    minNoticeMinutes: 120,
    maxDaysAhead: 90,
    practitionerIds: practitioners.map((p) => p.id),
    deletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await createBookingPackage(pkg, ownerId);

  // The diary: walk each working interval; at each point a booking starts with probability `q` (its
  // busy span with buffers is taken), else the time stays free for a while. q is set so about 60 % of
  // the working time (buffers included) is taken, as a full-ish clinic's is.
  const q = 0.62;
  const timing = { duration: 50, before: 5, after: 10 };
  // Wall clock to UTC with the engine's own conversion (the bookings' times are local times).
  const clockOf = (date: string, minutes: number) => Date.parse(localToUtc(date, timeOf(minutes), ZONE)!);
  const writes: (() => Promise<void>)[] = [];
  let workingMinutes = 0;
  let takenMinutes = 0;
  let bookings = 0;
  for (const p of practitioners) {
    for (let d = 0; d < DAYS; d++) {
      const date = addDays(today, d);
      if (!weekdayOf(date)) continue;
      for (const interval of workingIntervals(p, date)) {
        const start = minutesOf(interval.start);
        const end = minutesOf(interval.end);
        workingMinutes += end - start;
        let m = start + timing.before;
        while (m + timing.duration + timing.after <= end) {
          if (random() < q) {
            const owner = `booking:bk_bench${++bookings}` as const;
            const span = { startMs: clockOf(date, m - timing.before), endMs: clockOf(date, m + timing.duration + timing.after) };
            takenMinutes += timing.before + timing.duration + timing.after;
            writes.push(() => transact(timeChangeItems(orgId, p.id, owner, { take: span })));
            m += timing.before + timing.duration + timing.after;
          } else {
            m += 5 * (6 + Math.floor(random() * 12)); // 30-85 minutes left free
          }
        }
      }
    }
  }
  await pool(writes, 8);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  const takenShare = takenMinutes / workingMinutes;

  // ---- Requests --------------------------------------------------------------------------------
  const context = (requestId: string): Context => {
    const deadline = Date.now() + 10_000;
    return {
      callbackWaitsForEmptyEventLoop: false,
      functionName: 'bench-free-times',
      functionVersion: '$LATEST',
      invokedFunctionArn: 'arn:aws:lambda:local:000000000000:function:bench',
      memoryLimitInMB: '1024',
      awsRequestId: requestId,
      logGroupName: 'bench',
      logStreamName: 'bench',
      getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
      done: () => undefined,
      fail: () => undefined,
      succeed: () => undefined,
    };
  };
  const event = (path: string, body: unknown, n: number): APIGatewayProxyEventV2 => {
    const at = Date.now();
    const routeKey = `POST /api${path}`;
    return {
      version: '2.0',
      routeKey,
      rawPath: `/api${path}`,
      rawQueryString: '',
      headers: { accept: 'application/json', 'content-type': 'application/json', host: 'bench.example.com', 'user-agent': 'clinic-bench', 'x-forwarded-for': `198.18.0.${n % 250}` },
      requestContext: {
        accountId: '000000000000',
        apiId: 'bench',
        domainName: 'bench.example.com',
        domainPrefix: 'bench',
        http: { method: 'POST', path: `/api${path}`, protocol: 'HTTP/1.1', sourceIp: `198.18.0.${n % 250}`, userAgent: 'clinic-bench' },
        requestId: `bench-${n}`,
        routeKey,
        stage: '$default',
        time: new Date(at).toUTCString(),
        timeEpoch: at,
      },
      body: JSON.stringify(body),
      isBase64Encoded: false,
    };
  };
  type Handler = (e: APIGatewayProxyEventV2, c: Context) => Promise<APIGatewayProxyStructuredResultV2>;
  // The single-date case: a weekday a week ahead.
  let slotDate = addDays(today, 7);
  while (['saturday', 'sunday'].includes(weekdayOf(slotDate) ?? '')) slotDate = addDays(slotDate, 1);
  const named = practitioners[3].id;
  // A reply read as its handler declares it (shared/bookings/schemas.ts), for the row's note.
  const daysNote = (data: unknown) => {
    const { days: dates } = z.parse(listAvailableDaysReply, data);
    return `${dates.filter((x) => x.free).length} open dates, ${dates.reduce((sum, x) => sum + x.free, 0)} start times`;
  };
  const cases: { label: string; path: string; handler: Handler; body: Record<string, unknown>; check: (data: unknown) => string }[] = [
    {
      label: `available-days ${DAYS} d, anyone`,
      path: '/bookings/available-days',
      handler: days,
      body: { apiKey, packageId, from: today, days: DAYS },
      check: (data) => daysNote(data),
    },
    {
      label: `available-days ${DAYS} d, one named`,
      path: '/bookings/available-days',
      handler: days,
      body: { apiKey, packageId, from: today, days: DAYS, practitionerId: named },
      check: (data) => daysNote(data),
    },
    {
      label: 'available-slots 1 d, anyone',
      path: '/bookings/available-slots',
      handler: slots,
      body: { apiKey, packageId, date: slotDate, practitionerId: 'any' },
      check: (data) => {
        const { status, slots: times } = z.parse(listAvailableSlotsReply, data);
        return `${slotDate}: ${status}, ${times.length} start times`;
      },
    },
  ];

  interface Row {
    label: string;
    ms: number[];
    /** This process's CPU time (the handler, the SDK, the engine; not DynamoDB Local's JVM). */
    cpuMs: number[];
    reads: Reads;
    note: string;
  }
  const rows: Row[] = [];
  let n = 0;
  const WARMUP = 3;
  for (const c of cases) {
    const row: Row = { label: c.label, ms: [], cpuMs: [], reads: newReads(), note: '' };
    for (let i = 0; i < WARMUP + runs; i++) {
      reads = newReads();
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      const res = await c.handler(event(c.path, c.body, n), context(`bench-${n++}`));
      const ms = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      if (res.statusCode !== 200) throw new Error(`${c.label}: ${res.statusCode} ${res.body}`);
      if (i < WARMUP) continue;
      row.ms.push(ms);
      row.cpuMs.push((cpu.user + cpu.system) / 1000);
      row.reads = reads; // the same on every run: the last one stands for all (a new object each run)
      if (!row.note) row.note = c.check((JSON.parse(res.body!) as { data: unknown }).data);
    }
    rows.push(row);
  }

  // The parts of available-days alone: the diaries' read (DynamoDB and the SDK), then the engine (the
  // 60 dates, or the one date, computed on what was read), so a request's time can be split.
  const org = { id: orgId };
  const rules = rulesOf(await getAvailability(orgId), ZONE);
  const engineTiming = timingOf(pkg, rules);
  const offering = await offeringPractitioners(orgId, pkg);
  const range = Array.from({ length: DAYS }, (_, i) => addDays(today, i));
  const { fromMs, toMs } = rangeOf(range[0], range.at(-1)!, ZONE, engineTiming);
  const timed = async (label: string, note: string, fn: () => unknown) => {
    const ms: number[] = [];
    const cpuMs: number[] = [];
    let counted = newReads();
    for (let i = 0; i < WARMUP + runs; i++) {
      reads = newReads();
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      await fn();
      const cpu = process.cpuUsage(cpu0);
      if (i >= WARMUP) {
        ms.push(performance.now() - t0);
        cpuMs.push((cpu.user + cpu.system) / 1000);
      }
      counted = reads;
    }
    reads = newReads(); // what follows counts into a fresh object, not this row's
    rows.push({ label, ms, cpuMs, reads: counted, note });
  };
  await timed(`  read: ${DAYS} d, anyone`, 'readTaken alone: the holds and 10 diaries, in parallel', () => readTaken(org.id, offering, fromMs, toMs));
  const taken = await readTaken(org.id, offering, fromMs, toMs);
  const one = offering.filter((p) => p.id === named);
  await timed(`  engine: ${DAYS} d, anyone`, 'diaryDay for each date, no DynamoDB', () => {
    const at = new Date();
    for (const date of range) diaryDay(date, rules, engineTiming, offering, taken, at);
  });
  await timed(`  engine: ${DAYS} d, one named`, 'diaryDay for each date, no DynamoDB', () => {
    const at = new Date();
    for (const date of range) diaryDay(date, rules, engineTiming, one, taken, at);
  });
  reads = newReads();

  // ---- Report -----------------------------------------------------------------------------------
  console.log('');
  console.log(
    `Free times (issue 25): ${PRACTITIONERS} practitioners, a 50-min package (5-min grid, buffers 5+10 min) offered by all; ` +
      `${bookings} bookings take ${(takenShare * 100).toFixed(0)} % of ${DAYS} days' working time (target ${TARGET_TAKEN * 100} %); ` +
      `seeded in ${seedSeconds.toFixed(1)} s`,
  );
  console.log(`Handlers called in-process, warm (${WARMUP} uncounted calls first), ${runs} runs each, one at a time; DynamoDB Local in memory; Node ${process.version}`);
  console.log('ms = wall time of the call; cpu = this process\'s CPU time in it (handler, SDK, engine: not DynamoDB Local\'s, so less moved by a busy machine)');
  console.log('');
  const header = [pad('request', 30), lpad('p50 ms', 8), lpad('p95 ms', 8), lpad('max ms', 8), lpad('cpu p50', 8), lpad('reads', 6), lpad('items', 7), lpad('RCU', 6), '  what the reads are / answer'];
  console.log(header.join(' '));
  console.log('-'.repeat(120));
  for (const row of rows) {
    const sorted = [...row.ms].sort((a, b) => a - b);
    const kinds = [...row.reads.byCommand.entries()].map(([k, v]) => `${v} ${k.replace(/Command$/, '')}`).join(', ');
    const scanned = row.reads.scanned !== row.reads.items ? ` (${row.reads.scanned} scanned)` : '';
    console.log(
      [
        pad(row.label, 30),
        lpad(percentile(sorted, 50).toFixed(1), 8),
        lpad(percentile(sorted, 95).toFixed(1), 8),
        lpad(sorted.at(-1)!.toFixed(1), 8),
        lpad(percentile([...row.cpuMs].sort((a, b) => a - b), 50).toFixed(1), 8),
        lpad(row.reads.calls ? String(row.reads.calls) : '-', 6),
        lpad(row.reads.calls ? `${row.reads.items}${scanned}` : '-', 7),
        lpad(row.reads.calls ? row.reads.capacity.toFixed(1) : '-', 6),
        `  ${kinds ? `${kinds}; ` : ''}${row.note}`,
      ].join(' '),
    );
  }
  const p95 = percentile([...rows[0].ms].sort((a, b) => a - b), 95);
  const cpuP95 = percentile([...rows[0].cpuMs].sort((a, b) => a - b), 95);
  console.log('');
  console.log(
    `  budget: available-days ${DAYS} d anyone p95 <= ${DAYS_P95_BUDGET_MS} ms: ${p95 <= DAYS_P95_BUDGET_MS ? 'PASS' : 'OVER'} (${p95.toFixed(0)} ms; its CPU p95 ${cpuP95.toFixed(0)} ms); ` +
      `load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores` +
      (loadavg()[0] > availableParallelism() ? ' (busy machine: times are noisy)' : ''),
  );
}

// Run on its own: npx tsx scripts/bench/free-times.ts [--runs N]
if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--runs');
  await runFreeTimesBench({ runs: Math.max(1, Number(i >= 0 ? process.argv[i + 1] : 30)) });
}
