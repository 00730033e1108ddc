// The clinic's mails in its own layout (issue 26): the owner uploads a logo and picks a colour in the
// organisation page; a booking's confirmation and cancellation, captured by the local SES stand-in,
// carry an HTML part with the clinic's name, logo and colour next to the unchanged text part (and the
// cancellation still its METHOD:CANCEL calendar file). Saving reminder settings says so.
import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_BRAND_COLOR } from '#shared/brand';
import { api, signUpOwner, waitForMails } from '../support/api';
import { addMember, perms } from '../support/members';
import { PNG } from './appointments-support';
import { dayAhead, newClinic, paidBooking } from './booking-support';

const logoForm = (bytes: Buffer | string, type = 'image/png', name = 'logo.png') => {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
  return form;
};

/** The stand-in keeps a mail's parts as sent; attachments as base64. */
const attachmentText = (mail: { attachments: { filename?: string; content: string }[] }, name: string) =>
  Buffer.from(mail.attachments.find((a) => a.filename === name)!.content, 'base64').toString('utf8');

describe('mail branding', () => {
  it('uploads, replaces and removes the logo: PNG or JPEG, owner only, at most 1 MB', async () => {
    const owner = await signUpOwner('logo');
    expect((await api('GET', '/organization/profile', { token: owner.token })).body.data).toMatchObject({ logoKey: null, brandColor: DEFAULT_BRAND_COLOR });
    expect((await api('POST', '/organization/logo', { form: logoForm(PNG) })).status).toBe(401);
    const member = await addMember(owner, perms({ Members: 'rwd' }));
    expect((await api('POST', '/organization/logo', { token: member.token, form: logoForm(PNG) })).status).toBe(403);
    expect((await api('DELETE', '/organization/logo', { token: member.token })).status).toBe(403);

    const up = await api('POST', '/organization/logo', { token: owner.token, form: logoForm(PNG) });
    expect(up.status).toBe(200);
    expect(up.body.message).toBe('The logo is saved.');
    const key = up.body.data.logoKey as string;
    expect(key).toMatch(new RegExp(`^org/${owner.orgId}/branding/.+\\.png$`));
    const served = await fetch(`${inject('appUrl')}/assets/${key}`);
    expect(served.headers.get('content-type')).toBe('image/png');

    // SVG, GIF and files that only claim to be images are refused; so is a file over 1 MB.
    const svg = await api('POST', '/organization/logo', { token: owner.token, form: logoForm('<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml', 'logo.svg') });
    expect(svg.status).toBe(415);
    expect(svg.body.message).toBe('This file type is not allowed. Allowed: png, jpg.');
    expect((await api('POST', '/organization/logo', { token: owner.token, form: logoForm(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'image/gif', 'a.gif') })).status).toBe(415);
    const big = await api('POST', '/organization/logo', { token: owner.token, form: logoForm(Buffer.concat([PNG, Buffer.alloc(1024 * 1024)])) });
    expect(big.status).toBe(400);
    expect(big.body.message).toBe('The file is too large (at most 1 MB).');
    expect((await api('GET', '/organization/profile', { token: owner.token })).body.data.logoKey).toBe(key);

    // A new logo replaces the old one, whose file goes.
    const again = await api('POST', '/organization/logo', { token: owner.token, form: logoForm(PNG) });
    expect(again.body.data.logoKey).not.toBe(key);
    expect((await fetch(`${inject('appUrl')}/assets/${key}`)).status).toBe(404);

    const removed = await api('DELETE', '/organization/logo', { token: owner.token });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('The logo is removed.');
    expect(removed.body.data.logoKey).toBeNull();
    expect((await fetch(`${inject('appUrl')}/assets/${again.body.data.logoKey}`)).status).toBe(404);
    expect((await api('GET', '/organization/profile', { token: owner.token })).body.data.logoKey).toBeNull();
  });

  it('saves the brand colour (hex only) and names what each save saved', async () => {
    const owner = await signUpOwner('brandcolour');
    const bad = await api('PATCH', '/organization/profile', { token: owner.token, body: { brandColor: 'red' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ brandColor: 'Brand colour must be a hex colour, e.g. #1b6b4a' });
    const colour = await api('PATCH', '/organization/profile', { token: owner.token, body: { brandColor: '#AA3377' } });
    expect(colour.body).toMatchObject({ message: 'The mail branding is saved.', data: { brandColor: '#aa3377' } });
    const reminders = await api('PATCH', '/organization/profile', { token: owner.token, body: { reminderHours: 12, reminderSms: false, cancellationCutoffHours: 6, cancellationRefund: 'full', smsCountryCodes: ['+1'] } });
    expect(reminders.body).toMatchObject({ message: 'The reminder settings are saved.', data: { reminderHours: 12, cancellationCutoffHours: 6 } });
    const profile = await api('PATCH', '/organization/profile', { token: owner.token, body: { legalName: 'Brand Colour LLC' } });
    expect(profile.body.message).toBe('The organisation profile is saved.');
  });

  it("sends the booking's confirmation and cancellation as HTML in the clinic's layout, with the text part and the .ics files", async () => {
    const clinic = await newClinic('brandmail');
    const token = clinic.owner.token;
    expect((await api('PATCH', '/organization/profile', { token, body: { brandColor: '#204a87' } })).status).toBe(200);
    const logoKey = (await api('POST', '/organization/logo', { token, form: logoForm(PNG) })).body.data.logoKey as string;

    const booking = await paidBooking(clinic, dayAhead(4), '10:00');
    const [confirmation] = await waitForMails(booking.email);
    const text = confirmation.body.text!;
    expect(text).toMatch(/^Hello .*,\n\nYour booking with brandmail Clinic is confirmed\.\n\nPackage: Consultation\n/);
    expect(text).not.toContain('<');
    const html = confirmation.body.html!;
    expect(html).toContain('>brandmail Clinic</td>');
    expect(html).toContain(`<img src="${inject('appUrl')}/assets/${logoKey}" alt="brandmail Clinic"`);
    expect(html).toContain('bgcolor="#204a87"');
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    // The details keep their lines; the manage link is a button.
    expect(html).toContain('Package: Consultation<br>');
    expect(html).toMatch(/<a href="[^"]+\/manage#[^"]+" class="btn"[^>]*>Reschedule or cancel<\/a>/);
    expect(attachmentText(confirmation, 'booking.ics')).toContain('\r\nMETHOD:REQUEST\r\n');

    expect((await api('POST', `/bookings/booking/${booking.id}/cancel`, { token })).status).toBe(200);
    const cancellation = (await waitForMails(booking.email, 2))[1];
    expect(cancellation.subject).toMatch(/^Booking cancelled: Consultation/);
    expect(cancellation.body.html).toContain('bgcolor="#204a87"');
    expect(cancellation.body.html).toContain('brandmail Clinic cancelled your booking for Consultation on ');
    expect(cancellation.body.text).toContain('The attached calendar file (cancel.ics) removes the appointment from your calendar.');
    const cancelIcs = attachmentText(cancellation, 'cancel.ics');
    expect(cancelIcs).toContain('\r\nMETHOD:CANCEL\r\n');
    expect(cancelIcs).toContain('\r\nSTATUS:CANCELLED\r\n');
  });
});
