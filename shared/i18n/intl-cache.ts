// Intl's formatters, one per locale and options: building an Intl.DateTimeFormat or NumberFormat costs a
// slow phone milliseconds, using one microseconds, and the public pages format the same way on every
// render (a month view's 30 day names, each price). No dependencies: the public pages and the server use it.
import { firstDayOfWeek } from './intl';

/** `make` called once per distinct arguments (compared as JSON), its result kept for the page's life. */
export function memoized<A extends unknown[], T>(make: (...args: A) => T): (...args: A) => T {
  const cache = new Map<string, T>();
  return (...args) => {
    const key = JSON.stringify(args);
    let value = cache.get(key);
    if (value === undefined) cache.set(key, (value = make(...args)));
    return value;
  };
}

export const dateTimeFormat = memoized((locales?: string | string[], options?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locales, options));

export const numberFormat = memoized((locales?: string | string[], options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locales, options));

export const pluralRules = memoized((locales?: string | string[], options?: Intl.PluralRulesOptions) => new Intl.PluralRules(locales, options));

/** The first day of the week of a tag (intl.ts firstDayOfWeek): its Intl.Locale week data costs a phone tens of milliseconds the first time. */
export const weekStart = memoized(firstDayOfWeek);
