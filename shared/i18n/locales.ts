// The languages the patient-facing texts exist in (public pages, patient mails, SMS and .ics): one
// catalogue per language (web/src/i18n/messages/, functions/lib/i18n/). A patient's locale is one of
// these base languages; formats (dates, numbers) follow it through Intl.

export const LOCALES = ['en', 'es', 'fr', 'de', 'pt', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language in its own words (the language switcher, the console's select). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
  ar: 'العربية',
};

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The supported language of a BCP 47 tag ('pt-BR' -> 'pt'), or undefined. */
export function localeOf(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : undefined;
}

/** The first supported language of a preference list (navigator.languages, then the clinic's default). */
/** The language of a patient's texts: their locale, English for an unknown or absent one. */
export const patientLocale = (tag: string | null | undefined): Locale => localeOf(tag) ?? DEFAULT_LOCALE;

export function pickLocale(preferred: readonly (string | null | undefined)[]): Locale | undefined {
  for (const tag of preferred) {
    const found = localeOf(tag);
    if (found) return found;
  }
  return undefined;
}

/** Written right to left (the page's `dir`). */
export const isRtl = (locale: Locale) => locale === 'ar';

/**
 * Stripe Checkout's locale for a page's language: Checkout has no Arabic, so it picks from the
 * browser then ('auto').
 */
export const stripeLocaleOf = (locale: Locale | undefined): string => (locale && locale !== 'ar' ? locale : 'auto');

/** The Intl locale of a patient's language for dates and times (English as in the United States). */
export const intlLocale = (locale?: string | null) => (!locale || locale === 'en' ? 'en-US' : locale);
