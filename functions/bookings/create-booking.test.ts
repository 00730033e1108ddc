// create-booking's last step, the reply: the held booking's time, its checkout and its price once, in
// minor units of its currency (docs/conventions.md "Money in replies"), as the reply schema allows. The
// steps before it have their own tests (lib/booking-choice.test.ts, lib/open-checkout.test.ts,
// lib/take-place.test.ts) and the whole handler runs in test/integration/bookings.test.ts.
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createBookingReply } from '#shared/bookings/schemas';
import type { BookingRecord } from '../data/bookings';
import { heldReply } from './create-booking';

const booking = {
  id: 'b1', holdExpiresAt: '2030-01-01T00:10:00.000Z', bookingDate: '2030-01-07', bookingTime: '10:00', timeZone: 'Asia/Tokyo',
  startUtc: '2030-01-07T01:00:00.000Z', packageName: 'Shiatsu', priceCents: 5000, currency: 'jpy', practitionerId: 'p1', practitionerName: 'Dr Ito',
} as BookingRecord;

describe('heldReply', () => {
  it('carries the sum once, in minor units with its currency, and matches the reply schema exactly', () => {
    const data = heldReply(booking, 'https://checkout/cs_1', 'token');
    expect(data).toMatchObject({ checkoutUrl: 'https://checkout/cs_1', bookingId: 'b1', releaseToken: 'token', amountMinor: 5000, currency: 'jpy', practitionerName: 'Dr Ito' });
    expect(Object.keys(data).filter((k) => /amount|price/i.test(k))).toEqual(['amountMinor']);
    expect(z.parse(z.strictObject(createBookingReply.shape), data)).toEqual(data);
  });

  it('a clinic-wide booking from before currencies: no practitioner (null, never absent), priced in US dollars', () => {
    const data = heldReply({ ...booking, practitionerId: undefined, practitionerName: undefined, currency: undefined } as unknown as BookingRecord, 'u', 't');
    expect(data).toMatchObject({ practitionerId: null, practitionerName: null, amountMinor: 5000, currency: 'usd' });
  });
});
