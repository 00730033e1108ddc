// Every kind of mail a patient gets, in each of the six languages (issue 38): money as a reader of that
// language writes it in the clinic's country ('40,00 €' in German and Spanish, not '€40.00'), and the
// HTML part saying its language and direction (Arabic right to left).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConfig } from '#lib/config';
import { mailHtml, type Mail } from '#lib/mail';
import { LOCALES, type Locale } from '#shared/i18n/locales';
import type { BookingRecord } from './data/bookings';
import type { Appointment } from './data/appointments';
import type { Organization } from './data/organizations';
import type { FormPaymentRecord } from './data/submissions';
import type { Service } from './data/services';
import {
  cancellationMail,
  confirmationMail,
  movedMail,
  patientCancelledMail,
  refundCancellationMail,
  unplacedPaymentMail,
} from '#domain/bookings/mail';
import { appointmentReminder, bookingReminder } from '#domain/reminders/messages';
import { receiptMail } from '#domain/forms/payment-consumer';
import { seriesUnplacedMail } from '#domain/series/mail';
import { appointmentMail } from './appointments/lib/book';
import { appointmentCancelledByPatientMail, appointmentMovedMail, appointmentStatusMail } from './domain/appointments/patient-mails';

const BERLIN = 'Europe/Berlin';
const org = { id: 'org_1', name: 'Praxis Sonne', timeZone: BERLIN, currency: 'eur', address: 'Hauptstr. 5, 10115 Berlin' } as unknown as Organization;

const bookingIn = (locale: Locale): BookingRecord => ({
  id: 'bk_1', orgId: 'org_1', packageId: 'pkg_1', packageName: 'Physio', priceCents: 4000, currency: 'eur', locale,
  firstName: 'Pat', lastName: 'Visitor', email: 'pat@example.com', phoneNumber: '+4930000000',
  bookingDate: '2030-03-11', bookingTime: '09:00', timeZone: BERLIN, startUtc: '2030-03-11T08:00:00.000Z', endUtc: '2030-03-11T08:30:00.000Z',
  durationMinutes: 30, status: 'confirmed', paymentStatus: 'paid', holdExpiresAt: null, stripeSessionId: null, paymentIntentId: 'pi_1',
  amountPaidCents: 4000, refundedCents: null, payerEmail: null, paidAt: null, confirmedAt: null, expiredAt: null, cancelledAt: null, cancelledBy: null,
  confirmationSentAt: null, sequence: 1, needsAttention: null, createdAt: '2030-03-01T00:00:00.000Z', updatedAt: '2030-03-01T00:00:00.000Z', checkoutUrl: null,
});

const appointmentIn = (locale: Locale, status: Appointment['status'] = 'confirmed') =>
  ({ id: 'ap_1', orgId: 'org_1', locale, status, firstName: 'Pat', lastName: 'Visitor', email: 'pat@example.com', bookingDate: '2030-03-11', bookingTime: '09:00' }) as unknown as Appointment;

const paymentIn = (locale: Locale) =>
  ({ id: 'pay_1', orgId: 'org_1', formId: 'f_1', formName: 'Intake', submissionId: 's_1', packageId: 'p_1', packageName: 'Physio', amountCents: 4000, amountPaidCents: 4000, currency: 'eur', locale, paidAt: '2030-03-01T10:00:00.000Z' }) as unknown as FormPaymentRecord;

const service = { id: 'sv_1', orgId: 'org_1', name: 'Physio', priceCents: 4000, currency: 'eur' } as unknown as Service;

/** 40.00 EUR as a reader of `locale` writes it in Germany ('40,00 €'; '€40.00' in English). */
const fortyEuros = (locale: Locale) => new Intl.NumberFormat(`${locale}-DE`, { style: 'currency', currency: 'EUR' }).format(40);

/**
 * 40.00 EUR in the language alone ('pt': '€ 40,00'): the appointment mails' service line, whose
 * functions leave out the zone-to-country table (it would put book-appointment over its 350 KB budget).
 */
const fortyEurosInLanguage = (locale: Locale) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(40);

