// What a booking costs and when (issue 36), said plainly before the patient commits and again on the
// confirmation: what is paid now, what is due at the clinic, and what may be charged to a card held
// (no-show, late cancellation, the cancellation window), in the page's language and the clinic's
// currency. A package paid in full shows nothing new: its price is in the package's card, as before.
// A booking that no longer goes ahead (cancelled, expired, marked absent: the manage page) has nothing due
// at the clinic, and neither the fees nor the cancellation window speak to the patient any more.
import type { PaymentPolicy } from '#shared/bookings/payment-policy';
import { currencyOf, formatMoney } from '#shared/currency';
import { useI18n, type Translate } from '../../i18n/i18n';

/** The card held ('Card held: Visa ending in 4242'), when there is one. */
const cardLines = (t: Translate, card?: { brand: string; last4: string }): string[] =>
  card ? [t('pay.card', { brand: card.brand.charAt(0).toUpperCase() + card.brand.slice(1), last4: card.last4 })] : [];

/** The card held, and what it may be charged: the same for one booking and for each visit of a series. */
export function cardAndFeeLines(t: Translate, policy: PaymentPolicy, money: (minor: number) => string, card?: { brand: string; last4: string }): string[] {
  const lines = cardLines(t, card);
  if (policy.noShowFeeMinor != null) lines.push(t('pay.noShowFee', { fee: money(policy.noShowFeeMinor) }));
  if (policy.lateCancelFeeMinor != null && policy.cancellationWindowHours != null) lines.push(t('pay.lateCancelFee', { hours: policy.cancellationWindowHours, fee: money(policy.lateCancelFeeMinor) }));
  else if (policy.cancellationWindowHours != null) lines.push(t('pay.window', { hours: policy.cancellationWindowHours }));
  return lines;
}

export function PaymentSummary({ policy, currency, done, card, ended }: {
  policy: PaymentPolicy;
  currency: string;
  /** After booking: what was paid, and the card held. */
  done?: boolean;
  card?: { brand: string; last4: string };
  /** The booking no longer goes ahead (shared/bookings/goes-ahead.ts: cancelled, expired, marked absent): what was paid and the card only. */
  ended?: boolean;
}) {
  const { t, intl } = useI18n();
  if (policy.mode === 'full' && !done) return null;
  const money = (minor: number) => formatMoney(minor, currencyOf(currency), intl);
  const lines: string[] = [];
  if (policy.dueNowMinor > 0) lines.push(t(done ? 'pay.paidNow' : 'pay.dueNow', { amount: money(policy.dueNowMinor) }));
  else lines.push(t(policy.mode === 'card_on_file' && !done ? 'pay.cardNow' : 'pay.nothingNow'));
  if (ended) lines.push(...cardLines(t, card));
  else {
    if (policy.dueAtVisitMinor > 0) lines.push(t('pay.dueAtVisit', { amount: money(policy.dueAtVisitMinor) }));
    lines.push(...cardAndFeeLines(t, policy, money, card));
  }
  return (
    <ul className="list-unstyled small mb-0" data-testid="payment-summary">
      {lines.map((line) => (
        <li key={line} className="mb-1">{line}</li>
      ))}
    </ul>
  );
}
