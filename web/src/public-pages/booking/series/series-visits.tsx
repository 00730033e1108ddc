// A series' visits on the booking page's confirmation (issue 37.1): every visit's time in the page's
// language, and what was paid for the whole course (one visit's policy would say one visit's amount).
import type { SeriesConfirmation } from '#shared/bookings/confirmation-schemas';
import type { PaymentPolicy } from '#shared/bookings/payment-policy';
import { currencyOf, formatMoney } from '#shared/currency';
import { useI18n } from '../../../i18n/i18n';
import { whenIn } from '../../../i18n/format';
import { cardAndFeeLines } from '../payment-summary';

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

/**
 * The course's payment: what was paid online (the whole course, or one deposit per visit; nothing for a
 * card held or a payment at the clinic), what is due at each visit, the card held and its fees.
 */
export function SeriesPaid({ series, policy, currency, card }: { series: SeriesConfirmation; policy?: PaymentPolicy; currency: string; card?: { brand: string; last4: string } }) {
  const { t, intl } = useI18n();
  const money = (minor: number) => formatMoney(minor, currencyOf(currency), intl);
  const paid = series.paidMinor ?? 0;
  const lines = [
    paid <= 0
      ? t('pay.nothingNow')
      : policy?.mode === 'deposit'
        ? t('series.paidDeposits', { count: series.visits.filter((v) => v.status === 'confirmed').length, amount: money(paid) })
        : t('series.paidCourse', { amount: money(paid) }),
    ...(policy && policy.dueAtVisitMinor > 0 ? [t('series.dueEachVisit', { amount: money(policy.dueAtVisitMinor) })] : []),
    ...(policy ? cardAndFeeLines(t, policy, money, card) : []),
  ];
  return (
    <ul className="list-unstyled small mb-0" data-testid="payment-summary">
      {lines.map((line) => (
        <li key={line} className="mb-1">{line}</li>
      ))}
    </ul>
  );
}