/** Each kind of patient mail in `locale`, and whether it states an amount of 40.00 EUR (in the clinic's country, or in the language alone). */
function everyMail(locale: Locale): Record<string, { mail: Mail; money: boolean | 'language' }> {
  const b = bookingIn(locale);
  const a = appointmentIn(locale);
  return {
    'booking confirmed': { mail: confirmationMail(b, org), money: true },
    'booking moved': { mail: movedMail(b, { ...b, startUtc: '2030-03-10T08:00:00.000Z' }, org), money: false },
    'booking cancelled by the clinic': { mail: cancellationMail(b, org), money: false },
    'booking cancelled by a refund': { mail: refundCancellationMail(b, org, 4000), money: true },
    'booking cancelled by the patient, refunded': { mail: patientCancelledMail(b, org, 4000), money: true },
    'payment for a time no longer free': { mail: unplacedPaymentMail(b, org.name), money: false },
    'course paid after its times were taken': { mail: seriesUnplacedMail([b], org, 'sr_1', false), money: true },
    'booking reminder': { mail: bookingReminder(b, org, 'https://app.example/manage').mail, money: false },
    'form payment receipt': { mail: receiptMail(paymentIn(locale), 'pat@example.com', org, 'eur'), money: true },
    'appointment booked by staff': {
      mail: appointmentMail({ org, input: {} as never, files: {}, staff: { caller: {} as never, name: 'Sam' }, locale }, a, 'https://app.example/manage', service),
      money: 'language',
    },
    'appointment requested': { mail: appointmentMail({ org, input: {} as never, files: {}, locale }, a, 'https://app.example/manage', service), money: 'language' },
    'appointment confirmed': { mail: appointmentStatusMail(a, org)!, money: false },
    'appointment cancelled by the clinic': { mail: appointmentStatusMail(appointmentIn(locale, 'cancelled'), org)!, money: false },
    'appointment cancelled by the patient': { mail: appointmentCancelledByPatientMail(a, org, 'Dr Ana Ruiz'), money: false },
    'appointment moved': { mail: appointmentMovedMail(a, { ...a, bookingTime: '10:00' }, org, BERLIN), money: false },
    'appointment reminder': { mail: appointmentReminder(a, org, 'https://app.example/manage').mail, money: false },
  };
}

describe('patient mails in every language', () => {
  const from = process.env.MAIL_FROM;
  beforeEach(() => {
    process.env.MAIL_FROM = 'Clinic Suite <no-reply@mail.example.com>';
    resetConfig();
  });
  afterEach(() => {
    if (from === undefined) delete process.env.MAIL_FROM;
    else process.env.MAIL_FROM = from;
    resetConfig();
  });

  const english = everyMail('en');
  for (const locale of LOCALES) {
    describe(locale, () => {
      for (const [kind, { mail, money }] of Object.entries(everyMail(locale))) {
        it(`${kind}: its language, direction${money ? ' and money' : ''}`, () => {
          expect(mail.fromClinic).toBe(true);
          expect(mail.locale).toBe(locale);
          const html = mailHtml(mail);
          const dir = locale === 'ar' ? 'rtl' : 'ltr';
          expect(html).toContain(`<html lang="${locale}" dir="${dir}">`);
          expect(html).toMatch(new RegExp(`<td class="card pad"[^>]* dir="${dir}"`));
          if (locale !== 'en') expect(mail.subject).not.toBe(english[kind].mail.subject);
          if (money) {
            expect(mail.text).toContain(money === 'language' ? fortyEurosInLanguage(locale) : fortyEuros(locale));
            if (locale !== 'en') expect(mail.text).not.toContain('€40.00');
          }
        });
      }
    });
  }

  it('German and Spanish write the euro after the amount with a decimal comma', () => {
    expect(fortyEuros('de')).toBe('40,00\u00a0€');
    expect(confirmationMail(bookingIn('de'), org).text).toContain('40,00\u00a0€');
    expect(confirmationMail(bookingIn('es'), org).text).toContain('40,00\u00a0€');
  });

  it('the Arabic mail puts the details bar on the right', () => {
    const html = mailHtml(confirmationMail(bookingIn('ar'), org));
    expect(html).toContain('border-right:4px solid');
    expect(html).not.toContain('border-left:4px solid');
  });
});
