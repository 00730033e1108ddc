// `npx tsx scripts/bench/booking-cpu.ts [--runs N] [--profile]`: the booking page's main-thread CPU time
// while it loads, in Chromium at 390 px (no throttling), from the page's own counters (CDP
// Performance.getMetrics: ThreadTime is CPU time, which moves far less than Lighthouse's wall-clock
// task times when other work shares the machine). Each load runs until the page is usable (its packages
// to choose from, with one preselected its free days, in its language) and the network is idle (the
// connection check too, where it starts with the page). Median of N runs per page;
// --only <label> measures one page; --profile also prints the functions that took the most self time (V8's sampling profiler);
// --tasks also traces one load of each page at 4x CPU slowdown (Lighthouse's mobile preset) and lists
// its main-thread tasks after the first paint that Lighthouse counts as blocking (over 50 ms at 4x),
// each with what took its time.
import { loadavg } from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { startLocalStack } from '../../infra/local/stack';
import { useStack } from '../../test/e2e/browser';
import { buildWebIfStale } from '../../test/e2e/global-setup';
import { printLongTasks } from './long-tasks';
import { call, ownerWithData } from '../../test/e2e/owner-with-data';
import type { ReplyOf } from '../../shared/api-contract';

const runsArg = process.argv.indexOf('--runs');
const RUNS = Math.max(1, Number(runsArg >= 0 ? process.argv[runsArg + 1] : 3) || 3);
const PROFILE = process.argv.includes('--profile');
const TASKS = process.argv.includes('--tasks');
// --only <label>: that page alone ('booking', 'booking (ar)', 'booking (intake)').
const onlyArg = process.argv.indexOf('--only');
const ONLY = onlyArg >= 0 ? process.argv[onlyArg + 1] : undefined;
// --depth N: how many levels of events under each listed task (--tasks), 2 unless told.
const depthArg = process.argv.indexOf('--depth');
const DEPTH = Math.max(1, Number(depthArg >= 0 ? process.argv[depthArg + 1] : 2) || 2);
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const METRICS = ['ThreadTime', 'TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'LongestTask', 'BlockingTime'] as const;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

async function main() {
  await buildWebIfStale();
  const stack = await startLocalStack({ inMemory: true, port: 0, quiet: true });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  try {
    useStack({ appUrl: stack.url, inboxUrl: stack.inboxUrl });
    const owner = await ownerWithData('cpu');
    const integration = await call<ReplyOf<'GET /organization/integration'>>('GET', '/organization/integration', { token: owner.token });
    const apiKey = encodeURIComponent(integration.apiKey);
    const intake = await call<ReplyOf<'POST /bookings/packages'>>('POST', '/bookings/packages', { token: owner.token, body: { packageName: 'First visit', packagePrice: 60, intakeFormId: owner.ids.form, intakeTiming: 'before_booking' } });
    const pages = [
      { label: 'booking', path: `/booking/${apiKey}` },
      { label: 'booking (ar)', path: `/booking/${apiKey}?lang=ar` },
      { label: 'booking (intake)', path: `/booking/${apiKey}?package=${encodeURIComponent(intake.id)}` },
    ].filter((p) => !ONLY || p.label === ONLY);
    const samples = new Map(pages.map((p) => [p.label, [] as Record<string, number>[]]));
    const selfTimes = new Map<string, number>();
    console.log(`load before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    for (let round = 1; round <= RUNS; round++) {
      for (const page of pages) {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        // The main thread's long tasks (over 50 ms) while it loads: the longest, and their time beyond 50 ms
        // (Lighthouse's TBT, without its bounds): wall-clock, so inflated on a busy machine, but what a
        // split of the load's work into several tasks changes (the CPU time above stays the same).
        await tab.addInitScript(() => {
          const long: number[] = ((window as unknown as { __longTasks: number[] }).__longTasks = []);
          new PerformanceObserver((list) => list.getEntries().forEach((e) => long.push(e.duration))).observe({ type: 'longtask', buffered: true });
        });
        const readyIn = (where: Page) =>
          where.waitForFunction(
            (preselected) =>
              !document.documentElement.hasAttribute('data-i18n-pending') &&
              document.querySelector('select#packageId:not([disabled])') &&
              (!preselected || document.querySelector('[data-date]:not([disabled])')) &&
              document.querySelector('.challenge-status')?.getAttribute('data-state') !== 'checking',
            page.path.includes('package='),
            { timeout: 60_000 },
          );
        if (TASKS && round === 1) {
          // In a context of its own: the measured load below starts with empty caches, as every other.
          console.log(`${page.label} (traced at 4x):`);
          const traced = await browser.newContext({ viewport: { width: 390, height: 844 } });
          const traceTab = await traced.newPage();
          await printLongTasks(browser, traceTab, async () => {
            await traceTab.goto(`${stack.url}${page.path}`);
            await readyIn(traceTab);
            await traceTab.waitForLoadState('networkidle');
          }, { fromFirstPaint: true, depth: DEPTH, minEventMs: 2 });
          await traced.close();
        }
        await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
        if (PROFILE) {
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
          await cdp.send('Profiler.start');
        }
        await tab.goto(`${stack.url}${page.path}`);
        await readyIn(tab);
        await tab.waitForLoadState('networkidle');
        const { metrics } = await cdp.send('Performance.getMetrics');
        const sample = Object.fromEntries(METRICS.map((name) => [name, (metrics.find((m) => m.name === name)?.value ?? 0) * 1000]));
        const long = await tab.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
        sample.LongestTask = Math.max(0, ...long);
        sample.BlockingTime = long.reduce((sum, d) => sum + Math.max(0, d - 50), 0);
        samples.get(page.label)!.push(sample);
        if (PROFILE) {
          const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
          const byId = new Map(profile.nodes.map((n) => [n.id, n]));
          profile.samples.forEach((id, i) => {
            const frame = byId.get(id)!.callFrame;
            const key = `${page.label} | ${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
            selfTimes.set(key, (selfTimes.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
          });
        }
        console.log(`run ${round} ${page.label}: ${METRICS.map((m) => `${m} ${sample[m].toFixed(0)} ms`).join(', ')}`);
        await context.close();
      }
    }
    console.log(`\nmedians of ${RUNS} (ms), load after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    for (const page of pages) {
      const s = samples.get(page.label)!;
      console.log(`${page.label.padEnd(18)} ${METRICS.map((m) => `${m} ${median(s.map((x) => x[m])).toFixed(0)}`).join('  ')}`);
    }
    if (PROFILE) {
      console.log('\nself time (ms, all runs):');
      for (const [key, ms] of [...selfTimes].sort((a, b) => b[1] - a[1]).slice(0, 60)) console.log(`${ms.toFixed(1).padStart(8)}  ${key}`);
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
