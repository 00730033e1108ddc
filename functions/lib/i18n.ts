// The patient's texts on the server (issue 26): mails, SMS and calendar files in the patient's language,
// from one ICU MessageFormat catalogue per language (functions/lib/i18n/<locale>.ts, plain modules). The
// functions read them as <locale>.json beside this module (written by scripts/pack-server-catalogues.ts),
// one language when a message first needs it, not as code: a bundle does not carry six languages of
// mail texts (infra/constructs/bundling.ts puts the files in the package as i18n/<locale>.json, the
// same place relative to the bundle as to this source file, so tests, the local stack and Lambda read
// them alike). A patient's locale is stored with their booking, appointment or lead (their page's
// language when they sent it); older records, and an unknown locale, read English.
// Dates and times follow the locale through Intl (shared/bookings/zone.ts). Formatted by lib/icu.ts
// (the subset of ICU these use, without a parser library in every function's bundle).
import { readFileSync } from 'node:fs';
import { patientLocale, type Locale } from '#shared/i18n/locales';
import { plainName } from '#shared/plain-name';
import { formatIcu } from './icu';
import type en from './i18n/en';
import { CATALOGUE_DIR } from './catalogue-files';

export type ServerMessageKey = keyof typeof en;
export type ServerCatalogue = Record<ServerMessageKey, string>;


/** One language's catalogue as shipped (i18n/catalogues.ts is its source; the test keeps the two equal). */
export function serverCatalogue(locale: Locale): ServerCatalogue {
  return JSON.parse(readFileSync(new URL(`./${CATALOGUE_DIR}/${locale}.json`, import.meta.url), 'utf8')) as ServerCatalogue;
}

export type PatientTranslate = (key: ServerMessageKey, values?: Record<string, string | number>) => string;

const translators = new Map<Locale, PatientTranslate>();

/** The texts of one language (English for an unknown or absent locale); each message parsed once. */
export function patientTexts(locale: string | null | undefined): PatientTranslate {
  const lang = patientLocale(locale);
  let t = translators.get(lang);
  if (!t) {
    const catalogue = serverCatalogue(lang);
    t = (key, values) => formatIcu(catalogue[key], lang, values);
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
