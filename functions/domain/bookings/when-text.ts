// A booking's day and time in a patient's words (or English, for staff notices and audit lines): one
// writing for its mails (mail.ts) and its checkout page (payment-text.ts checkoutItem).
import { describeInstant } from '#shared/bookings/slots';
import { intlLocale } from '#shared/i18n/locales';
import { patientTexts } from '#lib/i18n';
import type { BookingRecord } from '../../data/bookings';

/**
 * 'Monday, March 9, 2026', '9:00 AM EDT (Eastern Daylight Time, America/New_York)'; in `locale` (a
 * patient's) its own words. Without one, English: staff notices and audit lines.
 */
export function whenText(b: Pick<BookingRecord, 'startUtc' | 'timeZone'>, locale?: string | null) {
  const w = describeInstant(b.startUtc, b.timeZone, intlLocale(locale));
  const t = patientTexts(locale);
  return {
    date: w.date,
    time: t('when.time', { time: w.time, zone: w.zoneAbbreviation, zoneName: w.zoneLongName, timeZone: w.timeZone }),
    short: t('when.short', { date: w.date, time: w.time, zone: w.zoneAbbreviation }),
  };
}
