// A series' visits on the booking page's confirmation (issue 37.1): every visit's time in the page's
// language, and what was paid for the whole course (one visit's policy would say one visit's amount).
import type { SeriesConfirmation } from '#shared/bookings/confirmation-schemas';
import { currencyOf, formatMoney } from '#shared/currency';
import { useI18n } from '../../../i18n/i18n';
import { whenIn } from '../../../i18n/format';

export function SeriesVisits({ series, timeZone }: { series: SeriesConfirmation; timeZone: string }) {
  const { t, locale, intl } = useI18n();
  const booked = series.visits.filter((v) => v.status === 'confirmed');
  return (
    <>
      <span className="d-block fw-semibold">{t('series.confirmedVisits', { count: booked.length })}</span>
      <ul className="list-unstyled mb-0" data-testid="series-confirmed-visits">
        {booked.map((v) => (
          <li key={v.startUtc}>
            {whenIn(locale, { date: v.date, time: v.time, timeZone }, v.bookingTimeLabel, intl)}
            {v.practitionerName && <span className="text-body-secondary"> · {v.practitionerName}</span>}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The course's payment: paid online for every visit, then what is due at each visit. */
export function SeriesPaid({ paidMinor, dueAtVisitMinor, currency }: { paidMinor: number; dueAtVisitMinor: number; currency: string }) {
  const { t, intl } = useI18n();
  const money = (minor: number) => formatMoney(minor, currencyOf(currency), intl);
  return (
    <ul className="list-unstyled small mb-0" data-testid="payment-summary">
      <li className="mb-1">{t('series.paidCourse', { amount: money(paidMinor) })}</li>
      {dueAtVisitMinor > 0 && <li className="mb-1">{t('pay.dueAtVisit', { amount: money(dueAtVisitMinor) })}</li>}
    </ul>
  );
}
