// After the visit, on the booking's page: how the visit went (attended, no-show, late cancellation),
// the fee the patient agreed to charged on their saved card (with what became of it: charged, declined,
// waiting for their bank), the balance paid at the clinic and refunds. Staff with Bookings write act;
// others read. Every action answers the booking as it is afterwards, shown at once. Shared UI (the
// booking's page and the calendar's booking dialog both show it), so it lives in components/.
import { useId, useState, type FormEvent } from 'react';
import type { ReplyOf } from '#shared/api-contract';
import { PAYMENT_STATE_LABELS, type PaymentState } from '#shared/bookings/visit';
import { formatMoney, currencyOf } from '#shared/currency';
import { MoneyInput, moneyInputValue, typingLocale } from './money-input';
import { api } from '../lib/api';
import { formatDate } from '../lib/dates';
import { notify } from '../lib/notify';
import { useHasPassed } from '../lib/use-has-passed';

/** A booking as staff read it (GET /bookings/booking/{id}; the bookings feature's BookingView). */
type BookingView = ReplyOf<'GET /bookings/booking/{id}'>;

const TONE: Record<PaymentState, string> = {
  awaiting_payment: 'warning',
  unpaid: 'secondary',
  paid_in_full: 'success',
  deposit_paid_balance_due: 'warning',
  card_held: 'info',
  due_at_clinic: 'warning',
  paid_at_clinic: 'success',
  fee_pending: 'warning',
  fee_charged: 'success',
  fee_declined: 'danger',
  fee_awaiting_authentication: 'warning',
  refunded: 'info',
  partially_refunded: 'info',
};

/** The one payment state a booking shows (paymentStateOf). */
export function PaymentStateBadge({ state }: { state: PaymentState | undefined }) {
  if (!state) return null;
  const tone = TONE[state];
  return <span className={`badge bg-${tone}-subtle text-${tone}-emphasis`}>{PAYMENT_STATE_LABELS[state]}</span>;
}

const ATTENDANCE = [
  ['attended', 'Attended'],
  ['no_show', 'No-show'],
  ['late_cancellation', 'Late cancellation'],
] as const;

type Changed = (b: BookingView) => void;

async function act(call: Promise<{ success: boolean; message: string; data: { data?: BookingView | { booking: BookingView } } }>, onChanged: Changed): Promise<string | undefined> {
  const result = await call;
  const data = result.data?.data;
  if (!result.success || !data) return result.message || 'That did not work. Please try again.';
  onChanged('booking' in data ? data.booking : data);
  notify.success(result.message);
  return undefined;
}

function FeeLine({ booking, canWrite, onChanged }: { booking: BookingView; canWrite: boolean; onChanged: Changed }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const kind = booking.attendance === 'no_show' || booking.attendance === 'late_cancellation' ? booking.attendance : null;
  if (!kind) return null;
  const currency = currencyOf(booking.currency);
  const agreed = kind === 'no_show' ? booking.paymentPolicy?.noShowFeeMinor : booking.paymentPolicy?.lateCancelFeeMinor;
  const name = kind === 'no_show' ? 'No-show fee' : 'Late-cancellation fee';
  const fee = booking.fee;
  const card = booking.savedCard;
  const charge = async () => {
    setBusy(true);
    setError(await act(api.post(`/bookings/booking/${encodeURIComponent(booking.id)}/fee`), onChanged));
    setBusy(false);
  };
  let status: React.ReactNode = null;
  if (fee?.status === 'charged') status = <span className="text-success-emphasis">Charged {formatMoney(fee.amountMinor, currency)}{fee.chargedAt ? ` on ${formatDate(fee.chargedAt)}` : ''}{fee.refundedMinor > 0 ? `, ${formatMoney(fee.refundedMinor, currency)} refunded` : ''}.</span>;
  else if (fee?.status === 'declined') status = <span className="text-danger-emphasis">Declined: {fee.declineMessage ?? 'the card was declined.'}</span>;
  else if (fee?.status === 'requires_action') status = <span className="text-warning-emphasis">Waiting for the patient: their bank asks them to authenticate. They were mailed a link to complete the payment.</span>;
  else if (fee?.status === 'pending') status = <span className="text-warning-emphasis">Being charged…</span>;
  const chargeable = canWrite && agreed && card && (!fee || fee.status === 'declined' || fee.status === 'pending');
  return (
    <div className="py-2 border-bottom">
      <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between">
        <div>
          <div className="fw-semibold">{name}</div>
          <div className="small text-body-secondary">
            {agreed ? `${formatMoney(agreed, currency)}, as the patient agreed when booking` : 'The patient agreed to no such fee when booking.'}
            {card ? ` · card ${card.brand} •••• ${card.last4}` : agreed ? ' · no card saved' : ''}
          </div>
          {status && <div className="small mt-1" role="status">{status}</div>}
        </div>
        {chargeable && (
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void charge()}>
            {busy ? 'Charging…' : fee?.status === 'declined' ? `Try again: charge ${formatMoney(agreed, currency)}` : `Charge ${formatMoney(agreed, currency)}`}
          </button>
        )}
      </div>
      {error && <div className="alert alert-danger py-2 mt-2 mb-0" role="alert">{error}</div>}
    </div>
  );
}

