// What the booking page says about the visitor's hold (pending-hold.ts): a booking waiting for payment
// with 'Continue to payment' and 'Choose another time', or what became of it.
import { intlLocale } from '#shared/i18n/locales';
import { useI18n } from '../../i18n/i18n';
import { checkoutNavigation } from '../../lib/checkout';
import type { HoldState, PendingHold } from './pending-hold';
import { followsRule, visitWhen } from './series/series-when';

/** What is waiting: one booking, or a series named whole (its count, and its rule or its first and last visit). */
function useWaitingText(hold: PendingHold): string {
  const { t, locale } = useI18n();
  const intl = intlLocale(locale);
  const until = new Intl.DateTimeFormat(intl, { hour: 'numeric', minute: '2-digit' }).format(new Date(hold.holdExpiresAt));
  const starts = hold.series?.startsUtc ?? [];
  if (hold.series && starts.length > 1) {
    const values = { count: starts.length, package: hold.packageName, first: visitWhen(starts[0], hold.timeZone, intl), until };
    return followsRule(starts, hold.series.everyWeeks, hold.timeZone)
      ? t('booking.pendingSeries', { ...values, every: hold.series.everyWeeks })
      : t('booking.pendingSeriesDates', { ...values, last: visitWhen(starts[starts.length - 1], hold.timeZone, intl) });
  }
  // The booking in the clinic's zone (as the page lists its times); the hold's end on the visitor's own clock.
  const when = new Intl.DateTimeFormat(intl, { timeZone: hold.timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(hold.startUtc));
  return t('booking.pending', { package: hold.packageName, when, until });
}

function Waiting({ hold, children }: { hold: PendingHold; children: React.ReactNode }) {
  const { t } = useI18n();
  return (
    <section className="alert alert-warning" aria-label={t('booking.pending.label')}>
      <p className="mb-2">{useWaitingText(hold)}</p>
      {children}
    </section>
  );
}

export function PendingHoldNotice({ state, onGiveUp }: { state: HoldState; onGiveUp: () => void }) {
  const { t } = useI18n();
  if (state.kind === 'paid') {
    return (
      <div className="alert alert-success" role="status">
        {t('booking.heldPaid')}
      </div>
    );
  }
  if (state.kind === 'released' && state.via === 'choice') {
    return (
      <div className="alert alert-info" role="status">
        {t(state.series ? 'booking.releasedSeries' : 'booking.released')}
      </div>
    );
  }
  const hold = state.kind === 'waiting' || state.kind === 'releasing' ? state.hold : undefined;
  if (!hold) return null;
  const releasing = state.kind === 'releasing';
  return (
    <Waiting hold={hold}>
      {state.kind === 'waiting' && state.failed && <p className="mb-2 small">{t('booking.releaseFailed')}</p>}
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm" disabled={releasing} onClick={() => checkoutNavigation.go(hold.checkoutUrl)}>
          {t('booking.pending.pay')}
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" disabled={releasing} onClick={onGiveUp}>
          {releasing ? t(hold.series ? 'booking.pending.releasingSeries' : 'booking.pending.releasing') : t('booking.pending.giveUp')}
        </button>
      </div>
    </Waiting>
  );
}
