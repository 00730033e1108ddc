// Build time only (web/vite-public-pages.ts bundles it for Node on the pages' runtime): a public page's
// first paint as HTML, rendered with no parameters, so it shows the page's skeleton (title, layout,
// labels, reserved space for the clinic's data) that the page then takes over (src/public-pages/mount.tsx).
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { PublicPage } from '#shared/public-pages';
import { I18nProvider } from '../i18n/i18n';
import english from '../i18n/messages/en.json';
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

/** The first paint is in English (the HTML's lang="en"); the browser renders the visitor's language over it. */
export const inEnglish = (page: ReactElement) => (
  <I18nProvider locale="en" messages={english} decided={false}>
    {page}
  </I18nProvider>
);

export const prerender = (name: PublicPage['name']): string => renderToString(inEnglish(pageElements[name]([])));
