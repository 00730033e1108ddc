// The patient's texts on the server (issue 26): mails, SMS and calendar files in the patient's language,
// from one ICU MessageFormat catalogue per language (functions/lib/i18n/<locale>.ts, plain modules so
// a function's bundle stays small). A patient's locale is stored with their booking, appointment or
// lead (their page's language when they sent it); older records, and an unknown locale, read English.
// Dates and times follow the locale through Intl (shared/bookings/zone.ts).
import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LOCALE, localeOf, type Locale } from '#shared/i18n/locales';
import { plainName } from '#shared/plain-name';
import ar from './i18n/ar';
import de from './i18n/de';
import en from './i18n/en';
import es from './i18n/es';
import fr from './i18n/fr';
import pt from './i18n/pt';

export type ServerMessageKey = keyof typeof en;
export type ServerCatalogue = Record<ServerMessageKey, string>;

export const SERVER_CATALOGUES: Record<Locale, ServerCatalogue> = { en, es, fr, de, pt, ar };

export type PatientTranslate = (key: ServerMessageKey, values?: Record<string, string | number>) => string;

const translators = new Map<Locale, PatientTranslate>();

/** The texts of one language (English for an unknown or absent locale); each message compiled once. */
export function patientTexts(locale: string | null | undefined): PatientTranslate {
  const lang = localeOf(locale) ?? DEFAULT_LOCALE;
  let t = translators.get(lang);
  if (!t) {
    const cache = new Map<string, IntlMessageFormat>();
    const catalogue = SERVER_CATALOGUES[lang];
    t = (key, values) => {
      let format = cache.get(key);
      if (!format) {
        format = new IntlMessageFormat(catalogue[key], lang);
        cache.set(key, format);
      }
      return String(format.format(values));
    };
    translators.set(lang, t);
  }
  return t;
}

/** 'Hello Pat,' in the patient's language (shared/plain-name.ts's greeting, translated). */
export function greetingIn(t: PatientTranslate, typed: string | null | undefined): string {
  const name = plainName(typed);
  return name ? t('mail.hello', { name }) : t('mail.helloNoName');
}

/** The arguments of a message's optional ' with <practitioner>' part. */
export const withArgs = (practitioner: string | null) => ({ hasPractitioner: practitioner ? 'yes' : 'no', practitioner: practitioner ?? '' });
