// The public pages' language (issue 26): one ICU MessageFormat catalogue per language
// (messages/<locale>.json), of which a page loads only the one it shows (each is its own chunk; the
// others load on a switch). At build the catalogues are compiled to intl-messageformat's AST
// (web/vite-messages.ts), so the pages ship the formatter without its parser.
// The language is the visitor's choice (the switcher, remembered), else the first of the browser's
// languages we have, else the clinic's default language (when its data arrives), else English. The
// clinic's own texts (form labels, package names) are shown as written.
import { IntlMessageFormat, type Formatters } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createContext, createElement, Fragment, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { DEFAULT_LOCALE, isRtl, LOCALE_NAMES, LOCALES, localeOf, pickLocale, type Locale } from '#shared/i18n/locales';
import { intlTag } from '#shared/i18n/intl';
import { dateTimeFormat, numberFormat, pluralRules } from '#shared/i18n/intl-cache';
import type english from './messages/en.json';

export type MessageKey = keyof typeof english;
/** A catalogue: ICU strings in source and tests, their compiled AST in the build. */
export type Messages = Record<MessageKey, string | MessageFormatElement[]>;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;
/** A message with elements among its values (a link inside a sentence), as React nodes. */
export type TranslateRich = (key: MessageKey, values: Record<string, ReactNode>) => ReactNode;

const catalogues = import.meta.glob<Messages>('./messages/*.json', { import: 'default' });

/** One language's catalogue (its own chunk in the build). */
export function loadMessages(locale: Locale): Promise<Messages> {
  const load = catalogues[`./messages/${locale}.json`];
  if (!load) return Promise.reject(new Error(`No catalogue for ${locale}`));
  return load();
}

const STORAGE_KEY = 'clinic.locale';

/** The visitor's own choice of a language on an earlier visit (the switcher), if any. */
function storedLocale(): Locale | undefined {
  try {
    return localeOf(window.localStorage.getItem(STORAGE_KEY));
  } catch {
    return undefined;
  }
}

/**
 * The language a page starts in, and whether the visitor's side decided it (`?lang=`, an earlier
 * choice, the browser's languages); when not, the clinic's default language takes over once known.
 */
export function initialLocale(): { locale: Locale; decided: boolean } {
  const fromQuery = localeOf(new URLSearchParams(window.location.search).get('lang'));
  const found = fromQuery ?? storedLocale() ?? pickLocale(navigator.languages?.length ? navigator.languages : [navigator.language]);
  return { locale: found ?? DEFAULT_LOCALE, decided: Boolean(found) };
}

/** The document's language and direction (Arabic right to left: the CSS uses logical properties). */
export function applyToDocument(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = isRtl(locale) ? 'rtl' : 'ltr';
}

interface I18nValue {
  locale: Locale;
  /**
   * The Intl locale of money, dates and times: the page's language in the clinic's country once its
   * data has told it ('es-DE'), else the language's own ('en-US', 'es').
   */
  intl: string;
  t: Translate;
  rich: TranslateRich;
  /** The switcher: loads the catalogue, then renders the page in that language, and remembers it. */
  setLocale: (locale: Locale) => Promise<void>;
  /** The clinic's default language: the page's when the visitor's side did not decide one. */
  offerClinicLocale: (tag: string | null | undefined) => void;
  /** The clinic's country (ISO 3166 alpha-2, from its data): the region of `intl`. */
  offerClinicRegion: (region: string | null | undefined) => void;
}

const I18nContext = createContext<I18nValue | null>(null);

// Each new IntlMessageFormat resolves its locale through Intl.NumberFormat.supportedLocalesOf, whose
// first call loads the browser's list of locales: 40-80 ms of the booking page's start in Chromium,
// the largest single piece of it (four times that on Lighthouse's phone), and asked again for each of
// some 50 messages. Our six languages are in every browser's Intl, so the tag is taken as it is, once
// per tag. (The catalogues are compiled: the resolved locale only serves resolvedOptions().)
const resolvedLocales = new Map<string, Intl.Locale | undefined>();
IntlMessageFormat.resolveLocale = (locales) => {
  const tag = Array.isArray(locales) ? locales[0] : locales;
  if (tag === undefined) return undefined;
  if (!resolvedLocales.has(tag)) {
    let resolved: Intl.Locale | undefined;
    try {
      resolved = new Intl.Locale(tag);
    } catch {
      // Not a tag Intl knows (none of ours): as intl-messageformat does without Intl.Locale.
    }
    resolvedLocales.set(tag, resolved);
  }
  return resolvedLocales.get(tag);
};

/** The plural rules and number and date formats of every message, shared (intl-messageformat builds its own per message). */
const sharedFormatters: Formatters = {
  getNumberFormat: numberFormat,
  getDateTimeFormat: dateTimeFormat,
  getPluralRules: pluralRules,
};

/**
 * Each catalogue's messages as compiled, kept for the page's life: the page's translator is made anew
 * whenever its language or the clinic's country changes, and compiling every message again cost as much.
 */
