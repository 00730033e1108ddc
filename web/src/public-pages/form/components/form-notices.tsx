// What the public form tells the visitor above it: how the payment ended (and, back without paying, the
// checkout to pay after all), the success notice, and a redirect the browser blocked.
import { checkoutNavigation } from '../../../lib/checkout';
import { useT } from '../../../i18n/i18n';
import type { PaymentOutcome } from '../use-payment-return';

/** Back to the checkout left open in this tab. */
function ResumePayment({ checkout }: { checkout: string }) {
  const t = useT();
  return (
    <div className="mt-2">
      <button type="button" className="btn btn-primary btn-sm" onClick={() => checkoutNavigation.go(checkout)}>
        {t('form.resumePayment')}
      </button>
    </div>
  );
}

export function FormNotices({ outcome, unpaid, notice, blockedLink }: { outcome?: PaymentOutcome; unpaid?: string; notice?: string; blockedLink?: string }) {
  const t = useT();
  return (
    <>
      {outcome === 'success' && (
        <div className="alert alert-success" role="status">
          {t('form.paymentReceived')}
        </div>
      )}
      {outcome === 'cancelled' && (
        <div className="alert alert-warning" role="status">
          {t('form.paymentCancelled')}
          {unpaid && <ResumePayment checkout={unpaid} />}
        </div>
      )}
      {/* Back with the back button, before any outcome: the same offer. */}
      {!outcome && unpaid && !notice && (
        <div className="alert alert-warning" role="status">
          {t('form.paymentOpen')}
          <ResumePayment checkout={unpaid} />
        </div>
      )}
      {notice && (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      )}
      {blockedLink && (
        <div className="alert alert-warning" role="status">
          {t('form.blocked')}{' '}
          <a href={blockedLink} target="_blank" rel="noopener noreferrer" className="alert-link">
            {t('form.openHere')}
          </a>
          .
        </div>
      )}
    </>
  );
}
