// A public page's Intl start-up, off its main thread (warm-intl.ts warmIntlOffThread starts it). The
// first Intl.NumberFormat or DateTimeFormat of a page costs its main thread 30-250 ms (measured in
// Chromium, more on Lighthouse's slowed phone): the browser builds, once per process, the list of
// locales each service supports and loads the language's data. A dedicated worker runs in the page's
// process, so once it has built these, the page's own formatters (shared/i18n/intl-cache.ts) cost it
// about a millisecond each. The worker's formatters are thrown away: only the shared data is wanted.
// Its name is the page's language ('ar'); nothing is posted back. The public pages' loader starts it
// with the page's script (web/vite-deferred-entry.ts), else the page's entry does (warm-intl.ts).
import { intlTag } from '#shared/i18n/intl';
import { localeOf } from '#shared/i18n/locales';

const tag = intlTag(localeOf(self.name) ?? 'en');
const at = new Date();
/** Each piece on its own: a browser that refuses one still warms the others. */
const steps: (() => unknown)[] = [
  // Prices (shared/currency.ts formatMoney) and numbers in messages.
  () => new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' }).format(1),
  () => new Intl.NumberFormat(tag).format(1.5),
  // The clinic's today (shared/bookings/time.ts todayIn: 'en-CA' in the clinic's zone).
  () => new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at),
  // The month view's month and day names, the long dates, the time buttons and the zone's name.
  () => new Intl.DateTimeFormat(tag, { timeZone: 'UTC', weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(at),
  () => new Intl.DateTimeFormat(tag, { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(at),
  () => new Intl.DateTimeFormat(tag, { timeZoneName: 'long' }).formatToParts(at),
  () => new Intl.PluralRules(tag).select(1),
];
for (const step of steps) {
  try {
    step();
  } catch {
    // Only a head start: the page builds what it needs either way.
  }
}
self.close();
