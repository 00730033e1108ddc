// The patient's texts on the server (issue 26): mails, SMS and calendar files in the patient's language,
// from one ICU MessageFormat catalogue per language (functions/lib/i18n/<locale>.ts, plain modules,
// shipped packed: i18n/packed.ts, so a function's bundle stays small). A patient's locale is stored with their booking, appointment or
// lead (their page's language when they sent it); older records, and an unknown locale, read English.
// Dates and times follow the locale through Intl (shared/bookings/zone.ts). Formatted by lib/icu.ts
// (the subset of ICU these use, without a parser library in every function's bundle).
import { DEFAULT_LOCALE, localeOf, type Locale } from '#shared/i18n/locales';
import { plainName } from '#shared/plain-name';
import { formatIcu } from './icu';
import { brotliDecompressSync } from 'node:zlib';
import type en from './i18n/en';
import { PACKED_CATALOGUES } from './i18n/packed';

export type ServerMessageKey = keyof typeof en;
export type ServerCatalogue = Record<ServerMessageKey, string>;

let unpacked: Record<Locale, ServerCatalogue> | undefined;
/** The catalogues as packed (i18n/catalogues.ts is their source; the test keeps the two equal). */
export function serverCatalogues(): Record<Locale, ServerCatalogue> {
  unpacked ??= JSON.parse(brotliDecompressSync(Buffer.from(PACKED_CATALOGUES, 'base64')).toString('utf8')) as Record<Locale, ServerCatalogue>;
  return unpacked;
}

export type PatientTranslate = (key: ServerMessageKey, values?: Record<string, string | number>) => string;

const translators = new Map<Locale, PatientTranslate>();

/** The texts of one language (English for an unknown or absent locale); each message parsed once. */
export function patientTexts(locale: string | null | undefined): PatientTranslate {
  const lang = localeOf(locale) ?? DEFAULT_LOCALE;
  let t = translators.get(lang);
  if (!t) {
    const catalogue = serverCatalogues()[lang];
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
