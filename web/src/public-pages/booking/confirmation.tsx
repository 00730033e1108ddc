// The booking page after paying: Checkout sends the patient back with its session id, and this screen
// shows what was booked, when, with whom and where, with 'Add to calendar' (the booking's .ics) and the
// manage link. The payment's event can arrive after the redirect, so a 'pending' booking is asked for
// again every few seconds, for about half a minute; after that the page says the mail will follow.
import { useEffect, useState } from 'react';
import type { ReplyOf } from '#shared/api-contract';
import { Loading } from '../../components/loading';
import { failureText } from '../../lib/api';
import { bookingConfirmation } from './api';
import { useI18n } from '../../i18n/i18n';
import { whenIn, zoneNameIn } from '../../i18n/format';
import { PaymentSummary } from './payment-summary';
import { calendarFileName } from './calendar-file';
import { SeriesPaid, SeriesVisits } from './series/series-visits';

/** How often, and how long, a pending booking is asked for again (tests shorten them). */
export const CONFIRMATION_POLL = { intervalMs: 2000, limitMs: 30_000 };

/** The English texts (tests); the page shows its language's. */
export const PENDING_TEXT = 'Thank you for your payment. We are confirming your booking; this takes a few seconds.';
export const GAVE_UP_TEXT =
  'Your payment is still being processed. Your booking is confirmed as soon as it is: the confirmation, with a calendar invitation and a link to manage your booking, will follow by email.';

/** Saves the booking's (or series') calendar file: a download the phone's calendar opens. */
function downloadIcs(ics: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file over.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="col-sm-3 text-body-secondary fw-semibold small pt-sm-1">{term}</dt>
      <dd className="col-sm-9 mb-3">{children}</dd>
    </>
  );
}

type BookingConfirmation = ReplyOf<'POST /bookings/confirmation'>;

export function Confirmed({ c }: { c: BookingConfirmation }) {
  const { t, locale, intl } = useI18n();
  return (
    <>
      {/* A series (issue 37.1) is its visits booked, not one booking: the heading counts them. */}
      <h2 className="h4 fw-bold text-success mb-2">
        {c.series ? t('confirmation.titleSeries', { count: c.series.visits.filter((v) => v.status === 'confirmed').length }) : t('confirmation.title')}
      </h2>
      <p className="text-body-secondary mb-4">{t('confirmation.mail')}</p>
      <dl className="row mb-2">
        <Row term={t('confirmation.what')}>
          {c.packageName}
          <span className="d-block small text-body-secondary">{t('common.minutes', { count: c.durationMinutes })}</span>
        </Row>
        <Row term={t('confirmation.when')}>
          {/* A series (issue 37.1): every visit's time. */}
          {c.series ? <SeriesVisits series={c.series} timeZone={c.timeZone} /> : whenIn(locale, c, c.bookingTimeLabel, intl)}
          <span className="d-block small text-body-secondary">
            {zoneNameIn(locale, c.timeZone, c.timeZoneName)} ({c.timeZone})
          </span>
        </Row>
        {c.practitionerName && <Row term={t('confirmation.with')}>{c.practitionerName}</Row>}
        {c.series && c.currency && (c.series.paidMinor || c.paymentPolicy) ? (
          <Row term={t('pay.title')}>
            <SeriesPaid series={c.series} policy={c.paymentPolicy} currency={c.currency} card={c.card} />
          </Row>
        ) : c.paymentPolicy && c.currency && (
          <Row term={t('pay.title')}>
            <PaymentSummary policy={c.paymentPolicy} currency={c.currency} card={c.card} done />
          </Row>
        )}
        <Row term={t('confirmation.where')}>
          {c.clinic.name}
          {c.clinic.address && <span className="d-block clinic-text" style={{ whiteSpace: 'pre-line' }}>{c.clinic.address}</span>}
          {c.clinic.phoneNumber && (
            // Left to right in every language: '+1555...' read right to left shows its '+' at the end.
            <span className="d-block">
              <a href={`tel:${c.clinic.phoneNumber}`} dir="ltr">
                {c.clinic.phoneNumber}
              </a>
            </span>
          )}
        </Row>
      </dl>
      <div className="d-flex flex-wrap gap-2">
        {c.ics && (
          <button type="button" className="btn btn-primary" onClick={() => downloadIcs(c.ics!, calendarFileName(c.clinic.name, Boolean(c.series)))}>
            {t('confirmation.addToCalendar')}
          </button>
        )}
        {c.manageUrl && (
          <a className="btn btn-outline-primary" href={c.manageUrl}>
            {t('confirmation.manage')}
          </a>
        )}
      </div>
      {c.manageUrl && <p className="small text-body-secondary mt-3 mb-0">{t('confirmation.manageHint')}</p>}
    </>
  );
}

export function Confirmation({ apiKey, sessionId, againHref }: { apiKey: string; sessionId: string; againHref: string }) {
  const [data, setData] = useState<BookingConfirmation>();
  const [error, setError] = useState<string>();
  const [gaveUp, setGaveUp] = useState(false);
  const { t, rich } = useI18n();

  useEffect(() => {
    let timer: number | undefined;
    let stopped = false;
    const started = Date.now();
    const again = () => {
      if (Date.now() - started + CONFIRMATION_POLL.intervalMs > CONFIRMATION_POLL.limitMs) setGaveUp(true);
      else timer = window.setTimeout(() => void ask(), CONFIRMATION_POLL.intervalMs);
    };
    const ask = async () => {
      try {
        const result = await bookingConfirmation(apiKey, sessionId);
        if (stopped) return;
        const found = result.data.data;
        if (!result.success || !found) {
          // '' for no text of the server's: the page's own, in its language then.
          setError(failureText(result, ''));
          return;
        }
        setData(found);
        if (found.status === 'pending') again();
      } catch {
        // No answer (a phone between networks): ask again while there is time.
        if (!stopped) again();
      }
    };
    void ask();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [apiKey, sessionId]);

  const bookAgain = (
    <a href={againHref} className="alert-link">
      {t('confirmation.chooseAgain')}
    </a>
  );

  let body: React.ReactNode;
  if (error !== undefined) {
    body = (
      <div className="alert alert-danger mb-0" role="alert">
        {error || t('confirmation.notFound')}
      </div>
    );
  } else if (data?.status === 'confirmed') {
    body = <Confirmed c={data} />;
  } else if (data?.status === 'expired') {
    body = (
      <div className="alert alert-warning mb-0" role="status">
        {rich('confirmation.expired', { link: bookAgain })}
      </div>
    );
  } else if (data?.status === 'cancelled') {
    body = (
      <div className="alert alert-warning mb-0" role="status">
        {t('confirmation.cancelled', { clinic: data.clinic.phoneNumber ? `${data.clinic.name} (${data.clinic.phoneNumber})` : data.clinic.name })}
      </div>
    );
  } else if (gaveUp) {
    body = (
      <div className="alert alert-info mb-0" role="status">
        {t('confirmation.gaveUp')}
      </div>
    );
  } else {
    body = (
      <>
        <p className="mb-0">{t('confirmation.pending')}</p>
        <Loading label={t('confirmation.confirming')} showLabel className="py-4" />
      </>
    );
  }

  return (
    <section className="card border-0 shadow-sm" aria-label={t('confirmation.label')} aria-busy={error === undefined && !gaveUp && (!data || data.status === 'pending')}>
      <div className="card-body p-3 p-sm-4">{body}</div>
    </section>
  );
}
