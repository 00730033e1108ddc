// What the booking page says about the visitor's hold (pending-hold.ts): a booking waiting for payment
// with 'Continue to payment' and 'Choose another time', or what became of it.
import { intlLocale } from '#shared/i18n/locales';
import { useI18n } from '../../i18n/i18n';
import { checkoutNavigation } from '../../lib/checkout';
import type { HoldState } from './pending-hold';

export function PendingHoldNotice({ state, onGiveUp }: { state: HoldState; onGiveUp: () => void }) {
  const { t, locale } = useI18n();
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
        {t('booking.released')}
      </div>
    );
  }
  const hold = state.kind === 'waiting' || state.kind === 'releasing' ? state.hold : undefined;
  if (!hold) return null;
  const releasing = state.kind === 'releasing';
  const intl = intlLocale(locale);
  // The booking in the clinic's zone (as the page lists its times); the hold's end on the visitor's own clock.
  const when = new Intl.DateTimeFormat(intl, { timeZone: hold.timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(hold.startUtc));
  const until = new Intl.DateTimeFormat(intl, { hour: 'numeric', minute: '2-digit' }).format(new Date(hold.holdExpiresAt));
  return (
    <section className="alert alert-warning" aria-label={t('booking.pending.label')}>
      <p className="mb-2">{t('booking.pending', { package: hold.packageName, when, until })}</p>
      {state.kind === 'waiting' && state.failed && <p className="mb-2 small">{t('booking.releaseFailed')}</p>}
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm" disabled={releasing} onClick={() => checkoutNavigation.go(hold.checkoutUrl)}>
          {t('booking.pending.pay')}
        </button>
        <button type="button" className="btn btn-outline-secondary btn-sm" disabled={releasing} onClick={onGiveUp}>
          {releasing ? t('booking.pending.releasing') : t('booking.pending.giveUp')}
        </button>
      </div>
    </section>
  );
}