const compiledCatalogues = new WeakMap<Messages, Map<string, IntlMessageFormat>>();

/** Formats one catalogue's messages; each message is compiled once per language. */
function formatter(locale: Locale, messages: Messages) {
  let cache = compiledCatalogues.get(messages);
  if (!cache) compiledCatalogues.set(messages, (cache = new Map<string, IntlMessageFormat>()));
  const compiled = cache;
  return (key: MessageKey): IntlMessageFormat | undefined => {
    // By language too: a test may read one catalogue as two languages.
    const id = `${locale}:${key}`;
    let format = compiled.get(id);
    if (!format) {
      const message = messages[key];
      if (message === undefined) return undefined;
      format = new IntlMessageFormat(message, locale, undefined, { formatters: sharedFormatters });
      compiled.set(id, format);
    }
    return format;
  };
}

/** A translator over one catalogue (a missing key shows the key: the catalogue test forbids it). */
export function translator(locale: Locale, messages: Messages): Translate {
  const formatOf = formatter(locale, messages);
  return (key, values) => {
    const format = formatOf(key);
    return format ? String(format.format(values)) : key;
  };
}

function richTranslator(locale: Locale, messages: Messages): TranslateRich {
  const formatOf = formatter(locale, messages);
  return (key, values) => {
    const format = formatOf(key);
    if (!format) return key;
    const parts = format.format<ReactNode>(values);
    // Spread as children: the parts need no keys.
    return Array.isArray(parts) ? createElement(Fragment, null, ...(parts)) : parts;
  };
}

export function I18nProvider({ locale: initial, messages: initialMessages, decided = true, children }: { locale: Locale; messages: Messages; decided?: boolean; children: ReactNode }) {
  const [state, setState] = useState({ locale: initial, messages: initialMessages, decided });
  const switchTo = useCallback(async (locale: Locale, remember: boolean) => {
    const messages = await loadMessages(locale);
    if (typeof document !== 'undefined') applyToDocument(locale);
    if (remember) {
      try {
        window.localStorage.setItem(STORAGE_KEY, locale);
      } catch {
        // Private mode: the choice holds for this visit.
      }
    }
    setState({ locale, messages, decided: true });
  }, []);
  const { locale, messages, decided: localeDecided } = state;
  const [clinicRegion, setClinicRegion] = useState<string | null>();
  const value = useMemo<I18nValue>(
    () => ({
      locale,
      intl: intlTag(locale, clinicRegion),
      t: translator(locale, messages),
      rich: richTranslator(locale, messages),
      setLocale: (next) => switchTo(next, true),
      // The clinic's language, unless the visitor's was decided (chosen, or asked for by the address).
      offerClinicLocale: (tag) => {
        const clinicLocale = localeOf(tag);
        if (clinicLocale && !localeDecided && clinicLocale !== locale) void switchTo(clinicLocale, false);
      },
      offerClinicRegion: (region) => setClinicRegion(region),
    }),
    [locale, messages, switchTo, clinicRegion, localeDecided],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n outside I18nProvider');
  return value;
}

export const useT = (): Translate => useI18n().t;

/** Tells the page the clinic's default language and its country (from its public data), once they have arrived. */
export function useClinicLocale(tag: string | null | undefined, region?: string | null): void {
  const { offerClinicLocale, offerClinicRegion } = useI18n();
  useEffect(() => {
    if (tag) offerClinicLocale(tag);
  }, [tag, offerClinicLocale]);
  useEffect(() => {
    if (region) offerClinicRegion(region);
  }, [region, offerClinicRegion]);
}

/** The connection check's line (lib/challenge.tsx) in the page's language. */
export function useChallengeTexts(): Record<'idle' | 'checking' | 'ready' | 'failed' | 'retry', string> {
  const t = useT();
  // Done: nothing shows (issue 34).
  return { idle: '', checking: t('challenge.checking'), ready: '', failed: t('challenge.failed'), retry: t('challenge.retry') };
}

/**
 * The visible language switcher of each public page: every language named in its own words, after a
 * globe. Its label is for screen readers, and its select keeps one width: it is what shows while a
 * page waits for its language (the HTML's language script), and nothing in it moves meanwhile.
 */
export function LanguageSwitcher() {
  const { locale, t, setLocale } = useI18n();
  return (
    <div className="language-switcher d-flex justify-content-end align-items-center gap-2 mb-2">
      <label htmlFor="page-language" className="visually-hidden">
        {t('language.label')}
      </label>
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.2" className="text-body-secondary">
        <circle cx="8" cy="8" r="6.4" />
        <path d="M1.6 8h12.8M8 1.6c1.8 1.9 2.6 4 2.6 6.4S9.8 12.5 8 14.4C6.2 12.5 5.4 10.4 5.4 8S6.2 3.5 8 1.6z" />
      </svg>
      <select id="page-language" className="form-select form-select-sm" style={{ width: '8.5rem' }} value={locale} onChange={(ev) => void setLocale(ev.target.value as Locale)}>
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
