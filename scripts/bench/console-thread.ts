// `npx tsx scripts/bench/console-thread.ts [--runs N] [--warm N] [--web DIR] [--width W] [--tasks] /calendar ...`:
// a signed-in console page's main-thread tasks from a trace, by their *thread* time (the trace's `tdur`:
// the CPU the renderer's main thread spent, not the wall-clock time, which a loaded machine stretches
// while the thread waits for a core: at load 15 a task of 29 ms of CPU lasted 99 ms, and Lighthouse's
// simulated mobile TBT multiplies the wall-clock time by 4). Prints per page the median of the thread
// time of every task, of the longest task, and the blocking time that tasks of that thread time would
// make at 1x and at Lighthouse's mobile 4x (sum of max(0, t x k - 50 ms)): what Lighthouse would see on
// an idle machine. --tasks lists each run's tasks over MIN_TASK_MS (env, default 20) ms of thread time
// with the trace events they spent it on and their functions from V8's sampler (names: build with
// `--minify false` into --web DIR). --width 412 lays the page out as Lighthouse's mobile preset does.
// A measurement, not a test.
import { availableParallelism, loadavg } from 'node:os';
import { startLocalStack } from '../../infra/local/stack';
import { launch, useStack } from '../../test/e2e/browser';
import { buildWebIfStale } from '../../test/e2e/global-setup';
import { ownerWithData } from '../../test/e2e/owner-with-data';
import { runScript, type TraceEvent } from './run-script';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Number(arg('--runs') ?? 5);
const WEB_DIR = arg('--web');
const WIDTH = Number(arg('--width') ?? 1366);
const TASKS = process.argv.includes('--tasks');
// --warm N: each run in a new browser context (its own cache) after N visits of the page, as Lighthouse
// measures after one warm visit (the second load of a script compiles it again and writes its code
// cache; the third reads it). Without it, one context warmed twice for every run.
const WARM = arg('--warm') === undefined ? undefined : Number(arg('--warm'));
const paths = process.argv.slice(2).filter((a, i, all) => a.startsWith('/') && !['--web', '--runs', '--width', '--warm'].includes(all[i - 1] ?? ''));

