// A failed refund's correction, without a table: what a record counts of it (all, or nothing and the
// event handed back while its charge.refunded may still come), and a correction whose record keeps
// moving failing the event (delivered again) instead of being marked processed with nothing corrected.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentTargetMissing, type FailedRefund } from './contract';

const store = vi.hoisted(() => ({ recorded: false, writes: 0 }));
vi.mock('../../data/refund-failures', () => ({
  refundFailureRecorded: () => Promise.resolve(store.recorded),
  refundFailureItem: () => ({}),
}));
vi.mock('../../data/core', async (original) => ({
  ...(await original<typeof import('../../data/core')>()),
  // Every write finds its record moved meanwhile (a condition failed).
  tryTransact: () => {
    store.writes++;
    return Promise.resolve(false);
  },
}));

const { countedOf, recordRefundFailure, RECORD_WAIT_MS } = await import('./refund-failed');

const NOW = Date.parse('2026-11-29T12:00:00Z');
const refund = (createdAt: number, failedAt = NOW): FailedRefund => ({
  refundId: 're_1', paymentIntentId: 'pi_1', amount: 1500, currency: 'usd', status: 'failed', reason: 'declined', metadata: {}, createdAt, failedAt,
});

beforeEach(() => {
  store.recorded = false;
  store.writes = 0;
});

describe('countedOf', () => {
  it('counts the whole refund once the record counts at least it', () => {
    expect(countedOf(refund(NOW), 1500, 'booking b', {}, NOW)).toBe(1500);
    expect(countedOf(refund(NOW), 4950, 'booking b', {}, NOW)).toBe(1500);
  });

  it('hands the failure back while the refund is not recorded and its charge.refunded can still come', () => {
    expect(() => countedOf(refund(NOW - 60_000), 0, 'booking b', {}, NOW)).toThrow(PaymentTargetMissing);
    // Less than the refund counted: other refunds, not this one (never a part of it taken back).
    expect(() => countedOf(refund(NOW - 60_000), 1000, 'booking b', {}, NOW)).toThrow('Refund re_1 recorded on booking b does not exist yet');
  });

  it('counts nothing once Stripe no longer delivers its charge.refunded (no endless retry)', () => {
    expect(countedOf(refund(NOW - RECORD_WAIT_MS - 1), 1000, 'booking b', {}, NOW)).toBe(0);
  });

  describe("with Stripe's time of the total the record holds", () => {
    const made = NOW - 60_000;
    it('counts it when the total is from between the refund and its failure (the same seconds included)', () => {
      expect(countedOf(refund(made), 2500, 'booking b', { refundAt: made + 1000 }, NOW)).toBe(1500);
      expect(countedOf(refund(made), 2500, 'booking b', { refundAt: made }, NOW)).toBe(1500);
      expect(countedOf(refund(made), 2500, 'booking b', { refundAt: NOW }, NOW)).toBe(1500);
    });

    it('waits while the total is from before the refund, even when it is more than the refund (other refunds)', () => {
      expect(() => countedOf(refund(made), 2500, 'booking b', { refundAt: made - 1000 }, NOW)).toThrow(PaymentTargetMissing);
    });

    it('counts nothing when the total is from after the failure: Stripe left the refund out of it', () => {
      expect(countedOf(refund(made), 2500, 'booking b', { refundAt: NOW + 1000 }, NOW)).toBe(0);
    });
  });
});

describe('recordRefundFailure', () => {
  it('fails the event when its record moved on every try, rather than dropping the correction', async () => {
    await expect(recordRefundFailure(refund(NOW), 'booking', () => Promise.resolve([]))).rejects.toThrow('kept moving');
    expect(store.writes).toBe(3);
  });

  it('writes nothing for a failure recorded already (the other event, or a repeat)', async () => {
    store.recorded = true;
    const build = vi.fn(() => Promise.resolve([]));
    await recordRefundFailure(refund(NOW), 'booking', build);
    expect(build).not.toHaveBeenCalled();
    expect(store.writes).toBe(0);
  });
});
