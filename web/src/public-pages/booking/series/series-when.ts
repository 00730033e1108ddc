// A held series said in one line (issue 37.1): how many visits, and either its rule ("every week from
// Tue, 3 March, 10:00") when every visit keeps it, or its first and last visit when it does not (a
// conflict's alternative on another day or hour, a week left out): the notice never claims a rule the
// visits do not follow. Times in the clinic's zone, as the page lists them.
import { localParts } from '#shared/bookings/zone';
import { dateTimeFormat } from '#shared/i18n/intl-cache';

const DAY_MS = 86_400_000;

/** The local day number (days since 1970 in the zone) and minute of the day of an instant. */
function localOf(startUtc: string, timeZone: string) {
  const local = localParts(Date.parse(startUtc), timeZone);
  return { day: Date.UTC(local.year, local.month - 1, local.day) / DAY_MS, minute: local.hour * 60 + local.minute };
}

/** Whether every visit comes `everyWeeks` after the one before at the same local time (clock changes kept). */
export function followsRule(startsUtc: readonly string[], everyWeeks: number, timeZone: string): boolean {
  const local = startsUtc.map((s) => localOf(s, timeZone));
  return local.every((v, i) => i === 0 || (v.minute === local[i - 1].minute && v.day - local[i - 1].day === 7 * everyWeeks));
}

/** The visit as the notice names it: 'Tue, March 3, 10:00 AM' in the page's language. */
export const visitWhen = (startUtc: string, timeZone: string, intl: string) =>
  dateTimeFormat(intl, { timeZone, weekday: 'short', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' }).format(new Date(startUtc));
