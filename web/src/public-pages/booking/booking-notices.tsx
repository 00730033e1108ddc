// What the booking page tells the visitor above its form: the redirect toast, the payment's outcome on
// the way back, the top error, a hold still waiting for payment, the success line and the list of the
// fields to correct (each field in error points to it).
import { useEffect } from 'react';
import { useT } from '../../i18n/i18n';
import { PendingHoldNotice } from './pending-hold-notice';
import type { HoldState } from './pending-hold';

/** The long success toast's time on screen (spec section 9). */
export const TOAST_MS = 3000;

export const ERRORS_ID = 'booking-errors';

/**
 * A Bootstrap toast at the top right that closes itself: the booking page's only toast, so no toast
 * library is loaded for it.
 */
export function Toast({ message, onClose }: { message: string; onClose: () => void }) {
  const t = useT();
  useEffect(() => {
    const timer = window.setTimeout(onClose, TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [message, onClose]);
  return (
    <div className="toast-container position-fixed top-0 end-0 p-3" style={{ zIndex: 1090 }}>
      <div className="toast show align-items-center text-bg-success border-0" role="status" aria-live="polite" aria-atomic="true">
        <div className="d-flex">
          <div className="toast-body">{message}</div>
          <button type="button" className="btn-close btn-close-white me-2 m-auto" aria-label={t('common.close')} onClick={onClose} />
        </div>
      </div>
    </div>
  );
}

export function BookingNotices({ toast, onCloseToast, payment, hold, onGiveUp, rootError, success, listed }: {
  toast?: string;
  onCloseToast: () => void;
  /** The query's `payment` (back from Checkout). */
  payment: string | null;
  hold: HoldState;
  onGiveUp: () => void;
  rootError?: string;
  success?: string;
  /** The messages of the fields in error, in the form's order. */
  listed: string[];
}) {
  const t = useT();
  return (
    <>
      {toast && <Toast message={toast} onClose={onCloseToast} />}
      {payment === 'success' && (
        <div className="alert alert-success" role="status">
          {t('booking.paid')}
        </div>
      )}
      {/* Not beside a hold still waiting (back from a later checkout to this address): that notice says what to do. */}
      {payment === 'cancelled' && hold.kind !== 'waiting' && (
        <div className="alert alert-info" role="status">
          {/* A series' Checkout: its visits are what was not booked (not 'the booking'). */}
          {t((hold.kind === 'releasing' || hold.kind === 'released') && hold.series ? 'booking.paymentCancelledSeries' : 'booking.paymentCancelled')}
        </div>
      )}
      {rootError && (
        <div className="alert alert-danger" role="alert">
          {rootError}
        </div>
      )}
      <PendingHoldNotice state={hold} onGiveUp={onGiveUp} />
      {success && (
        <div className="alert alert-success" role="status">
          {success}
        </div>
      )}
      {listed.length > 0 && (
        <div id={ERRORS_ID} className="alert alert-danger py-2" role="alert" aria-label={t('booking.correct')}>
          <ul className="mb-0 ps-3">
            {listed.map((message, i) => (
              <li key={`${message}-${i}`}>{message}</li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
