// The booking form's three steps, in the order a patient on a phone goes: choose the time (the month
// view, the clinic's zone, the chosen day's time buttons), their details, and Continue to payment.
import type { FreeDay } from './api';
import type { PaymentMode } from '#shared/bookings/payment-policy';
import { Field } from '../../components/field';
import { Loading } from '../../components/loading';
import { ChallengeStatus, type ChallengeHandle } from '../../lib/challenge';
import { useChallengeTexts, useI18n, type MessageKey } from '../../i18n/i18n';
import { zoneNameIn } from '../../i18n/format';
import { MonthView, addMonths, monthLabel } from '../shared/month-view';
import { TimeButtons } from '../shared/time-buttons';
import { MONTHS_AHEAD } from './booking-data';
import { ERRORS_ID } from './booking-notices';
import type { BookingMonth } from './use-booking-month';

const DAY_NOTES: Partial<Record<FreeDay['status'], MessageKey>> = {
  full: 'booking.day.full',
  'closed-date': 'booking.day.closedDate',
  'closed-weekday': 'booking.day.closedWeekday',
  past: 'booking.day.past',
  'too-far': 'booking.day.tooFar',
};

/** Step one: a day of the month view (the days with free times marked), then one of its times. */
export function TimeStep({ month, packageId, bookingDate, bookingTime, onDate, onTime, disabled, dateInError, timeInError }: {
  month: BookingMonth;
  packageId: string;
  bookingDate: string;
  bookingTime: string;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
  /** While the booking is sent. */
  disabled: boolean;
  dateInError: boolean;
  timeInError: boolean;
}) {
  const { t, locale, intl } = useI18n();
  const { chosenDay, zone, day } = month;
  const monthNote = !packageId
    ? t('booking.month.choosePackage')
    : month.daysError
      ? t('booking.month.failed')
      : month.daysLoading
        ? t('booking.month.loading')
        : month.noneFree && month.noteMonth
          ? t('booking.month.noneFree', { month: monthLabel(month.noteMonth, locale, intl) })
          : undefined;
  return (
    <>
      <MonthView
        month={month.shownMonth}
        onMonth={month.setMonth}
        free={month.free}
        minDate={month.minDate}
        maxMonth={month.firstMonth ? addMonths(month.firstMonth, MONTHS_AHEAD) : undefined}
        selected={bookingDate}
        onSelect={onDate}
        disabled={!packageId || disabled}
        note={monthNote}
        describedBy={dateInError ? ERRORS_ID : undefined}
      />
      {/* Two lines kept from the first paint on (a phone wraps the zone's name), so the form does not
          move when the zone arrives. */}
      <p className="small text-body-secondary mb-0" style={{ minHeight: '2lh' }} data-testid="booking-zone">
        {zone ? t('booking.zone', { name: zoneNameIn(locale, zone, day?.timeZoneName ?? zone), zone }) : t('booking.zoneUnknown')}
      </p>

      {bookingDate && (
        <section className="mt-3" aria-label={t('booking.availableTimes')} aria-describedby={timeInError ? ERRORS_ID : undefined}>
          {month.dayLoading && !chosenDay ? (
            <Loading label={t('booking.loadingTimes')} />
          ) : chosenDay && chosenDay.slots.length > 0 ? (
            <>
              <p className="small fw-semibold text-body-emphasis mb-2">{t('booking.availableTimesIn', { zone: zoneNameIn(locale, chosenDay.timeZone, chosenDay.timeZoneName) })}</p>
              <TimeButtons slots={chosenDay.slots} timeZone={chosenDay.timeZone} value={bookingTime} onChange={onTime} disabled={disabled} />
            </>
          ) : chosenDay ? (
            <p className="small text-body-secondary mb-0">{t(DAY_NOTES[chosenDay.status] ?? 'booking.day.none')}</p>
          ) : null}
        </section>
      )}
    </>
  );
}

/** The props of one of the form's controls (its value, messages and handlers): booking-page.tsx bind. */
type Bind = (name: 'firstName' | 'lastName' | 'email' | 'phoneNumber') => React.InputHTMLAttributes<HTMLInputElement> & { id: string };

/** Step two: the visitor's contact details. */
export function DetailsStep({ bind }: { bind: Bind }) {
  const { t } = useI18n();
  return (
    <>
      <h2 className="h6 fw-bold text-body-emphasis mt-4 mb-3">{t('booking.details')}</h2>
      <div className="row g-3">
        <Field id="firstName" label={t('booking.firstName')} required className="col-md-6">
          <input {...bind('firstName')} autoComplete="given-name" />
        </Field>
        <Field id="lastName" label={t('booking.lastName')} required className="col-md-6">
          <input {...bind('lastName')} autoComplete="family-name" />
        </Field>
        <Field id="email" label={t('booking.email')} required className="col-md-6">
          <input {...bind('email')} type="email" autoComplete="email" />
        </Field>
        {/* Its example is the hint's, in the visitor's language (no placeholder with another country's). */}
        <Field id="phoneNumber" label={t('booking.phone')} required className="col-md-6" hint={t('booking.phoneHint')}>
          {/* A phone number reads left to right in every language: right to left, '+49 30 1234567' showed as '49301234567+'. */}
          <input {...bind('phoneNumber')} type="tel" dir="ltr" autoComplete="tel" />
        </Field>
      </div>
    </>
  );
}

/** Step three: Continue to card payment, with the connection check's status beside it. */
export function PayStep({ isSubmitting, disabled, challenge, mode }: { isSubmitting: boolean; disabled: boolean; challenge: ChallengeHandle; mode?: PaymentMode }) {
  const { t } = useI18n();
  const challengeTexts = useChallengeTexts();
  // The button says what it does: confirm (nothing to pay online), save a card, or continue to payment.
  const label = mode === 'at_clinic' ? t('pay.confirm') : mode === 'card_on_file' ? t('pay.continueCard') : t('booking.continue');
  return (
    <div className="mt-4">
      <button type="submit" className="btn btn-primary px-4" disabled={isSubmitting || disabled}>
        {isSubmitting ? t('booking.wait') : label}
      </button>
      <ChallengeStatus challenge={challenge} texts={challengeTexts} />
    </div>
  );
}
