// The booking page's confirmation after paying (POST /bookings/confirmation): Checkout sends the
// patient back with its session id; before the payment the booking is 'pending', once the local
// checkout's payment event confirms it the answer carries a manage link that opens it and its
// calendar file; an unknown session, or another organisation's apiKey, finds nothing.
import { describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { eventually } from '../support/eventually';
import { expireLocalCheckout, payLocalCheckout, sessionIdOf } from '../support/stripe';
import { ZONE, dayAhead, everyDay, holdBooking, newClinic } from './booking-support';

const UNKNOWN = 'We could not find this booking. Please check your email for the confirmation.';

const confirmation = (apiKey: string, sessionId: string) => api('POST', '/bookings/confirmation', { body: { apiKey, sessionId } });

describe('POST /bookings/confirmation', () => {
  it("is pending before the payment, then confirmed with what, when and where, a manage link that opens the booking, and the .ics", async () => {
    const clinic = await newClinic('confirm');
    const profile = await api('PATCH', '/organization/profile', { token: clinic.owner.token, body: { address: '1 Main Street\nSpringfield' } });
    expect(profile.status).toBe(200);
    const date = dayAhead(5);
    const held = await holdBooking(clinic, date, '11:00');
    const sessionId = sessionIdOf(held.checkoutUrl);

    const before = await confirmation(clinic.apiKey, sessionId);
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({
      status: 'pending', packageName: 'Consultation', date, time: '11:00', timeZone: ZONE, durationMinutes: 60, practitionerName: null,
      clinic: { name: 'confirm Clinic', address: '1 Main Street\nSpringfield' },
    });
    expect(before.body.data.bookingTimeLabel).toMatch(/ at 11:00 AM E[SD]T$/);
    expect(before.body.data.manageUrl).toBeUndefined();
    expect(before.body.data.ics).toBeUndefined();

    // The local checkout sends the patient back with the session's id in place of Stripe's placeholder.
    const back = new URL((await payLocalCheckout(held.checkoutUrl, held.email))!);
    expect(back.pathname).toBe(`/booking/${clinic.apiKey}`);
    expect(back.searchParams.get('payment')).toBe('success');
    expect(back.searchParams.get('session_id')).toBe(sessionId);

    const after = await eventually(async () => {
      const res = await confirmation(clinic.apiKey, sessionId);
      return res.body.data?.status === 'confirmed' ? res : undefined;
    }, 'the booking confirmed');
    const data = after.body.data;
    expect(data.clinic.phoneNumber).toMatch(/^\+\d+/);
    expect(data.ics).toContain('BEGIN:VCALENDAR');
    expect(data.ics).toContain(`DTSTART:${held.startUtc.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    expect(data.ics).toContain('SUMMARY:Consultation with confirm Clinic');
    const token = /\/manage#([A-Za-z0-9_-]{43})$/.exec(data.manageUrl)?.[1];
    expect(token).toBeDefined();
    const opened = await api('POST', '/public/manage/booking', { body: { token } });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ bookingId: held.id, status: 'confirmed', bookingDate: date, bookingTime: '11:00' });

    // Each answer mints its own link; both open the same booking.
    const again = await confirmation(clinic.apiKey, sessionId);
    expect(again.body.data.manageUrl).not.toBe(data.manageUrl);
  });

  it("names the practitioner of a booking with one, and the package's own length", async () => {
    const clinic = await newClinic('confirmpr');
    const token = clinic.owner.token;
    const pr = await api('POST', '/practitioners', { token, body: { name: 'Dr Ana Ruiz', title: 'Physiotherapist', weeklyHours: everyDay('08:00', '18:00') } });
    expect(pr.status).toBe(201);
    const pkg = await api('POST', '/bookings/packages', { token, body: { packageName: 'Physio', packagePrice: 60, durationMinutes: 45, practitionerIds: [pr.body.data.id] } });
    expect(pkg.status).toBe(201);
    const date = dayAhead(4);
    const held = await api('POST', '/bookings/create-booking', {
      body: { firstName: 'Pat', lastName: 'Visitor', email: 'pat.confirm@example.com', phoneNumber: '+15551234567', bookingDate: date, bookingTime: '09:30', apiKey: clinic.apiKey, packageId: pkg.body.data.id, practitionerId: 'any' },
    });
    expect(held.status).toBe(201);
    const sessionId = sessionIdOf(held.body.data.checkoutUrl);
    await payLocalCheckout(held.body.data.checkoutUrl, 'pat.confirm@example.com');
    const res = await eventually(async () => {
      const r = await confirmation(clinic.apiKey, sessionId);
      return r.body.data?.status === 'confirmed' ? r : undefined;
    }, 'the booking confirmed');
    // Times every 45 minutes from the practitioner's 08:00.
    expect(res.body.data).toMatchObject({ packageName: 'Physio', durationMinutes: 45, practitionerName: 'Dr Ana Ruiz', date, time: '09:30' });
    // No address given: none shown.
    expect(res.body.data.clinic).not.toHaveProperty('address');
  });

  it('says expired when the checkout ran out before paying', async () => {
    const clinic = await newClinic('confirmexp');
    const held = await holdBooking(clinic, dayAhead(6), '09:00');
    expect(await expireLocalCheckout(sessionIdOf(held.checkoutUrl))).toBe(200);
    const res = await eventually(async () => {
      const r = await confirmation(clinic.apiKey, sessionIdOf(held.checkoutUrl));
      return r.body.data?.status === 'expired' ? r : undefined;
    }, 'the booking expired');
    expect(res.body.data.manageUrl).toBeUndefined();
    expect(res.body.data.ics).toBeUndefined();
  });

  it("answers 404 for an unknown session and for another organisation's session, 400 for no session id", async () => {
    const [clinic, other] = await Promise.all([newClinic('confirm404'), newClinic('confirmother')]);
    const held = await holdBooking(clinic, dayAhead(7), '10:00');
    const sessionId = sessionIdOf(held.checkoutUrl);

    const unknown = await confirmation(clinic.apiKey, 'cs_test_nosuchsession');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(UNKNOWN);

    const elsewhere = await confirmation(other.apiKey, sessionId);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe(UNKNOWN);
    expect(JSON.stringify(elsewhere.body)).not.toContain('Consultation');

    const badKey = await confirmation('pk_not_a_real_key_000000', sessionId);
    expect(badKey.status).toBe(404);

    const missing = await api('POST', '/bookings/confirmation', { body: { apiKey: clinic.apiKey } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(UNKNOWN);

    // The owner's session is still found with the right key.
    expect((await confirmation(clinic.apiKey, sessionId)).body.data.status).toBe('pending');
  });
});
