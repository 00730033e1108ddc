// The public pages' loader (vite-deferred-entry.ts): with the page's script it starts the page's Intl
// worker (src/public-pages/intl-warm.worker.ts), named with the page's language, so the browser's Intl
// start-up runs beside the main thread before the script's first render needs it (issue 36).
import { runInNewContext } from 'node:vm';
import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { deferEntry, intlWorkerOf } from './vite-deferred-entry';

const PAGE = `<html><head><script type="module" crossorigin src="/assets/booking-AbCd.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-EfGh.js"></head><body><div id="root"></div></body></html>`;

/** What the loader did in a page whose language script chose `lang`, once its first paint came. */
function runLoader(html: string, lang: string) {
  const loader = /<script (data-src=[^>]*)>([\s\S]*?)<\/script>/.exec(html);
  if (!loader) throw new Error('no loader in the page');
  const attributes = Object.fromEntries([...loader[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  const done: string[] = [];
  /** The timers set, each due at its time on a clock of the test's (the loader's fallback after 1 s). */
  const timers: { fn: () => void; due: number }[] = [];
  let now = 0;
  /** The task each step ran in (1: the loader's first timer). */
  let task = 0;
  const window: Record<string, unknown> = {
    Worker: function Worker(url: string, options: { type: string; name: string }) {
      done.push(`worker ${url} ${options.type} ${options.name} (task ${task})`);
    },
  };
  const document = {
    currentScript: { getAttribute: (name: string) => attributes[name] ?? null },
    documentElement: { lang },
    createElement: (tag: string) => ({ tag }) as Record<string, string>,
    head: { appendChild: (el: Record<string, string>) => done.push(`${el.tag === 'link' ? `preload ${el.href}` : `script ${el.src}`} (task ${task})`) },
  };
  // The first paint has come (the paint entry's observer), then the loader's timer runs.
  window.PerformanceObserver = Object.assign(
    function PerformanceObserver(onEntries: (list: unknown, observer: { disconnect: () => void }) => void) {
      return { observe: () => onEntries({}, { disconnect: () => {} }) };
    },
    { supportedEntryTypes: ['paint'] },
  );
  // In a browser the window is the global scope: its Worker is both.
  runInNewContext(loader[2], { window, Worker: window.Worker, document, setTimeout: (fn: () => void, ms = 0) => timers.push({ fn, due: now + ms }), requestAnimationFrame: () => {} });
  // Each timer a task of its own, the first due first (those they set too).
  while (timers.length) {
    const next = timers.reduce((a, b) => (b.due < a.due ? b : a));
    timers.splice(timers.indexOf(next), 1);
    now = next.due;
    task++;
    next.fn();
  }
  return { done, window };
}

describe('the public pages’ loader', () => {
  it('starts the Intl worker in the page’s language before it requests the page’s script, in a task of its own', () => {
    const html = deferEntry(PAGE, ['ar=/assets/ar-Ij.js'], '/assets/intl-warm.worker-Kl.js');
    const { done, window } = runLoader(html, 'ar');
    // Two short tasks, not one: on Lighthouse's 4x slower phone, both in one was a blocking task.
    expect(done).toEqual([
      'worker /assets/intl-warm.worker-Kl.js module ar (task 1)',
      'preload /assets/vendor-EfGh.js (task 2)',
      'preload /assets/ar-Ij.js (task 2)',
      'script /assets/booking-AbCd.js (task 2)',
    ]);
    // The page's entry does not start a second one (src/public-pages/warm-intl.ts warmIntlOffThread).
    expect(window.__intlWarm).toBe(1);
  });

  it('requests the script alone on a page without the worker', () => {
    const { done } = runLoader(deferEntry(PAGE), 'en');
    expect(done).toEqual(['preload /assets/vendor-EfGh.js (task 2)', 'script /assets/booking-AbCd.js (task 2)']);
  });

  it('finds the worker among a build’s files', () => {
    const bundle = { 'assets/intl-warm.worker-B6ih7EzY.js': {}, 'assets/booking-DoOkIaRu.js': {} } as unknown as OutputBundle;
    expect(intlWorkerOf(bundle)).toBe('/assets/intl-warm.worker-B6ih7EzY.js');
    expect(intlWorkerOf({})).toBeUndefined();
  });
});
