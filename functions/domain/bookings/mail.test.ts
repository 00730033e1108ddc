import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BookingRecord } from '../../data/bookings';
import type { Appointment } from '../../data/appointments';
import type { Organization } from '../../data/organizations';
import { appointmentReminder, bookingReminder } from '#domain/reminders/messages';
import { bookingIcs, cancellationMail, confirmationMail, movedMail, refundCancellationMail } from './mail';
import { resetConfig } from '#lib/config';

const booking: BookingRecord = {
  id: 'bk_1', orgId: 'org_1', packageId: 'pkg_1', packageName: 'Consultation', priceCents: 5000, currency: 'usd',
  firstName: 'Pat', lastName: 'Visitor', email: 'pat@example.com', phoneNumber: '+15550000000',
  bookingDate: '2026-03-09', bookingTime: '09:00', timeZone: 'America/New_York', startUtc: '2026-03-09T13:00:00.000Z', endUtc: '2026-03-09T13:30:00.000Z',
  durationMinutes: 30, status: 'confirmed', paymentStatus: 'paid', holdExpiresAt: null, stripeSessionId: null, paymentIntentId: 'pi_1',
  amountPaidCents: 5000, refundedCents: null, payerEmail: null, paidAt: null, confirmedAt: null, expiredAt: null, cancelledAt: null, cancelledBy: null,
  confirmationSentAt: null, sequence: 2, needsAttention: null, createdAt: '2026-03-01T00:00:00.000Z', updatedAt: '2026-03-01T00:00:00.000Z', checkoutUrl: null,
};
/** The same booking with a practitioner (the field practitioners add; absent on older records). */
const withRuiz = { ...booking, practitionerName: 'Dr Ana Ruiz' } as BookingRecord;

const icsLines = (a: { content: string | Buffer }) => String(a.content).replace(/\r\n /g, '').split('\r\n'); // unfolded
const prop = (lines: string[], name: string) => lines.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));

