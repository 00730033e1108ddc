// `npx tsx scripts/bench/console-cpu.ts [--runs N] [--web DIR] [--top N] [--width 412] /appointments /bookings ...`:
// the main thread's CPU time while a signed-in console page loads (warm cache, as `npm run bench:web`
// measures them), from V8's sampling profiler: less moved by other processes than Lighthouse's
// simulated TBT, which scales each observed task. Prints per page the median total (ms of samples that
// are not idle), the longest task seen (the Performance API's longtask entries), and with --top the
// functions with the most self time (build with `--minify false` into --web DIR to read their names).
// A measurement, not a test.
import { availableParallelism, loadavg } from 'node:os';
import type { CDPSession } from 'playwright-core';
import { startLocalStack } from '../../infra/local/stack';
import { launch, useStack } from '../../test/e2e/browser';
import { buildWebIfStale } from '../../test/e2e/global-setup';
import { ownerWithData } from '../../test/e2e/owner-with-data';
import { printLongTasks } from './long-tasks';
import { runScript } from './run-script';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Number(arg('--runs') ?? 5);
const WEB_DIR = arg('--web');
const TOP = Number(arg('--top') ?? 0);
const INCLUSIVE = process.argv.includes('--inclusive');
const UNDER = arg('--under');
const THROTTLE = Number(arg('--cpu') ?? 1);
// --width 412: a phone's viewport, as Lighthouse's mobile preset (the shell renders less below lg).
const WIDTH = Number(arg('--width') ?? 1366);
const paths = process.argv.slice(2).filter((a, i, all) => a.startsWith('/') && !['--web', '--runs', '--top', '--cpu', '--under', '--width'].includes(all[i - 1] ?? ''));

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Busy time (ms) and self time per function of one profile. */
function summarize(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes as (Node & { children?: number[] })[]) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/.*\//, '')}:${n.callFrame.lineNumber}`;
  const self = new Map<string, number>();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const name = node.callFrame.functionName;
    if (name === '(idle)' || name === '(program)') return;
    busy += ms;
    // --under NAME: only the samples with NAME on their stack (e.g. performSyncWorkOnRoot: what renders without yielding).
    if (UNDER) {
      let found = false;
      for (let at: number | undefined = id; at !== undefined && !found; at = parent.get(at)) found = byId.get(at)!.callFrame.functionName === UNDER;
      if (!found) return;
    }
    if (!INCLUSIVE) {
      const key = label(node);
      self.set(key, (self.get(key) ?? 0) + ms);
      return;
    }
    // --inclusive: each function on the sample's stack once (the time spent in it and what it called).
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = label(byId.get(at)!);
      if (seen.has(key)) continue;
      seen.add(key);
      self.set(key, (self.get(key) ?? 0) + ms);
    }
  });
  return { busy, self };
}

async function main() {
  if (!WEB_DIR) await buildWebIfStale();
  const stack = await startLocalStack({ inMemory: true, port: 0, quiet: true, ...(WEB_DIR ? { webDir: WEB_DIR } : {}) });
  const browser = await launch();
  try {
    useStack({ appUrl: stack.url, inboxUrl: stack.inboxUrl });
    const owner = await ownerWithData('cpu');
    const context = await browser.newContext({ viewport: { width: WIDTH, height: WIDTH < 992 ? 823 : 900 } });
    await context.addCookies([{ name: 'token', value: owner.token, domain: new URL(stack.url).hostname, path: '/', sameSite: 'Strict' }]);
    const page = await context.newPage();
    // Warm the cache (and V8's code cache) as the bench does.
    for (const path of paths) for (let i = 0; i < 2; i++) await page.goto(`${stack.url}${path}`, { waitUntil: 'networkidle' });
    if (process.argv.includes('--tasks')) {
      await page.goto('about:blank');
      await printLongTasks(browser, page, () => page.goto(`${stack.url}${paths[0]}`, { waitUntil: 'networkidle' }), { fromFirstPaint: false, depth: 1, minEventMs: 0 });
    }
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    // --cpu 4: Lighthouse's mobile CPU slowdown.
    if (THROTTLE > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const results = new Map<string, { busy: number[]; longest: number[]; self: Map<string, number> }>(paths.map((p) => [p, { busy: [], longest: [], self: new Map() }]));
    const loadBefore = loadavg()[0];
    for (let run = 0; run < RUNS; run++) {
      for (const path of paths) {
        await page.goto('about:blank');
        await cdp.send('Profiler.start');
        await page.goto(`${stack.url}${path}`, { waitUntil: 'networkidle' });
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
        const longest = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              let max = 0;
              new PerformanceObserver((list) => {
                for (const e of list.getEntries()) max = Math.max(max, e.duration);
              }).observe({ type: 'longtask', buffered: true });
              setTimeout(() => resolve(max), 50);
            }),
        );
        const { busy, self } = summarize(profile);
        const r = results.get(path)!;
        r.busy.push(busy);
        r.longest.push(longest);
        for (const [k, v] of self) r.self.set(k, (r.self.get(k) ?? 0) + v / RUNS);
      }
    }
    console.log(`median of ${RUNS} at ${WIDTH} px; load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after, ${availableParallelism()} cores`);
    for (const [path, r] of results) {
      console.log(`${path.padEnd(24)} main-thread CPU ${median(r.busy).toFixed(0).padStart(5)} ms   longest task ${median(r.longest).toFixed(0).padStart(4)} ms   (runs: ${r.busy.map((b) => b.toFixed(0)).join(', ')})`);
      if (TOP) for (const [k, v] of [...r.self].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`    ${v.toFixed(1).padStart(7)} ms  ${k}`);
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

runScript(main);
