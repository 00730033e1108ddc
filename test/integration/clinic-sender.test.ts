// Issue 34: a patient's mail comes from the clinic (its name on our own sending address) and a reply
// reaches the clinic (Reply-To its contact email), in the local SES inbox as SES would send it; staff
// mails (sign-up codes) stay the product's. The calendar file says where the visit is.
import { describe, expect, it } from 'vitest';
import { api, mailsTo, waitForMails } from '../support/api';
import { dayAhead, newClinic, paidBooking } from './booking-support';

/** The display name of a From header as a mail client shows it (RFC 2047 encoded-words decoded). */
const displayName = (from: string) =>
  from
    .slice(0, from.lastIndexOf(' <'))
    .replace(/\?= =\?/g, '?==?')
    .replace(/=\?UTF-8\?B\?([^?]*)\?=/g, (_, b64: string) => Buffer.from(b64, 'base64').toString('utf8'))
    .replace(/^"|"$/g, '');

describe("the sender of a clinic's mails to patients", () => {
  it("names the clinic (non-ASCII, RFC 2047), replies go to its contact email, the .ics has its address; staff mail is unchanged", async () => {
    const clinic = await newClinic('sender');
    const token = clinic.owner.token;
    const saved = await api('PATCH', '/organization/profile', {
      token,
      body: { name: 'Clínica "Sol" Süd', email: 'Recepcion@clinica-sol.example', address: 'Calle Mayor 5\n28013 Madrid' },
    });
    expect(saved.status).toBe(200);

    const booking = await paidBooking(clinic, dayAhead(5), '10:00');
    const [confirmation] = await waitForMails(booking.email);
    expect(confirmation.subject).toMatch(/^Booking confirmed: Consultation/);
    expect(confirmation.from).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=(?: =\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=)* <no-reply@clinic-suite\.local>$/);
    expect(displayName(confirmation.from)).toBe('Clínica Sol Süd');
    expect(confirmation.replyTo).toEqual(['recepcion@clinica-sol.example']);
    const ics = Buffer.from(confirmation.attachments.find((a) => a.filename === 'booking.ics')!.content, 'base64').toString('utf8').replace(/\r\n /g, '');
    expect(ics).toContain('\r\nLOCATION:Clínica "Sol" Süd\\, Calle Mayor 5\\, 28013 Madrid\r\n');

    // A staff mail (the owner's sign-up code) still comes from the product, with no Reply-To.
    const [code] = await mailsTo(clinic.owner.email);
    expect(code.from).toBe('Clinic Suite <no-reply@clinic-suite.local>');
    expect(code.replyTo).toEqual([]);

    // An ASCII name is a quoted display name; a cancellation by staff goes the same way.
    expect((await api('PATCH', '/organization/profile', { token, body: { name: 'Sunrise Physio Berlin' } })).status).toBe(200);
    expect((await api('POST', `/bookings/booking/${booking.id}/cancel`, { token })).status).toBe(200);
    const cancellation = (await waitForMails(booking.email, 2))[1];
    expect(cancellation.from).toBe('"Sunrise Physio Berlin" <no-reply@clinic-suite.local>');
    expect(cancellation.replyTo).toEqual(['recepcion@clinica-sol.example']);
    expect(cancellation.body.text).toContain('Sunrise Physio Berlin cancelled your booking for Consultation on ');
  });
});
