// The practitioner editor's exceptions as people enter them: a date range (a week's holiday is one
// entry, not seven) with its hours (time off all day, or other working hours each of those days) and
// a note. The API keeps one exception per date, which every reader of a practitioner's time (free
// times, the calendar, reports, feeds) already understands, so the form expands a range into its dates
// on save, and groups consecutive dates with the same hours and note back into one range on load.
import * as z from 'zod/mini';
import { addDays } from '#shared/bookings/slots';
import { parseDate } from '#shared/bookings/time';
import { practitionerExceptionSchema, practitionerSchema, type PractitionerException } from '#shared/bookings/practitioner-schemas';

/** An exception as the form holds it: `endDate` '' = the first date alone. */
export type ExceptionRange = PractitionerException & { endDate: string };

export const RANGE_MESSAGES = {
  endDate: 'The last date must be a date on or after the first',
  overlap: 'One exception per date: these dates overlap another exception',
  tooMany: 'At most 400 days of exceptions in all',
} as const;

/** Longest range a person may enter in one go (a year): a typo in the year is not 3000 exceptions. */
const MAX_RANGE_DAYS = 366;

/** The dates of a range, first to last. */
export function datesOf(range: Pick<ExceptionRange, 'date' | 'endDate'>): string[] {
  if (!parseDate(range.date)) return [];
  const last = range.endDate && parseDate(range.endDate) ? range.endDate : range.date;
  const dates: string[] = [];
  for (let d = range.date; d <= last && dates.length <= MAX_RANGE_DAYS; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/** One exception per date of each range, as the API takes them. */
export const expandRanges = (ranges: readonly ExceptionRange[]): PractitionerException[] =>
  ranges.flatMap(({ endDate: _end, ...e }) => datesOf({ date: e.date, endDate: _end }).map((date) => ({ ...e, date })));

/** The range (its position in the form) that holds the nth exception `expandRanges` made: a server message's place. */
export function rangeIndexOf(ranges: readonly Pick<ExceptionRange, 'date' | 'endDate'>[], n: number): number | undefined {
  let seen = 0;
  for (const [i, r] of ranges.entries()) {
    seen += datesOf(r).length;
    if (n < seen) return i;
  }
  return undefined;
}

const sameDay = (a: PractitionerException, b: PractitionerException) => a.note === b.note && JSON.stringify(a.hours) === JSON.stringify(b.hours);

/** The API's exceptions as ranges: consecutive dates with the same hours and note are one entry. */
export function groupExceptions(exceptions: readonly PractitionerException[]): ExceptionRange[] {
  const ranges: ExceptionRange[] = [];
  for (const e of [...exceptions].sort((a, b) => a.date.localeCompare(b.date))) {
    const last = ranges.at(-1);
    if (last && addDays(last.endDate || last.date, 1) === e.date && sameDay(last, e)) last.endDate = e.date;
    else ranges.push({ ...e, endDate: '' });
  }
  return ranges;
}

const rangeSchema = z.extend(practitionerExceptionSchema, { endDate: z.string() }).check(
  z.refine((r) => r.endDate === '' || (parseDate(r.endDate) !== undefined && r.endDate >= r.date && datesOf(r).length <= MAX_RANGE_DAYS), {
    message: RANGE_MESSAGES.endDate,
    path: ['endDate'],
  }),
);

/** Each range that shares a date with an earlier one (by position). */
function overlapping(ranges: readonly ExceptionRange[]): number[] {
  const taken = new Set<string>();
  const found: number[] = [];
  ranges.forEach((r, i) => {
    const dates = datesOf(r);
    if (dates.some((d) => taken.has(d))) found.push(i);
    dates.forEach((d) => taken.add(d));
  });
  return found;
}

const rangesSchema = z.array(rangeSchema).check(
  z.superRefine((ranges, ctx) => {
    for (const i of overlapping(ranges)) ctx.addIssue({ code: 'custom', message: RANGE_MESSAGES.overlap, path: [i, 'date'], input: ranges[i] });
    if (expandRanges(ranges).length > 400) ctx.addIssue({ code: 'custom', message: RANGE_MESSAGES.tooMany, input: ranges });
  }),
);

/** The editor's schema: the API's practitioner, with ranges that become its exceptions. */
export const practitionerFormSchema = z.extend(practitionerSchema, {
  exceptions: z.pipe(rangesSchema, z.transform((ranges) => expandRanges(ranges))),
});
export type PractitionerFormValues = z.input<typeof practitionerFormSchema>;
