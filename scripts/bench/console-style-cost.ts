// `npx tsx scripts/bench/console-style-cost.ts [--runs N] [--web DIR] [paths...]`: the main thread's
// CPU time (trace events' thread time, which other processes on a loaded machine inflate far less than
// wall time) while a signed-in console page loads at a phone's width, with its parts spent parsing
// stylesheets, recalculating style and laying out. Run it once per build to compare. A measurement, not a test.
import { loadavg } from 'node:os';
import { startLocalStack } from '../../infra/local/stack';
import { launch, useStack } from '../../test/e2e/browser';
import { ownerWithData } from '../../test/e2e/owner-with-data';
import { runScript, type TraceEvent } from './run-script';

const values = (name: string) => process.argv.flatMap((a, i) => (process.argv[i - 1] === name ? [a] : []));
const RUNS = Number(values('--runs')[0] ?? 3);
const WEBS = values('--web').length ? values('--web') : ['dist/web'];
const paths = process.argv.slice(2).filter((a, i, all) => a.startsWith('/') && !['--web', '--runs'].includes(all[i - 1] ?? ''));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const PARTS: Record<string, string[]> = {
  css: ['ParseAuthorStyleSheet'],
  style: ['UpdateLayoutTree', 'RecalculateStyles'],
  layout: ['Layout'],
};

async function main() {
  const stacks = [await startLocalStack({ inMemory: true, port: 0, quiet: true, webDir: WEBS[0] })];
  const browser = await launch();
  const results = new Map<string, Record<string, number[]>>();
  try {
    const pages = [];
    for (const stack of stacks) {
      useStack({ appUrl: stack.url, inboxUrl: stack.inboxUrl });
      const owner = await ownerWithData('style');
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      await context.addCookies([{ name: 'token', value: owner.token, domain: new URL(stack.url).hostname, path: '/', sameSite: 'Strict' }]);
      const page = await context.newPage();
      for (const path of paths) for (let i = 0; i < 2; i++) await page.goto(`${stack.url}${path}`, { waitUntil: 'networkidle' });
      pages.push({ page, url: stack.url });
    }
    console.log(`load average ${loadavg()[0].toFixed(1)} before`);
    for (let run = 0; run < RUNS; run++)
      for (const path of paths)
        for (const [w, { page, url }] of pages.entries()) {
          await page.goto('about:blank');
          await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink'] });
          await page.goto(`${url}${path}`, { waitUntil: 'networkidle' });
          const events = (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
          const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'ParseHTML'));
          const onMain = events.filter((e) => e.ph === 'X' && main && e.pid === main.pid && e.tid === main.tid);
          const sum = (names: string[]) => onMain.filter((e) => names.includes(e.name)).reduce((t, e) => t + (e.tdur ?? e.dur ?? 0) / 1000, 0);
          const key = `${path} ${WEBS[w]}`;
          const r = results.get(key) ?? { total: [], css: [], style: [], layout: [] };
          r.total.push(sum(['RunTask']));
          for (const [part, names] of Object.entries(PARTS)) r[part].push(sum(names));
          results.set(key, r);
        }
    console.log(`median of ${RUNS} (thread CPU ms, no throttling); load average ${loadavg()[0].toFixed(1)} after`);
    for (const [key, r] of results)
      console.log(`${key.padEnd(40)} total ${median(r.total).toFixed(0).padStart(5)}  css parse ${median(r.css).toFixed(0).padStart(4)}  style ${median(r.style).toFixed(0).padStart(4)}  layout ${median(r.layout).toFixed(0).padStart(4)}`);
  } finally {
    await browser.close();
    await Promise.all(stacks.map((s) => s.stop()));
  }
}

runScript(main);