function AmountForm({ label, submitText, max, currency, onSubmit, children }: { label: string; submitText: string; max: number; currency: string; onSubmit: (amount: string) => Promise<string | undefined>; children?: React.ReactNode }) {
  const id = useId();
  const [amount, setAmount] = useState(() => moneyInputValue(max, currency));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(await onSubmit(amount));
    setBusy(false);
  };
  return (
    <form className="row g-2 align-items-start" onSubmit={(e) => void submit(e)} noValidate>
      <div className="col-12 col-sm-5">
        <label htmlFor={`${id}-amount`} className="form-label small mb-1">{label}</label>
        <MoneyInput id={`${id}-amount`} currency={currency} value={amount} onChange={(e) => setAmount(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      </div>
      {children}
      <div className="col-12 col-sm-auto align-self-sm-end mb-sm-4">
        <button type="submit" className="btn btn-outline-primary w-100" disabled={busy}>{busy ? 'Saving…' : submitText}</button>
      </div>
      {error && <div id={`${id}-error`} className="col-12 text-danger small" role="alert">{error}</div>}
    </form>
  );
}

function ClinicPaymentForm({ booking, onChanged }: { booking: BookingView; onChanged: Changed }) {
  const id = useId();
  const [method, setMethod] = useState<'cash' | 'card_terminal'>('card_terminal');
  const currency = currencyOf(booking.currency);
  return (
    <AmountForm
      label="Amount paid"
      submitText="Record payment"
      max={booking.balanceDueMinor ?? 0}
      currency={currency}
      onSubmit={(amount) => act(api.post(`/bookings/booking/${encodeURIComponent(booking.id)}/clinic-payment`, { amount, method, locale: typingLocale() }), onChanged)}
    >
      <div className="col-12 col-sm-4">
        <label htmlFor={`${id}-method`} className="form-label small mb-1">Paid by</label>
        <select id={`${id}-method`} className="form-select" value={method} onChange={(e) => setMethod(e.target.value as 'cash' | 'card_terminal')}>
          <option value="card_terminal">Card terminal</option>
          <option value="cash">Cash</option>
        </select>
      </div>
    </AmountForm>
  );
}

function RefundForm({ booking, what, left, onChanged }: { booking: BookingView; what: 'deposit' | 'fee'; left: number; onChanged: Changed }) {
  const currency = currencyOf(booking.currency);
  return (
    <AmountForm
      label={what === 'fee' ? `Refund of the fee (at most ${formatMoney(left, currency)})` : `Refund of the online payment (at most ${formatMoney(left, currency)})`}
      submitText="Refund"
      max={left}
      currency={currency}
      onSubmit={(amount) => act(api.post(`/bookings/booking/${encodeURIComponent(booking.id)}/refund`, { what, amount, locale: typingLocale() }), onChanged)}
    />
  );
}

export function AfterVisitCard({ booking, canWrite, onChanged }: { booking: BookingView; canWrite: boolean; onChanged: Changed }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const currency = currencyOf(booking.currency);
  const started = useHasPassed(booking.startUtc);
  const feeLocked = Boolean(booking.fee && booking.fee.status !== 'declined');
  const markable = (a: string) => !feeLocked && (a === 'late_cancellation' ? booking.status === 'confirmed' || booking.status === 'cancelled' : booking.status === 'confirmed' && started);
  const mark = async (attendance: 'attended' | 'no_show' | 'late_cancellation') => {
    setBusy(attendance);
    setError(await act(api.post(`/bookings/booking/${encodeURIComponent(booking.id)}/attendance`, { attendance }), onChanged));
    setBusy(undefined);
  };
  const fee = booking.fee;
  const feeLeft = fee?.status === 'charged' ? fee.amountMinor - fee.refundedMinor : 0;
  const paidLeft = booking.paymentIntentId && booking.amountPaidCents ? booking.amountPaidCents - (booking.refundedCents ?? 0) : 0;
  const shown = booking.status === 'confirmed' || booking.attendance || fee || booking.clinicPayment;
  if (!shown) return null;
  return (
    <section className="card border-0 shadow-sm mt-3" aria-labelledby="after-visit-title">
      <div className="card-header bg-transparent py-3 d-flex flex-wrap gap-2 align-items-center justify-content-between">
        <h2 id="after-visit-title" className="h6 fw-bold mb-0">After the visit</h2>
        <PaymentStateBadge state={booking.paymentState} />
      </div>
      <div className="card-body">
        <div className="d-flex flex-wrap gap-2 align-items-center pb-2 border-bottom">
          <span className="text-body-secondary me-2" id="attendance-label">Visit</span>
          {canWrite ? (
            <div className="btn-group flex-wrap" role="group" aria-labelledby="attendance-label">
              {ATTENDANCE.map(([value, label]) => (
                <button key={value} type="button" aria-pressed={booking.attendance === value} className={`btn ${booking.attendance === value ? 'btn-secondary' : 'btn-outline-secondary'}`} disabled={busy !== undefined || booking.attendance === value || !markable(value)} onClick={() => void mark(value)}>
                  {busy === value ? 'Saving…' : label}
                </button>
              ))}
            </div>
          ) : (
            <span>{ATTENDANCE.find(([v]) => v === booking.attendance)?.[1] ?? 'Not recorded'}</span>
          )}
          {!started && booking.status === 'confirmed' && <span className="small text-body-secondary w-100">Attended and no-show can be marked once the visit has started.</span>}
        </div>
        {error && <div className="alert alert-danger py-2 mt-2" role="alert">{error}</div>}
        <FeeLine booking={booking} canWrite={canWrite} onChanged={onChanged} />
        <div className="py-2 border-bottom">
          <div className="fw-semibold">At the clinic</div>
          {booking.clinicPayment ? (
            <div className="small">{formatMoney(booking.clinicPayment.amountMinor, currency)} paid by {booking.clinicPayment.method === 'cash' ? 'cash' : 'card terminal'} on {formatDate(booking.clinicPayment.recordedAt)}.</div>
          ) : (booking.balanceDueMinor ?? 0) > 0 ? (
            <>
              <div className="small text-body-secondary mb-2">Balance due: {formatMoney(booking.balanceDueMinor ?? 0, currency)}</div>
              {canWrite && <ClinicPaymentForm booking={booking} onChanged={onChanged} />}
            </>
          ) : (
            <div className="small text-body-secondary">Nothing is due at the clinic.</div>
          )}
        </div>
        {canWrite && (feeLeft > 0 || paidLeft > 0) && (
          <div className="pt-2">
            <div className="fw-semibold mb-1">Refunds</div>
            {paidLeft > 0 && <RefundForm booking={booking} what="deposit" left={paidLeft} onChanged={onChanged} />}
            {feeLeft > 0 && <RefundForm booking={booking} what="fee" left={feeLeft} onChanged={onChanged} />}
          </div>
        )}
      </div>
    </section>
  );
}
