// --tasks of booking-cpu.ts and console-cpu.ts: one load traced at Lighthouse's mobile CPU slowdown
// (4x), and its main-thread tasks over 50 ms (what total blocking time counts), each with the events
// that took its time (script, style, layout, parse).
import type { Browser, Page } from 'playwright-core';
import type { TraceEvent } from './run-script';

export interface LongTaskOptions {
  /** Only the tasks that end after the first contentful paint (as Lighthouse counts), timed from it; else every task, timed from the first. */
  fromFirstPaint: boolean;
  /** Levels of events listed under each task: 1 is what it spent its time on, 2 also what those spent theirs on. */
  depth: number;
  /** Events shorter than this (ms) are not listed. */
  minEventMs: number;
}

/** What an event is: its name and the script, style sheet, function or event type it names. */
const eventLabel = (e: TraceEvent) =>
  [e.name, e.args?.data?.url?.replace(/.*\//, ''), e.args?.data?.styleSheetUrl?.replace(/.*\//, ''), e.args?.data?.functionName, e.args?.data?.type].filter(Boolean).join(' ');

/** Traces `load` (which navigates `page` and waits until it is usable) at 4x and prints its long tasks. */
export async function printLongTasks(browser: Browser, page: Page, load: () => Promise<unknown>, options: LongTaskOptions): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink', 'loading'] });
  await load();
  const events = (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  // The page's main thread is the one that painted it.
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('The trace has no first contentful paint: the page did not paint');
  const onMain = events.filter((e) => e.ph === 'X' && e.pid === fcp.pid && e.tid === fcp.tid);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000 && (!options.fromFirstPaint || e.ts + e.dur! > fcp.ts));
  const t0 = options.fromFirstPaint ? fcp.ts : (onMain[0]?.ts ?? 0);
  const from = options.fromFirstPaint ? ' after FCP' : '';
  let blocking = 0;
  for (const task of tasks) {
    blocking += (task.dur! - 50_000) / 1000;
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur!);
    // How many events under the task enclose this one: 0 for what the task spent its time on.
    const level = (e: TraceEvent) => inside.filter((o) => o !== e && o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0) && (o.dur ?? 0) > (e.dur ?? 0)).length;
    const top = new Map<string, number>();
    for (const e of inside) {
      if ((e.dur ?? 0) < options.minEventMs * 1000) continue;
      const l = level(e);
      if (l >= options.depth) continue;
      const key = `${'  '.repeat(l)}${eventLabel(e)}`;
      top.set(key, (top.get(key) ?? 0) + (e.dur ?? 0) / 1000);
    }
    console.log(`  task at ${((task.ts - t0) / 1000).toFixed(0)} ms${from}: ${(task.dur! / 1000).toFixed(0)} ms`);
    // One level: the largest first; more: in the order they ran, each under what encloses it.
    const rows = options.depth === 1 ? [...top].sort((a, b) => b[1] - a[1]) : [...top];
    for (const [k, v] of rows.slice(0, 8 * options.depth)) console.log(`      ${v.toFixed(0).padStart(4)}  ${k}`);
  }
  console.log(`  blocking${from} at 4x: ${blocking.toFixed(0)} ms in ${tasks.length} tasks`);
}
