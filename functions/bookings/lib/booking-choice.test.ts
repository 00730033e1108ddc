// create-booking's first step, its pure parts: the page after paying (successUrlOf) and the held
// booking a choice makes (heldBooking). The reads and refusals of checkChoice run against the local
// stack in test/integration/bookings.test.ts ('refuses inactive and deleted packages', 'refuses a past
// date, a closed day, ...') and test/integration/practitioners.test.ts.
import { describe, expect, it } from 'vitest';
import type { AvailabilityRules } from '#shared/bookings/slots';
import { config } from '#lib/config';
import type { BookingPackageRecord } from '../../data/booking-packages';
import type { Organization } from '../../data/organizations';
import { heldBooking, successUrlOf, type BookingChoice, type BookingRequest } from './booking-choice';
import { releaseTokenHash } from './release-token';

const nine = [{ start: '09:00', end: '17:00' }];
const week = { monday: nine, tuesday: nine, wednesday: nine, thursday: nine, friday: nine, saturday: [], sunday: [] };
const rules: AvailabilityRules = { timeZone: 'Asia/Tokyo', weeklyHours: week, slotMinutes: 45, capacity: 2, closedDates: [], minNoticeMinutes: 0, maxDaysAhead: 365 };
const pkg = { id: 'pkg1', orgId: 'org1', packageName: 'Shiatsu', packagePriceCents: 5000, currency: 'jpy', redirectionUrl: '' } as BookingPackageRecord;
const org = { id: 'org1', name: 'Clinic' } as Organization;
const slot = { time: '10:00', startUtc: '2030-01-07T01:00:00.000Z', endUtc: '2030-01-07T01:45:00.000Z' };
const body = {
  apiKey: 'pk_1', packageId: 'pkg1', firstName: 'Aki', lastName: 'Sato', email: 'aki@example.com', phoneNumber: '+81312345678',
  bookingDate: '2030-01-07', bookingTime: '10:00', locale: 'ja',
} as unknown as BookingRequest;
const now = new Date('2030-01-01T00:00:00.000Z');

describe('successUrlOf', () => {
  it("sends the patient to the package's own address, a path of this site on this site, else the booking page's success", () => {
    expect(successUrlOf('pk_1', 'https://clinic.example/thanks', 'fr')).toBe('https://clinic.example/thanks');
    expect(successUrlOf('pk_1', '/thanks', 'fr')).toBe(`${config.appUrl}/thanks`);
    const page = `${config.appUrl}/booking/pk_1?payment=success&lang=fr&session_id={CHECKOUT_SESSION_ID}`;
    expect(successUrlOf('pk_1', '', 'fr')).toBe(page);
    // Stored before the rule and no longer allowed (another site's address without a scheme): the page's own.
    expect(successUrlOf('pk_1', '//evil.example.com', 'fr')).toBe(page);
    expect(successUrlOf('pk_1', 'javascript:alert(1)', undefined)).toBe(`${config.appUrl}/booking/pk_1?payment=success&session_id={CHECKOUT_SESSION_ID}`);
  });
});

describe('heldBooking', () => {
  it("a clinic-wide hold: the package's price and currency, the slot's time, the clinic's slot length, held for 10 minutes", () => {
    const choice: BookingChoice = { org, pkg, rules, chosen: undefined, slot, locale: undefined };
    const b = heldBooking(choice, body, now, 'b1', 'token-1');
    expect(b).toMatchObject({
      id: 'b1', orgId: 'org1', packageId: 'pkg1', packageName: 'Shiatsu', priceCents: 5000, currency: 'jpy',
      bookingDate: '2030-01-07', bookingTime: '10:00', timeZone: 'Asia/Tokyo', startUtc: slot.startUtc, endUtc: slot.endUtc,
      durationMinutes: 45, practitionerId: null, practitionerName: null, status: 'held', paymentStatus: 'pending',
      holdExpiresAt: '2030-01-01T00:10:00.000Z', stripeSessionId: null, createdAt: now.toISOString(),
    });
    // The token itself is never stored: only its hash.
    expect(b.releaseTokenHashes).toEqual([releaseTokenHash('token-1')]);
    expect(JSON.stringify(b)).not.toContain('token-1');
    expect(b).not.toHaveProperty('locale');
    expect(b).not.toHaveProperty('bufferBeforeMinutes');
  });

  it("a practitioner's hold: who, the package's own duration and buffers, the patient's language", () => {
    const timing = { durationMinutes: 50, gridMinutes: null, bufferBeforeMinutes: 5, bufferAfterMinutes: 10, minNoticeMinutes: 0, maxDaysAhead: 365 };
    const choice: BookingChoice = { org, pkg: { ...pkg, currency: undefined }, rules, chosen: { slot, timing, candidates: [] }, slot, locale: 'es' };
    const b = heldBooking(choice, body, now, 'b2', 't', { id: 'p1', name: 'Dr Ito' });
    expect(b).toMatchObject({ practitionerId: 'p1', practitionerName: 'Dr Ito', durationMinutes: 50, bufferBeforeMinutes: 5, bufferAfterMinutes: 10, locale: 'es' });
    // A package from before currencies is priced in US dollars.
    expect(b.currency).toBe('usd');
  });
});
