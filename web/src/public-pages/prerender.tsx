// Build time only (web/vite-public-pages.ts bundles it for Node on the pages' runtime): a public page's
// first paint as HTML, rendered with no parameters, so it shows the page's skeleton (title, layout,
// labels, reserved space for the clinic's data) that the page then takes over (src/public-pages/mount.tsx).
// One per language (issue 36): the visitor is served the one in their language, final from its first paint.
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Locale } from '#shared/i18n/locales';
import type { PublicPage } from '#shared/public-pages';
import { I18nProvider, translator, type MessageKey, type Messages } from '../i18n/i18n';
import arabic from '../i18n/messages/ar.json';
import english from '../i18n/messages/en.json';
import french from '../i18n/messages/fr.json';
import german from '../i18n/messages/de.json';
import portuguese from '../i18n/messages/pt.json';
import spanish from '../i18n/messages/es.json';
import { AppointmentRequestPage } from './request/request-page';
import { BookingPage } from './booking/booking-page';
import { PublicFormPage } from './form/form-page';
import { ManagePage } from './manage/manage-page';
import { IntakePage } from './intake/intake-page';

/** Each page as its entry renders it, with the path's parameters (in the order of its pattern). */
export const pageElements: Record<PublicPage['name'], (params: string[]) => ReactElement> = {
  booking: ([apiKey = '']) => <BookingPage apiKey={apiKey} />,
  form: ([formId = '', apiKey = '']) => <PublicFormPage formId={formId} apiKey={apiKey} />,
  request: ([apiKey = '']) => <AppointmentRequestPage apiKey={apiKey} />,
  manage: () => <ManagePage />,
  intake: () => <IntakePage />,
};

const CATALOGUES: Record<Locale, Messages> = { en: english, es: spanish, fr: french, de: german, pt: portuguese, ar: arabic };

/** A page in one language, as its first paint (the browser renders over it, in another language if the visitor's is another). */
export const inLanguage = (locale: Locale, page: ReactElement) => (
  <I18nProvider locale={locale} messages={CATALOGUES[locale]} decided={false}>
    {page}
  </I18nProvider>
);

export const inEnglish = (page: ReactElement) => inLanguage('en', page);

export const prerender = (name: PublicPage['name'], locale: Locale = 'en'): string => renderToString(inLanguage(locale, pageElements[name]([])));

/**
 * Each page's title before its data arrives, as the page sets document.title (the form page's is the
 * form's name: its HTML keeps its own), so each language's HTML has its title in that language.
 */
const TITLES: Record<PublicPage['name'], MessageKey | undefined> = {
  booking: 'booking.title',
  form: undefined,
  request: 'request.title',
  manage: 'manage.booking',
  intake: 'intake.title',
};

export const prerenderTitle = (name: PublicPage['name'], locale: Locale): string | undefined => {
  const key = TITLES[name];
  return key && translator(locale, CATALOGUES[locale])(key);
};
