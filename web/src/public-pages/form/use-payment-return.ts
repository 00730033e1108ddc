// The way back from the payment: how it ended (from this tab's address, Stripe's return, or told by the
// tab the payment was in) and, back without paying, the checkout left open in this tab to pay it after all.
import { useEffect, useState } from 'react';
import { useLatest } from '../../lib/use-latest';

/**
 * The checkout a visitor left unpaid, kept in this tab (issue 34: Checkout opens in the same tab): back
 * through its cancel address, the page offers it again instead of a second submission of the form.
 */
const CHECKOUT_KEEP_MS = 30 * 60_000;
const checkoutKey = (formId: string) => `clinic.form.checkout.${formId}`;
export function keepCheckout(formId: string, url: string | undefined) {
  try {
    if (url) window.sessionStorage.setItem(checkoutKey(formId), JSON.stringify({ url, until: Date.now() + CHECKOUT_KEEP_MS }));
    else window.sessionStorage.removeItem(checkoutKey(formId));
  } catch {
    // Storage refused: the form can still be filled in and paid again.
  }
}
function keptCheckout(formId: string): string | undefined {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(checkoutKey(formId)) ?? 'null') as { url: string; until: number } | null;
    return kept && kept.until > Date.now() ? kept.url : undefined;
  } catch {
    return undefined;
  }
}

export type PaymentOutcome = 'success' | 'cancelled';

/**
 * Stripe sends the visitor back (?payment=...) to a page of its own: it tells any other tab of the form
 * (one opened before), which otherwise would wait on 'Redirecting to payment page...'.
 */
function paymentChannel(formId: string): BroadcastChannel | undefined {
  return typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(`form-payment:${formId}`);
}

function usePaymentOutcome(formId: string, fromUrl: string | null, onOutcome: (outcome: PaymentOutcome) => void) {
  const handler = useLatest(onOutcome);
  useEffect(() => {
    const channel = paymentChannel(formId);
    if (!channel) return;
    if (fromUrl === 'success' || fromUrl === 'cancelled') channel.postMessage(fromUrl);
    channel.onmessage = (event: MessageEvent) => {
      const told: unknown = event.data;
      if (told === 'success' || told === 'cancelled') handler.current(told);
    };
    return () => channel.close();
  }, [formId, fromUrl, handler]);
}

/**
 * `payment`: the query's (Stripe's return). `onEnded` runs when another tab says how its payment ended
 * (the page clears its notices; a paid one its form); `onShownAgain` when the browser shows this page
 * again from its back/forward cache, as it was when the visitor left for the checkout.
 */
export function usePaymentReturn(formId: string, payment: string | null, onEnded: (ended: PaymentOutcome) => void, onShownAgain?: () => void) {
  /** How the payment ended: from this tab's address (Stripe's return) or from the payment tab. */
  const [outcome, setOutcome] = useState<PaymentOutcome | undefined>(() => (payment === 'success' || payment === 'cancelled' ? payment : undefined));
  /**
   * Back without paying: the checkout left open (this tab's), to pay it after all. Through Stripe's
   * cancel address, or with the back button (no ?payment=): then the visitor filled the form in again
   * and paid a second lead, the first left pending.
   */
  const [unpaid, setUnpaid] = useState(() => (payment === 'success' ? undefined : keptCheckout(formId)));
  useEffect(() => {
    if (payment === 'success') keepCheckout(formId, undefined);
  }, [payment, formId]);
  const shownAgain = useLatest(onShownAgain);
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setUnpaid(keptCheckout(formId));
      shownAgain.current?.();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [formId, shownAgain]);
  usePaymentOutcome(formId, payment, (ended) => {
    // Paid in another tab: nothing left to offer here, now or after a reload.
    if (ended === 'success') {
      keepCheckout(formId, undefined);
      setUnpaid(undefined);
    }
    setOutcome(ended);
    onEnded(ended);
  });
  return { outcome, unpaid, clearOutcome: () => setOutcome(undefined) };
}
