// Dates and times of the public pages in the page's language, through Intl. English keeps the server's
// labels ('Monday, March 9, 2026 at 9:00 AM EDT', the spec's wording); other languages format the same
// local date and time of the clinic's zone themselves, with the page's Intl locale (`intl`: the
// language in the clinic's country, 'es-DE'; I18nValue.intl).
import { instantsOf } from '#shared/bookings/zone';
import type { Locale } from '#shared/i18n/locales';
import { dateTimeFormat } from '#shared/i18n/intl-cache';

/** The instant a clinic's zone shows 'YYYY-MM-DD' 'HH:mm' (the earlier one in an overlap). */
function instantOf(date: string, time: string, timeZone: string): number | undefined {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  try {
    return instantsOf({ year, month, day, hour, minute }, timeZone)[0];
  } catch {
    return undefined;
  }
}

/** A booking's date and time, as a reader of `locale` writes them, in the clinic's zone. */
export function whenIn(locale: Locale, when: { date: string; time: string; timeZone: string }, englishLabel: string, intl: string = locale): string {
  if (locale === 'en') return englishLabel;
  const instant = instantOf(when.date, when.time, when.timeZone);
  if (instant === undefined) return englishLabel;
  return dateTimeFormat(intl, { timeZone: when.timeZone, dateStyle: 'full', timeStyle: 'short' }).format(instant);
}

/** A zone's long name in `locale` ('hora estándar del este'), or the English one given. */
export function zoneNameIn(locale: Locale, timeZone: string, englishName: string, at: number = Date.now()): string {
  if (locale === 'en') return englishName;
  try {
    return dateTimeFormat(locale, { timeZone, timeZoneName: 'long' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? englishName;
  } catch {
    return englishName;
  }
}

/** An instant in full in `locale`, in a zone (the manage page's 'until'). */
export const dateTimeIn = (intl: string, iso: string, timeZone: string) =>
  dateTimeFormat(intl, { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));