describe('booking mails and their calendar files', () => {
  const from = process.env.MAIL_FROM;
  beforeEach(() => {
    process.env.MAIL_FROM = 'Clinic Suite <no-reply@mail.example.com>';
    resetConfig(); // the environment is parsed once (#lib/config)
  });
  afterEach(() => {
    if (from === undefined) delete process.env.MAIL_FROM;
    else process.env.MAIL_FROM = from;
    resetConfig();
  });

  it('a staff cancellation carries a METHOD:CANCEL file: same UID, SEQUENCE above the last one sent, STATUS:CANCELLED', () => {
    const request = icsLines(bookingIcs(booking, 'Sunny Clinic'));
    const mail = cancellationMail(booking, 'Sunny Clinic');
    expect(mail.attachments).toHaveLength(1);
    const file = mail.attachments![0];
    expect(file.filename).toBe('cancel.ics');
    expect(file.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    const cancel = icsLines(file);
    expect(prop(cancel, 'UID')).toBe(prop(request, 'UID'));
    expect(prop(request, 'SEQUENCE')).toBe('SEQUENCE:2');
    expect(prop(cancel, 'SEQUENCE')).toBe('SEQUENCE:3');
    expect(cancel).toContain('METHOD:CANCEL');
    expect(cancel).toContain('STATUS:CANCELLED');
    expect(mail.text).toContain('The attached calendar file (cancel.ics) removes the appointment from your calendar.');
  });

  it('the organizer is the clinic by name with the bare sender address', () => {
    expect(icsLines(bookingIcs(booking, 'Sunny "Best" Clinic'))).toContain('ORGANIZER;CN="Sunny Best Clinic":mailto:no-reply@mail.example.com');
  });

  it('a cancellation by a full refund carries the same CANCEL file and says what is refunded', () => {
    const mail = refundCancellationMail(booking, 'Sunny Clinic', 5000);
    expect(mail.text).toContain('$50.00 is refunded to your card');
    expect(icsLines(mail.attachments![0])).toEqual(expect.arrayContaining(['METHOD:CANCEL', 'SEQUENCE:3', 'STATUS:CANCELLED']));
  });

  it('name the practitioner when the booking has one, and read as before when it has none', () => {
    const plain = confirmationMail(booking, 'Sunny Clinic');
    expect(plain.text).not.toContain('Practitioner');
    expect(prop(icsLines(plain.attachments![0]), 'SUMMARY')).toBe('SUMMARY:Consultation with Sunny Clinic');
    expect(cancellationMail(booking, 'Sunny Clinic').text).toContain('Sunny Clinic cancelled your booking for Consultation on Monday, March 9, 2026 at 9:00 AM');

    const named = confirmationMail(withRuiz, 'Sunny Clinic');
    expect(named.text).toContain('Package: Consultation\nPractitioner: Dr Ana Ruiz\nDate:');
    expect(prop(icsLines(named.attachments![0]), 'SUMMARY')).toBe('SUMMARY:Consultation with Dr Ana Ruiz (Sunny Clinic)');
    expect(cancellationMail(withRuiz, 'Sunny Clinic').text).toContain('for Consultation with Dr Ana Ruiz on Monday');
    expect(movedMail(withRuiz, booking, 'Sunny Clinic').text).toContain('Sunny Clinic moved your booking for Consultation with Dr Ana Ruiz to Monday, March 9, 2026 at 9:00 AM EDT.');

    const org = { name: 'Sunny Clinic' } as Organization;
    expect(bookingReminder(booking, org, 'link').mail.subject).toBe('Reminder: Consultation with Sunny Clinic on Monday, March 9, 2026 at 9:00 AM EDT');
    const reminder = bookingReminder(withRuiz, org, 'link');
    expect(reminder.mail.subject).toBe('Reminder: Consultation with Dr Ana Ruiz (Sunny Clinic) on Monday, March 9, 2026 at 9:00 AM EDT');
    expect(reminder.mail.text).toContain('Practitioner: Dr Ana Ruiz');
    expect(reminder.sms).toContain('with Dr Ana Ruiz (Sunny Clinic)');
  });
});

describe('appointment reminders', () => {
  const appointment = { id: 'ap_1', firstName: 'Sam', bookingDate: '2030-01-15', bookingTime: '10:30', email: 'sam@example.com' } as Appointment;
  const org = { name: 'Sunny Clinic', timeZone: 'America/New_York' } as Organization;

  it('name the practitioner when there is one, and read as before otherwise', () => {
    const plain = appointmentReminder(appointment, org, 'link');
    expect(plain.mail.subject).toBe('Reminder: your appointment at Sunny Clinic on Tuesday, January 15, 2030 at 10:30 AM');
    expect(plain.sms).toBe('Reminder: your appointment at Sunny Clinic on Tuesday, January 15, 2030 at 10:30 AM. Ref ap_1');
    const named = appointmentReminder(appointment, org, 'link', 'Dr Sam Lee');
    expect(named.mail.subject).toBe('Reminder: your appointment with Dr Sam Lee at Sunny Clinic on Tuesday, January 15, 2030 at 10:30 AM');
    expect(named.mail.text).toContain('This is a reminder of your appointment with Dr Sam Lee at Sunny Clinic on Tuesday, January 15, 2030 at 10:30 AM');
    expect(named.sms).toContain('with Dr Sam Lee at Sunny Clinic');
  });

  it("write the date and time out in the patient's language, on the clinic's clock as entered", () => {
    // 23:30 on the 15th stays the 15th at 23:30 whatever the server's or the clinic's zone: a wall clock, not an instant.
    const late = { ...appointment, bookingTime: '23:30' };
    expect(appointmentReminder(late, org, 'link').mail.subject).toBe('Reminder: your appointment at Sunny Clinic on Tuesday, January 15, 2030 at 11:30 PM');
    const spanish = appointmentReminder({ ...late, locale: 'es' }, org, 'link').mail.subject;
    expect(spanish).toContain('martes, 15 de enero de 2030');
    expect(spanish).toContain('23:30');
    const arabic = appointmentReminder({ ...late, locale: 'ar' }, org, 'link').mail.subject;
    expect(arabic).not.toContain('2030-01-15');
    expect(arabic).toContain('يناير');
    // A date that does not exist is written as stored, not rolled over into March.
    expect(appointmentReminder({ ...appointment, bookingDate: '2030-02-30' }, org, 'link').mail.subject).toBe('Reminder: your appointment at Sunny Clinic on 2030-02-30 at 10:30');
  });
});

describe("booking mails in the patient's language (issue 26)", () => {
  it('confirms in Spanish: words, date and time in Spanish, the clinic texts as written', () => {
    const mail = confirmationMail({ ...withRuiz, locale: 'es' }, 'Sunny Clinic', 'Para cambiar la hora o cancelar: https://x/manage#t');
    expect(mail.subject).toBe('Reserva confirmada: Consultation el lunes, 9 de marzo de 2026 a las 9:00 GMT-4');
    expect(mail.text).toContain('Hola, Pat:\n\nSu reserva con Sunny Clinic está confirmada.');
    expect(mail.text).toContain('Servicio: Consultation\nProfesional: Dr Ana Ruiz\nFecha: lunes, 9 de marzo de 2026');
    expect(mail.text).toContain('Duración: 30 minutos');
    expect(mail.text).toContain('El archivo de calendario adjunto (booking.ics)');
    const ics = icsLines(mail.attachments![0]);
    expect(prop(ics, 'SUMMARY')).toBe('SUMMARY:Consultation con Dr Ana Ruiz (Sunny Clinic)');
  });

  it('reminds in Arabic and by SMS in French, and in English when the booking has no locale', () => {
    const org = { id: 'org_1', name: 'Sunny Clinic', timeZone: 'America/New_York' } as Organization;
    expect(bookingReminder({ ...booking, locale: 'ar' }, org, 'M').mail.text).toContain('نذكّرك بحجزك لدى Sunny Clinic.');
    expect(bookingReminder({ ...booking, locale: 'fr' }, org, 'M').sms).toMatch(/^Rappel : Consultation avec Sunny Clinic le lundi 9 mars 2026 à 9:00 UTC−4\. Réf\. bk_1$/);
    expect(bookingReminder(booking, org, 'M').sms).toBe('Reminder: Consultation with Sunny Clinic on Monday, March 9, 2026 at 9:00 AM EDT. Ref bk_1');
    // The clinic's default language for a booking made before locales were stored.
    expect(bookingReminder(booking, { ...org, defaultLanguage: 'de' }, 'M').mail.subject).toMatch(/^Erinnerung: Consultation bei Sunny Clinic am Montag, 9\. März 2026/);
  });
});

describe('a moved booking\u2019s mail and the calendar file\u2019s place (issue 34)', () => {
  const clinic = { name: 'Sunrise Physio Berlin', address: 'Hauptstraße 5\n10115 Berlin; 2nd floor' };
  /** Moved from Monday 9:00 to the Tuesday after, by the patient with their manage link (not the clinic). */
  const moved = { ...withRuiz, bookingDate: '2026-03-10', startUtc: '2026-03-10T14:00:00.000Z', endUtc: '2026-03-10T14:30:00.000Z' };
  const sentence = (locale: string, by?: string) => movedMail({ ...moved, locale } as BookingRecord, booking, clinic, undefined, by).text.split('\n\n')[1];

  it('reads as a person writes it in all six languages: who with, where, and the new time, each named once', () => {
    expect(sentence('en', 'patient')).toBe('Your booking for Consultation with Dr Ana Ruiz at Sunrise Physio Berlin has moved to Tuesday, March 10, 2026 at 10:00 AM EDT.');
    expect(sentence('en')).toBe('Sunrise Physio Berlin moved your booking for Consultation with Dr Ana Ruiz to Tuesday, March 10, 2026 at 10:00 AM EDT.');
    const expected: Record<string, RegExp> = {
      es: /^Su reserva de Consultation con Dr Ana Ruiz en Sunrise Physio Berlin ha cambiado al martes, 10 de marzo de 2026 a las 10:00 /,
      fr: /^Votre réservation pour Consultation avec Dr Ana Ruiz chez Sunrise Physio Berlin a été déplacée au mardi 10 mars 2026 à 10:00 /,
      de: /^Ihre Buchung für Consultation mit Dr Ana Ruiz bei Sunrise Physio Berlin wurde auf Dienstag, 10\. März 2026 um 10:00 .* verschoben\.$/,
      pt: /^O seu agendamento de Consultation com Dr Ana Ruiz em Sunrise Physio Berlin foi remarcado para terça-feira, 10 de março de 2026 às 10:00 /,
      ar: /^تم نقل حجزك لـ Consultation مع Dr Ana Ruiz لدى Sunrise Physio Berlin إلى /,
    };
    for (const [locale, pattern] of Object.entries(expected)) expect(sentence(locale, 'patient'), locale).toMatch(pattern);
    // The word that names the practitioner appears once: never 'with Dr Ana Ruiz with Sunrise...'.
    const WITH: Record<string, string> = { en: ' with ', es: ' con ', fr: ' avec ', de: ' mit ', pt: ' com ', ar: ' مع ' };
    for (const [locale, word] of Object.entries(WITH)) {
      for (const by of ['patient', undefined]) expect(sentence(locale, by).split(word).length - 1, `${locale} ${by}`).toBe(1);
    }
    expect(sentence('de', 'patient')).not.toMatch(/ bei .* bei /);
  });

  it('cancellations name the practitioner once too', () => {
    expect(cancellationMail(withRuiz, clinic).text).toContain('Sunrise Physio Berlin cancelled your booking for Consultation with Dr Ana Ruiz on Monday, March 9, 2026 at 9:00 AM');
    for (const locale of ['es', 'pt', 'de']) {
      const text = cancellationMail({ ...withRuiz, locale } as BookingRecord, clinic).text.split('\n\n')[1];
      expect(text.split(/ (?:con|com|mit|bei) /).length - 1, `${locale}: ${text}`).toBe(1);
    }
  });

  it("the calendar file's LOCATION is the clinic's name and address on one line, escaped (RFC 5545)", () => {
    const ics = icsLines(bookingIcs(booking, clinic));
    expect(prop(ics, 'LOCATION')).toBe('LOCATION:Sunrise Physio Berlin\\, Hauptstraße 5\\, 10115 Berlin\\; 2nd floor');
    // An address that starts with the name does not repeat it; a clinic with no address: its name.
    expect(prop(icsLines(bookingIcs(booking, { name: 'Sunrise', address: 'Sunrise\nMain St 1' })), 'LOCATION')).toBe('LOCATION:Sunrise\\, Main St 1');
    expect(prop(icsLines(bookingIcs(booking, { name: 'Sunrise', address: null })), 'LOCATION')).toBe('LOCATION:Sunrise');
    // Every mail that carries the file carries the place.
    for (const mail of [confirmationMail(booking, clinic), movedMail(booking, booking, clinic), cancellationMail(booking, clinic), refundCancellationMail(booking, clinic, 5000)]) {
      expect(prop(icsLines(mail.attachments![0]), 'LOCATION')).toContain('Hauptstraße 5');
    }
    const org = { name: 'Sunrise Physio Berlin', address: 'Hauptstraße 5, 10115 Berlin', timeZone: 'Europe/Berlin' } as Organization;
    expect(prop(icsLines(bookingReminder(booking, org, 'M').mail.attachments![0]), 'LOCATION')).toBe('LOCATION:Sunrise Physio Berlin\\, Hauptstraße 5\\, 10115 Berlin');
  });

  it('every mail to a patient is sent on the clinic\u2019s behalf (its name as the sender, Reply-To the clinic)', () => {
    const org = { name: 'Sunrise', timeZone: 'Europe/Berlin' } as Organization;
    for (const mail of [confirmationMail(booking, clinic), movedMail(booking, booking, clinic), cancellationMail(booking, clinic), refundCancellationMail(booking, clinic, 5000), bookingReminder(booking, org, 'M').mail]) {
      expect(mail.fromClinic, mail.subject).toBe(true);
    }
  });
});
