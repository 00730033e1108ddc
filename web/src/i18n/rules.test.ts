// The server's and the shared rules' messages the public pages receive, in each language: English
// gives back the very text (so each entry matches its source), and every other language translates it
// with its values ('Minimum ¥50' keeps ¥50). The texts come from their shared source where the page
// may import it, else as the API writes them (functions/...).
import { describe, expect, it } from 'vitest';
import { amountMessage } from '#shared/currency';
import { APPOINTMENT_MESSAGES, OPTIONAL_TEXT, tooLong } from '#shared/appointments/form';
import { messages as FORM_MESSAGES, parseCustomAmount } from '#shared/forms/validate';
import { LOCALES, type Locale } from '#shared/i18n/locales';
import { translator, type Messages } from './i18n';
import { ruleMessage } from './rules';
import ar from './messages/ar.json';
import de from './messages/de.json';
import en from './messages/en.json';
import es from './messages/es.json';
import fr from './messages/fr.json';
import pt from './messages/pt.json';

const CATALOGUES: Record<Locale, Record<string, string>> = { en, es, fr, de, pt, ar };
const t = (locale: Locale) => translator(locale, CATALOGUES[locale] as Messages);

const SERVER_TEXTS = [
  // shared/currency.ts and shared/forms/validate.ts: the amounts of a currency.
  amountMessage('min', 'jpy'),
  amountMessage('max', 'eur'),
  amountMessage('decimals', 'jpy'),
  amountMessage('decimals', 'kwd'),
  amountMessage('step', 'kwd'),
  amountMessage('step', 'isk'),
  amountMessage('invalid', 'gbp'),
  parseCustomAmount('abc', 0, 'jpy').error!,
  parseCustomAmount('1.2345', 0, 'kwd').error!,
  parseCustomAmount('100000000', 0, 'jpy').error!,
  parseCustomAmount('60', 5000, 'jpy').error!,
  parseCustomAmount('x', 0, 'usd').error!,
  // The appointment request (shared/appointments/form.ts; functions/appointments/lib/book.ts).
  APPOINTMENT_MESSAGES.dob,
  APPOINTMENT_MESSAGES.gender,
  APPOINTMENT_MESSAGES.max100,
  tooLong(OPTIONAL_TEXT.reasonOfAppointment[1], OPTIONAL_TEXT.reasonOfAppointment[0]),
  'Booking date cannot be in the past',
  'Booking date must be within the next two years',
  'Insurance card image is too large (at most 2 MB).',
  'Debtor referral document: this file type is not allowed. Allowed: jpg, png, webp, gif, pdf.',
  'Thank you. Your appointment request was sent; we emailed you a confirmation.',
  // A form's own fields (shared/forms/validate.ts): the clinic's label stays.
  FORM_MESSAGES.required('Full name'),
  FORM_MESSAGES.maxLength('Full name', 20),
  FORM_MESSAGES.min('Age', 18),
  // functions/domain/bookings/refusals.ts and create-booking.ts; functions/http/http.ts; manage.
  'That time is not offered. Please choose one of the available times.',
  'You already have a booking waiting for payment. Please complete that payment, or try again in 3 minutes when it is released.',
  'Too many bookings from your network are waiting for payment. Please try again in 1 minute.',
  'Too many attempts. Please try again in 2 minutes.',
  'This package is priced in JPY. Please reload the page.',
  'This package cannot be paid online.',
  'This booking can no longer be changed online (the clinic allows changes until 24 hours before the start). Please contact Sunny Clinic.',
  'The upload is too large (at most 4 MB).',
];

describe('ruleMessage', () => {
  it.each(SERVER_TEXTS)('English gives back %s', (text) => {
    expect(ruleMessage(t('en'), text)).toBe(text);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s translates every one, keeping its values', (locale) => {
    const translate = t(locale);
    for (const text of SERVER_TEXTS) expect(ruleMessage(translate, text), text).not.toBe(text);
    expect(ruleMessage(translate, 'Minimum ¥50')).toContain('¥50');
    expect(ruleMessage(translate, 'Amounts in KWD must end in 0')).toContain('KWD');
    expect(ruleMessage(translate, 'Full name is required.')).toContain('Full name');
  });

  it("translates the form's labels inside a message, and leaves an unknown text as it came", () => {
    expect(ruleMessage(t('es'), 'Minimum ¥50')).toBe('Mínimo ¥50');
    expect(ruleMessage(t('fr'), 'Reason of appointment must be at most 1000 characters')).toBe('Motif du rendez-vous doit comporter au plus 1000 caractères');
    expect(ruleMessage(t('de'), 'Insurance card image is too large (at most 2 MB).')).toBe('Bild der Versichertenkarte ist zu groß (höchstens 2 MB).');
    expect(ruleMessage(t('de'), 'Something the page does not know.')).toBe('Something the page does not know.');
    // The request's own date format message reads as the booking page's.
    expect(ruleMessage(t('pt'), APPOINTMENT_MESSAGES.dateFormat)).toBe(t('pt')('validation.dateFormat'));
  });
});
