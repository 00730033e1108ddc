// How a package is paid (issue 36), in the package form: in full now (as every package before), a
// deposit now (a percentage or an amount) with the rest at the visit, nothing now with a card held for
// no-show and late-cancellation fees, or nothing online (paid at the clinic). Amounts are typed in the
// clinic's currency as the person writes numbers (a decimal comma works, as for the price); the server
// checks the whole again (functions/booking-packages/lib/payment-settings.ts).
import type { UseFormRegister, UseFormWatch } from 'react-hook-form';
import type { BookingPackageInput } from '#shared/bookings/schemas';
import type { BookingPackageView } from '../../../lib/booking-packages';
import { controlProps, Field } from '../../../components/field';
import { MoneyInput, moneyHint, moneyInputValue } from '../../../components/money-input';

export const PAYMENT_FIELDS = ['paymentMode', 'depositPercent', 'depositAmount', 'noShowFee', 'lateCancelFee', 'cancellationWindowHours'] as const;

const MODES = [
  { value: 'full', label: 'Paid in full when booking' },
  { value: 'deposit', label: 'Deposit when booking, the rest at the visit' },
  { value: 'card_on_file', label: 'Card held for fees, paid at the visit' },
  { value: 'at_clinic', label: 'Paid at the clinic (nothing online)' },
] as const;

/** The form's starting values of a package's payment settings (amounts as the person types them). */
export function paymentDefaults(p: BookingPackageView | undefined, locale: string) {
  const money = (minor: number | null | undefined) => (minor == null || !p ? '' : moneyInputValue(minor, p.currency, locale));
  return {
    paymentMode: p?.paymentMode ?? 'full',
    depositPercent: p?.depositPercent ?? null,
    depositAmount: money(p?.depositAmountMinor),
    noShowFee: money(p?.noShowFeeMinor),
    lateCancelFee: money(p?.lateCancelFeeMinor),
    cancellationWindowHours: p?.cancellationWindowHours ?? null,
  } as const;
}

/** A whole number input's value: blank is null (Number ignores surrounding spaces). */
const whole = (v: unknown) => (typeof v === 'number' ? v : v === '' || v == null ? null : Number(v));

export function PackagePaymentFields({ register, watch, error, currency, locale }: {
  register: UseFormRegister<BookingPackageInput>;
  watch: UseFormWatch<BookingPackageInput>;
  error: (name: (typeof PAYMENT_FIELDS)[number]) => string | undefined;
  currency: string;
  locale: string;
}) {
  const mode = watch('paymentMode') ?? 'full';
  const code = currency.toUpperCase();
  return (
    <>
      <div className="col-12">
        <h3 className="h6 fw-bold mb-1 mt-2">Payment</h3>
        <p className="small text-body-secondary mb-0">What patients pay when booking, what they pay at the visit, and what a held card may be charged. Patients see it before they book.</p>
      </div>
      <Field id="paymentMode" label="How it is paid" error={error('paymentMode')} className="col-md-6">
        <select {...register('paymentMode')} {...controlProps('paymentMode', error('paymentMode'), { base: 'form-select' })}>
          {MODES.map((m) => (
            <option key={m.value} value={m.value}>{m.label}</option>
          ))}
        </select>
      </Field>
      {mode === 'deposit' && (
        <>
          <Field id="depositPercent" label="Deposit (%)" error={error('depositPercent')} className="col-6 col-md-3" hint="A share of the price, or an amount.">
            <div className="input-group">
              <input {...register('depositPercent', { setValueAs: whole })} {...controlProps('depositPercent', error('depositPercent'))} type="number" inputMode="numeric" min={1} max={99} step={1} />
              <span className="input-group-text">%</span>
            </div>
          </Field>
          <Field id="depositAmount" label={`or deposit (${code})`} error={error('depositAmount')} className="col-6 col-md-3" hint={moneyHint(currency, { locale })}>
            <MoneyInput currency={currency} {...register('depositAmount')} {...controlProps('depositAmount', error('depositAmount'))} />
          </Field>
        </>
      )}
      {mode === 'card_on_file' && (
        <>
          <Field id="noShowFee" label={`No-show fee (${code})`} error={error('noShowFee')} className="col-6 col-md-4" hint="Charged to the held card when staff mark a no-show.">
            <MoneyInput currency={currency} {...register('noShowFee')} {...controlProps('noShowFee', error('noShowFee'))} />
          </Field>
          <Field id="lateCancelFee" label={`Late-cancellation fee (${code})`} error={error('lateCancelFee')} className="col-6 col-md-4" hint="Charged to the held card for a cancellation inside the window.">
            <MoneyInput currency={currency} {...register('lateCancelFee')} {...controlProps('lateCancelFee', error('lateCancelFee'))} />
          </Field>
        </>
      )}
      <Field id="cancellationWindowHours" label="Cancellation window" error={error('cancellationWindowHours')} className="col-6 col-md-4" hint="Cancelling less than this before the visit is late. Blank: none.">
        <div className="input-group">
          <input {...register('cancellationWindowHours', { setValueAs: whole })} {...controlProps('cancellationWindowHours', error('cancellationWindowHours'))} type="number" inputMode="numeric" min={0} max={720} step={1} />
          <span className="input-group-text">hours</span>
        </div>
      </Field>
    </>
  );
}
