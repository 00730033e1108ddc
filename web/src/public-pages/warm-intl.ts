// After the first paint, while a public page waits for the clinic's answers: the Intl data their renders
// need, built ahead, one piece per task. The first use of a language's dates, numbers or
// week data makes the browser load it (tens of milliseconds of a phone's main thread each, under
// Lighthouse's throttling over 50 ms: a long task); built in the same task as the answer's render, it
// made that task long. The formatters are the very ones the renders take (intl-cache.ts keeps them), so
// nothing is built twice; data of another locale or currency comes from the browser's data loaded here.
import { todayIn } from '#shared/bookings/time';
import { dateTimeFormat, numberFormat, weekStart } from '#shared/i18n/intl-cache';
import { intlTag } from '#shared/i18n/intl';
import type { Locale } from '#shared/i18n/locales';

type Step = (intl: string, locale: Locale) => unknown;

/** What a page with the month view and prices takes: each step a task of its own. */
export const BOOKING_INTL: Step[] = [
  // In the order the answers need them. The clinic's today, with the first day's answer
  // (shared/bookings/time.ts todayIn; its 'en-CA' formatter's data serves every zone).
  () => todayIn('UTC'),
  // A package's price, with the packages (shared/currency.ts formatMoney's options; other currencies reuse its data).
  (intl) => numberFormat(intl, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  // The month view's week, with its month (Intl.Locale#getWeekInfo: the week data, once for all locales).
  (intl) => weekStart(intl),
  // The month view's day names and the page's dates, in the page's language.
  (intl) => dateTimeFormat(intl, { timeZone: 'UTC', weekday: 'long' }),
];

/**
 * Runs `fn` in a task of its own after the next paint (a frame, then a timer: the frame is painted
 * before the timer's task), so the page shows before it and an answer's task can come between two steps.
 * Not when idle (requestIdleCallback): on a fast connection the first answers came before the main
 * thread was idle, and their render built the formats itself.
 */
function afterPaint(fn: () => void): void {
  if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(fn, 0));
  else setTimeout(fn, 0);
}

/** Builds `steps` for the page's language (its region not known yet: the language's own), each in a task of its own. */
export function warmIntl(locale: Locale, steps: readonly Step[]): void {
  const intl = intlTag(locale);
  const run = (i: number) => {
    try {
      steps[i](intl, locale);
    } catch {
      // Only a head start: a formatter the browser refuses is the render's to handle, as without it.
    }
    if (i + 1 < steps.length) setTimeout(() => run(i + 1), 0);
  };
  if (steps.length) afterPaint(() => run(0));
}

/** What the public pages' loader sets once it has started intl-warm.worker.ts itself (web/vite-deferred-entry.ts). */
export const INTL_WARM_KEY = '__intlWarm';

/**
 * Starts intl-warm.worker.ts for the page's language (the HTML's lang, set before the first paint by its
 * language script), so the browser's one-time Intl start-up runs beside the main thread instead of in
 * the page's first tasks. The built pages' loader starts it already, with the page's script (started
 * here, it began only after the whole script had run: too late for the page's first render); this is
 * for `vite dev` and a loader that could not. Where workers are missing or refused, nothing happens.
 */
export function warmIntlOffThread(locale: Locale): void {
  if (typeof Worker !== 'function' || (window as unknown as Record<string, unknown>)[INTL_WARM_KEY]) return;
  try {
    new Worker(new URL('./intl-warm.worker.ts', import.meta.url), { type: 'module', name: locale });
  } catch {
    // A browser or policy that refuses the worker: the page's tasks build the Intl data, as before.
  }
}
