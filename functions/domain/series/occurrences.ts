// Domain: series (issue 37). A series of visits: "every N weeks at 10:00, 8 times or until a date".
// occurrences (the dates of a rule), preview (each visit checked, conflicts with alternatives), take
// (the chosen visits booked all together or not at all), cancel (one, this and the following, all),
// calendar (the series' .ics) and mail. Used by the bookings/ handler area (staff) and its routes.
//
// The dates of a series. A visit is a LOCAL date and time in the clinic's zone, turned into an instant
// per date (shared/bookings/slots.ts localToUtc, the zone rules every booking uses): adding 7 days to a
// UTC instant would move 10:00 to 09:00 or 11:00 across a clock change; adding 7 calendar days to the
// local date keeps 10:00 on the wall every week, whatever the offset that day.
import { addDays, localToUtc } from '#shared/bookings/slots';
import { MAX_SERIES_VISITS, SERIES_MESSAGES } from '#shared/bookings/series-schemas';
import { badRequest } from '#lib/errors';

export interface SeriesDates {
  startDate: string;
  time: string;
  everyWeeks: number;
  count?: number;
  untilDate?: string;
}

export interface Occurrence {
  /** 1-based place in the series. */
  number: number;
  date: string;
  time: string;
  /** The instant of that local time that day; undefined when it does not exist (the spring gap). */
  startUtc: string | undefined;
}

/**
 * The visits of a rule, in order: `count` of them, or every one up to `untilDate` (inclusive). A rule
 * that would make more than MAX_SERIES_VISITS is refused (400), never silently cut short.
 */
export function occurrencesOf(rule: SeriesDates, timeZone: string): Occurrence[] {
  const out: Occurrence[] = [];
  for (let i = 0; ; i++) {
    const date = addDays(rule.startDate, i * 7 * rule.everyWeeks);
    if (rule.count !== undefined ? i >= rule.count : date > rule.untilDate!) break;
    if (out.length === MAX_SERIES_VISITS) throw badRequest(SERIES_MESSAGES.tooMany, { count: SERIES_MESSAGES.tooMany });
    out.push({ number: i + 1, date, time: rule.time, startUtc: localToUtc(date, rule.time, timeZone) });
  }
  return out;
}
