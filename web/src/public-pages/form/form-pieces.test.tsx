// The public form's pieces on their own: its notices, and the hooks for the uploads and the way back
// from the payment.
import { act, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { idempotencyKeys } from '../../lib/idempotency';
import { mockApi, renderAt } from '../../testing/render';
import { FormNotices } from './components/form-notices';
import { useFormUploads } from './use-form-uploads';
import { keepCheckout, usePaymentReturn } from './use-payment-return';

describe('FormNotices', () => {
  it('offers the checkout left open after a cancelled payment, and a link for a redirect the browser blocked', async () => {
    renderAt(<FormNotices outcome="cancelled" unpaid="https://checkout.example.com/cs_1" blockedLink="https://clinic.example.com/thanks" />);
    expect(await screen.findByRole('button', { name: 'Return to payment' })).toBeInTheDocument();
    expect(screen.getByRole('link')).toHaveAttribute('href', 'https://clinic.example.com/thanks');
  });

  it('offers a checkout left open without an outcome too (back with the back button, not through Stripe)', async () => {
    renderAt(<FormNotices unpaid="https://checkout.example.com/cs_1" />);
    expect(await screen.findByRole('status')).toHaveTextContent('The payment for this form was not completed.');
    expect(screen.getByRole('button', { name: 'Return to payment' })).toBeInTheDocument();
  });

  it('says a payment was received, and shows nothing without an outcome', async () => {
    const { unmount } = renderAt(<FormNotices outcome="success" />);
    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your payment.');
    unmount();
    const { container } = renderAt(<FormNotices />);
    expect(container.querySelector('.alert')).toBeNull();
  });
});

describe('useFormUploads', () => {
  it('waits for an upload still out and answers its stored key; a failed one answers empty', async () => {
    mockApi({ 'POST /api/leads/forms/form-1/files': { status: 200, body: { message: 'OK', data: { key: 'uploads/f1.pdf' } } } });
    const { result } = renderHook(() => useFormUploads('form-1', 'pk', idempotencyKeys()));
    expect(result.current.inFlight()).toBe(false);
    const sent = result.current.upload('f1', new File(['x'], 'f1.pdf', { type: 'application/pdf' }));
    expect(result.current.inFlight()).toBe(true);
    expect(await result.current.settle()).toEqual({ f1: 'uploads/f1.pdf' });
    await expect(sent).resolves.toBe('uploads/f1.pdf');
    expect(result.current.inFlight()).toBe(false);
  });
});

describe('usePaymentReturn', () => {
  it("reads the outcome from the address, offers the kept checkout after a cancel, and forgets it once paid", () => {
    keepCheckout('form-1', 'https://checkout.example.com/cs_1');
    const cancelled = renderHook(() => usePaymentReturn('form-1', 'cancelled', vi.fn()));
    expect(cancelled.result.current.outcome).toBe('cancelled');
    expect(cancelled.result.current.unpaid).toBe('https://checkout.example.com/cs_1');
    act(() => cancelled.result.current.clearOutcome());
    expect(cancelled.result.current.outcome).toBeUndefined();

    renderHook(() => usePaymentReturn('form-1', 'success', vi.fn()));
    const later = renderHook(() => usePaymentReturn('form-1', 'cancelled', vi.fn()));
    expect(later.result.current.unpaid).toBeUndefined();
    const none = renderHook(() => usePaymentReturn('form-1', null, vi.fn()));
    expect(none.result.current.outcome).toBeUndefined();
  });

  it('shown again from the back/forward cache: reads the kept checkout again and tells the page (its notice of before is stale)', () => {
    const shownAgain = vi.fn();
    const hook = renderHook(() => usePaymentReturn('form-1', null, vi.fn(), shownAgain));
    expect(hook.result.current.unpaid).toBeUndefined();
    // The page left for the checkout (kept meanwhile), then came back as it was.
    keepCheckout('form-1', 'https://checkout.example.com/cs_2');
    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    expect(hook.result.current.unpaid).toBe('https://checkout.example.com/cs_2');
    expect(shownAgain).toHaveBeenCalledTimes(1);
    // A fresh load is not a return from the cache.
    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false })));
    expect(shownAgain).toHaveBeenCalledTimes(1);
  });
});