const WORK = new Set(['FunctionCall', 'EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'Layout', 'UpdateLayoutTree', 'ParseHTML', 'ParseAuthorStyleSheet', 'Paint', 'PrePaint', 'Layerize', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'RunMicrotasks', 'V8.GCScavenger', 'MajorGC', 'MinorGC', 'XHRReadyStateChange', 'ResourceReceivedData', 'Commit', 'UpdateLayer', 'HitTest', 'ProfileCall', 'V8.Execute', 'v8.callFunction', 'V8.StackGuard']);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const blocking = (tasks: number[], k: number) => tasks.reduce((s, t) => s + Math.max(0, t * k - 50), 0);
const label = (e: TraceEvent) => [e.name, e.args?.data?.url?.replace(/.*\//, '').replace(/\?.*/, ''), e.args?.data?.functionName, e.args?.data?.type].filter(Boolean).join(' ');

interface Sample {
  ts: number;
  stack: string[];
}

/** The V8 sampler's samples in the trace (ProfileChunk events), each with its stack (innermost first). */
function samplesOf(events: TraceEvent[], pid: number, tid: number): Sample[] {
  type Chunk = { cpuProfile?: { nodes?: { id: number; parent?: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples?: number[] }; timeDeltas?: number[] };
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid) as (TraceEvent & { id?: string; args: { data: { startTime: number } } }) | undefined;
  if (!profile) return [];
  const nodes = new Map<number, { parent?: number; name: string }>();
  const out: Sample[] = [];
  let ts = profile.args.data.startTime;
  for (const e of events as (TraceEvent & { id?: string; args?: { data?: Chunk } })[]) {
    if (e.name !== 'ProfileChunk' || e.id !== profile.id) continue;
    const chunk = e.args?.data as Chunk;
    for (const n of chunk.cpuProfile?.nodes ?? []) nodes.set(n.id, { parent: n.parent, name: `${n.callFrame.functionName || '(anon)'} ${(n.callFrame.url ?? '').replace(/.*\//, '')}:${n.callFrame.lineNumber}` });
    (chunk.cpuProfile?.samples ?? []).forEach((id, i) => {
      ts += chunk.timeDeltas?.[i] ?? 0;
      const stack: string[] = [];
      for (let at: number | undefined = id; at !== undefined; at = nodes.get(at)?.parent) stack.push(nodes.get(at)?.name ?? '?');
      out.push({ ts, stack });
    });
  }
  return out;
}

/** A task's functions with the most self and inclusive samples, as shares of its thread time. */
function printFunctions(samples: Sample[], task: TraceEvent) {
  const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur! && !/^\((idle|program|root)\)/.test(s.stack[0]));
  if (!inTask.length) return;
  const ms = task.tdur! / 1000 / inTask.length;
  const self = new Map<string, number>();
  const incl = new Map<string, number>();
  for (const s of inTask) {
    self.set(s.stack[0], (self.get(s.stack[0]) ?? 0) + ms);
    for (const f of new Set(s.stack)) if (!/^\((root|program)\)/.test(f)) incl.set(f, (incl.get(f) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(1)} ${k}`).join('\n          ');
  console.log(`        self:\n          ${top(self, 8)}\n        inclusive:\n          ${top(incl, 25)}`);
}

async function main() {
  if (!WEB_DIR) await buildWebIfStale();
  const stack = await startLocalStack({ inMemory: true, port: 0, quiet: true, ...(WEB_DIR ? { webDir: WEB_DIR } : {}) });
  const browser = await launch();
  try {
    useStack({ appUrl: stack.url, inboxUrl: stack.inboxUrl });
    const owner = await ownerWithData('thread');
    const signedIn = async () => {
      const context = await browser.newContext({ viewport: { width: WIDTH, height: 900 } });
      await context.addCookies([{ name: 'token', value: owner.token, domain: new URL(stack.url).hostname, path: '/', sameSite: 'Strict' }]);
      return context.newPage();
    };
    let page = await signedIn();
    if (WARM === undefined) for (const path of paths) for (let i = 0; i < 2; i++) await page.goto(`${stack.url}${path}`, { waitUntil: 'networkidle' });
    const results = new Map(paths.map((p) => [p, { total: [] as number[], longest: [] as number[], tbt1: [] as number[], tbt4: [] as number[] }]));
    const loadBefore = loadavg()[0];
    for (let run = 0; run < RUNS; run++) {
      for (const path of paths) {
        if (WARM !== undefined) {
          await page.context().close();
          page = await signedIn();
          for (let i = 0; i < WARM; i++) await page.goto(`${stack.url}${path}`, { waitUntil: 'networkidle' });
        }
        await page.goto('about:blank');
        await browser.startTracing(page, { categories: [...(TASKS ? ['disabled-by-default-v8.cpu_profiler'] : []), 'toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'loading'] });
        await page.goto(`${stack.url}${path}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(300);
        const events = (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
        const fcp = events.find((e) => e.name === 'firstContentfulPaint');
        if (!fcp) throw new Error(`${path}: no first contentful paint`);
        const onMain = events.filter((e) => e.ph === 'X' && e.pid === fcp.pid && e.tid === fcp.tid);
        const tasks = onMain.filter((e) => e.name === 'RunTask' && e.tdur !== undefined);
        const ms = tasks.map((t) => t.tdur! / 1000);
        const r = results.get(path)!;
        r.total.push(ms.reduce((s, t) => s + t, 0));
        r.longest.push(Math.max(0, ...ms));
        r.tbt1.push(blocking(ms, 1));
        r.tbt4.push(blocking(ms, 4));
        if (!TASKS) continue;
        const t0 = tasks[0]?.ts ?? 0;
        const samples = samplesOf(events, fcp.pid, fcp.tid);
        console.log(`${path} run ${run + 1}: ${ms.reduce((s, t) => s + t, 0).toFixed(0)} ms in ${tasks.length} tasks`);
        for (const task of tasks.filter((t) => t.tdur! > Number(process.env.MIN_TASK_MS ?? 20) * 1000)) {
          const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur! && e.tdur !== undefined);
          // What the task spent its time on: work events (not the scheduler's wrappers) over 2 ms, each
          // indented under the work event that encloses it, in the order they ran.
          const work = inside.filter((e) => WORK.has(e.name) && e.tdur! >= 2000);
          const depth = (e: TraceEvent) => work.filter((o) => o !== e && o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0) && (o.dur ?? 0) > (e.dur ?? 0)).length;
          console.log(`  at ${((task.ts - t0) / 1000).toFixed(0)} ms: ${(task.tdur! / 1000).toFixed(0)} ms thread (${(task.dur! / 1000).toFixed(0)} wall)`);
          for (const e of work) if (depth(e) < 3) console.log(`      ${'  '.repeat(depth(e))}${(e.tdur! / 1000).toFixed(0).padStart(3)} ${label(e)}`);
          printFunctions(samples, task);
        }
      }
    }
    console.log(`thread time, median of ${RUNS}; width ${WIDTH}; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after, ${availableParallelism()} cores`);
    for (const [path, r] of results) {
      const f = (xs: number[]) => median(xs).toFixed(0).padStart(5);
      console.log(`${path.padEnd(24)} tasks ${f(r.total)} ms  longest ${f(r.longest)} ms  blocking 1x ${f(r.tbt1)} ms  4x ${f(r.tbt4)} ms   (totals: ${r.total.map((b) => b.toFixed(0)).join(', ')})`);
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

runScript(main);
