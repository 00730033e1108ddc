import { describe, expect, it } from 'vitest';
import type { BookingRecord } from '../../data/bookings';
import { checkoutItem } from './payment-text';

const booking = {
  id: 'bk_1', orgId: 'org_1', packageId: 'pkg_1', packageName: 'Consultation', priceCents: 5000, currency: 'usd',
  bookingDate: '2026-12-09', bookingTime: '14:30', timeZone: 'America/New_York', startUtc: '2026-12-09T19:30:00.000Z', endUtc: '2026-12-09T20:00:00.000Z',
} as BookingRecord;

describe("a held booking's checkout item (what Stripe's page shows the patient)", () => {
  it('names the package at the clinic and the visit as the mails write it, in English without a locale', () => {
    expect(checkoutItem(booking, 'Sunny Clinic')).toEqual({ productName: 'Consultation (Sunny Clinic)', description: 'Wednesday, December 9, 2026 at 2:30 PM EST' });
  });

  it("in the patient's language, with whom, and the deposit as the product when the policy takes one", () => {
    const item = checkoutItem({ ...booking, locale: 'es', practitionerName: 'Dra. Ana Ruiz', paymentPolicy: { mode: 'deposit' } } as BookingRecord, 'Clínica Sol');
    expect(item.description).toMatch(/^miércoles, 9 de diciembre de 2026 a las 14:30 .+ · Con Dra\. Ana Ruiz$/);
    expect(item.productName).toMatch(/Consultation.*\(Clínica Sol\)$/);
    expect(item.productName).not.toBe('Consultation (Clínica Sol)');
    const arabic = checkoutItem({ ...booking, locale: 'ar' }, 'Sunny Clinic').description;
    expect(arabic).toContain('الساعة');
    expect(arabic).not.toContain('2026-12-09');
  });

  it("keeps within Stripe's limits (a product name of 250 characters)", () => {
    expect(checkoutItem({ ...booking, packageName: 'x'.repeat(300) }, 'Sunny Clinic').productName).toHaveLength(250);
  });
});
