// The patient's server texts: every language has the English catalogue's keys with the same ICU
// arguments (a missing key fails here), and formats as the patient reads it.
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { catalogueDifferences } from '#shared/i18n/catalogue-check';
import { LOCALES } from '#shared/i18n/locales';
import { readFileSync } from 'node:fs';
import { greetingIn, patientTexts, serverCatalogue, withArgs } from './i18n';
import { catalogueJson, SERVER_CATALOGUES } from './i18n/catalogues';

describe('server catalogues', () => {
  it.each(LOCALES)('ships %s as written (else: npx tsx scripts/pack-server-catalogues.ts)', (locale) => {
    expect(readFileSync(new URL(`./i18n/${locale}.json`, import.meta.url), 'utf8')).toBe(catalogueJson(locale));
    expect(serverCatalogue(locale)).toEqual(SERVER_CATALOGUES[locale]);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has every English key with the same arguments', (locale) => {
    expect(catalogueDifferences(SERVER_CATALOGUES.en, SERVER_CATALOGUES[locale])).toEqual([]);
  });

  // lib/icu.ts formats as intl-messageformat does: every message, every language, across plural forms and selects.
  it.each(LOCALES)('%s formats every message as intl-messageformat does', (locale) => {
    const t = patientTexts(locale);
    const common = { name: 'Pat', clinic: 'Sunny Clinic', package: 'Consultation', url: 'https://x/manage#t', date: 'D', time: 'T', zone: 'Z', zoneName: 'N', timeZone: 'Z/Z', value: 'V', when: 'W', who: 'H', reference: 'R', price: 'P', paid: 'Q', amount: 'A', currency: 'USD', phone: '1', moment: 'M', from: 'F', to: 'U', until: 'L', days: 'Y', link: 'https://x/booking/k?waitlistOffer=o', form: 'O', due: 'E', card: 'C', brand: 'B', fee: 'G', last4: '4242' };
    for (const key of Object.keys(SERVER_CATALOGUES.en) as (keyof typeof SERVER_CATALOGUES.en)[]) {
      for (const n of [0, 1, 2, 3, 11, 24, 100, 1000])
        for (const practitioner of [null, 'Dr Ana'])
          for (const refund of ['full', 'none']) {
            const values = { ...common, hours: n, minutes: n, count: n, number: n, refund, ...withArgs(practitioner) };
            expect(t(key, values), `${locale} ${key} ${n}`).toBe(String(new IntlMessageFormat(SERVER_CATALOGUES[locale][key], locale).format(values)));
          }
    }
  });

  it('keeps the English texts as the product wrote them', () => {
    const t = patientTexts('en');
    expect(greetingIn(t, 'Pat')).toBe('Hello Pat,');
    expect(greetingIn(t, '')).toBe('Hello,');
    expect(t('policy.booking', { hours: 24, refund: 'full', clinic: 'Sunny Clinic' })).toBe('You can reschedule or cancel until 24 hours before the start; a cancellation is refunded in full. After that, please contact Sunny Clinic.');
    expect(t('policy.booking', { hours: 1, refund: 'none', clinic: 'Sunny Clinic' })).toBe('You can reschedule or cancel until 1 hour before the start; a cancellation is not refunded. After that, please contact Sunny Clinic.');
    // The new time is in the sentence (issue 34), and 'with' names the practitioner only.
    expect(t('moved.byClinic', { clinic: 'Sunny Clinic', package: 'Consultation', when: 'Monday at 9:00 AM', ...withArgs(null) })).toBe('Sunny Clinic moved your booking for Consultation to Monday at 9:00 AM.');
    expect(t('moved.byClinic', { clinic: 'Sunny Clinic', package: 'Consultation', when: 'Monday at 9:00 AM', ...withArgs('Dr Ana') })).toBe('Sunny Clinic moved your booking for Consultation with Dr Ana to Monday at 9:00 AM.');
  });

  it('speaks the patient language, English for an unknown one', () => {
    expect(patientTexts('es')('confirm.intro', { clinic: 'Clínica Sol' })).toBe('Su reserva con Clínica Sol está confirmada.');
    expect(patientTexts('ar')('line.length', { minutes: 2 })).toBe('المدة: دقيقتان');
    expect(patientTexts('xx')('confirm.intro', { clinic: 'Sunny' })).toBe('Your booking with Sunny is confirmed.');
    expect(patientTexts(undefined)('mail.helloNoName')).toBe('Hello,');
  });
});
