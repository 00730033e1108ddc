// The patient's language on the server (issue 26): the clinic's default language (organisation
// profile), the locale a booking, an appointment request and a lead are sent with, Checkout opened in
// it, and the patient's mails written in it; no locale, the clinic's default, else English.
import { describe, expect, it } from 'vitest';
import { api, uniqueEmail, uniquePhone, waitForMails } from '../support/api';
import { eventually } from '../support/eventually';
import { payLocalCheckout, sessionIdOf, stripeSession } from '../support/stripe';
import { bookingForm } from './appointments-support';
import { dayAhead, getBooking, newClinic } from './booking-support';

describe("the patient's language", () => {
  it('the organisation profile keeps a default language from the six, English until chosen', async () => {
    const clinic = await newClinic('lang-profile');
    const before = await api('GET', '/organization/profile', { token: clinic.owner.token });
    expect(before.body.data.defaultLanguage).toBe('en');
    const bad = await api('PATCH', '/organization/profile', { token: clinic.owner.token, body: { defaultLanguage: 'it' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Default language must be one of en, es, fr, de, pt, ar');
    const saved = await api('PATCH', '/organization/profile', { token: clinic.owner.token, body: { defaultLanguage: 'fr' } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.defaultLanguage).toBe('fr');
    // The public booking page learns it with the clinic's name.
    const day = await api('POST', '/bookings/available-slots', { body: { apiKey: clinic.apiKey, date: dayAhead(3) } });
    expect(day.body.data.clinicLanguage).toBe('fr');
  });

  it('a booking made in Spanish opens Checkout in Spanish and is confirmed by mail in Spanish', async () => {
    const clinic = await newClinic('lang-es');
    const email = uniqueEmail('paciente');
    const date = dayAhead(6);
    const res = await api('POST', '/bookings/create-booking', {
      body: { firstName: 'Lucía', lastName: 'García', email, phoneNumber: uniquePhone(), bookingDate: date, bookingTime: '10:00', apiKey: clinic.apiKey, packageId: clinic.packageId, locale: 'es' },
    });
    expect(res.status).toBe(201);
    expect((await stripeSession(sessionIdOf(res.body.data.checkoutUrl))).locale).toBe('es');
    await payLocalCheckout(res.body.data.checkoutUrl, email);
    await eventually(async () => ((await getBooking(clinic, res.body.data.bookingId)).status === 'confirmed' ? true : undefined), 'confirmed');
    const [mail] = await waitForMails(email);
    expect(mail.subject).toMatch(/^Reserva confirmada: Consultation el /);
    expect(mail.body.text).toContain('Hola, Lucía:');
    expect(mail.body.text).toContain('Su reserva con lang-es Clinic está confirmada.');
    // The link names the language (issue 34): the manage page opens in Spanish on any browser.
    expect(mail.body.text).toMatch(/Para cambiar la hora o cancelar: http\S+\/manage\?lang=es#/);
    // The manage page opens in the booking's language when the browser asks for none of ours.
    const token = /\/manage\?lang=es#([A-Za-z0-9_-]{43})/.exec(mail.body.text!)![1];
    const opened = await api('POST', '/public/manage/booking', { body: { token } });
    expect(opened.body.data.clinicLanguage).toBe('es');
  });

  it("without a locale a booking takes the clinic's default language, and Arabic opens Checkout on Stripe's own choice", async () => {
    const clinic = await newClinic('lang-default');
    await api('PATCH', '/organization/profile', { token: clinic.owner.token, body: { defaultLanguage: 'de' } });
    const plain = await api('POST', '/bookings/create-booking', {
      body: { firstName: 'Pat', lastName: 'Visitor', email: uniqueEmail('v'), phoneNumber: uniquePhone(), bookingDate: dayAhead(7), bookingTime: '09:00', apiKey: clinic.apiKey, packageId: clinic.packageId },
    });
    expect((await stripeSession(sessionIdOf(plain.body.data.checkoutUrl))).locale).toBe('de');
    const arabic = await api('POST', '/bookings/create-booking', {
      body: { firstName: 'Pat', lastName: 'Visitor', email: uniqueEmail('v'), phoneNumber: uniquePhone(), bookingDate: dayAhead(7), bookingTime: '11:00', apiKey: clinic.apiKey, packageId: clinic.packageId, locale: 'ar' },
    });
    // Stripe Checkout has no Arabic: it picks from the browser.
    expect((await stripeSession(sessionIdOf(arabic.body.data.checkoutUrl))).locale).toBe('auto');
    // An unknown language is no error: the clinic's default then.
    const unknown = await api('POST', '/bookings/create-booking', {
      body: { firstName: 'Pat', lastName: 'Visitor', email: uniqueEmail('v'), phoneNumber: uniquePhone(), bookingDate: dayAhead(8), bookingTime: '13:00', apiKey: clinic.apiKey, packageId: clinic.packageId, locale: 'klingon' },
    });
    expect(unknown.status).toBe(201);
    expect((await stripeSession(sessionIdOf(unknown.body.data.checkoutUrl))).locale).toBe('de');
  });

  it('an appointment request in Portuguese is acknowledged in Portuguese', async () => {
    const clinic = await newClinic('lang-pt');
    const email = uniqueEmail('pedido');
    const form = bookingForm({ firstName: 'João', email, organizationApiKey: clinic.apiKey, locale: 'pt' });
    const res = await api('POST', '/public/appointments/book-custom', { form });
    expect(res.status).toBe(201);
    const [mail] = await waitForMails(email);
    expect(mail.subject).toBe('Recebemos a sua solicitação de consulta em lang-pt Clinic');
    expect(mail.body.text).toContain('Olá, João,');
    expect(mail.body.text).toContain('Se você não fez esta solicitação, pode ignorar esta mensagem.');
  });
});
