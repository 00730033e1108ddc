// The public pages (no sign-in): each is its own prerendered HTML file of the web build with its own
// small entry script and inline CSS. One list, read by the Vite build (web/vite.config.ts), the local
// server (infra/local/stack.ts), CloudFront's viewer-request function (infra/constructs/site.ts), the bundle
// report and the bench. Every other extensionless path is the console's (index.html).

import { DEFAULT_LOCALE, LOCALES, type Locale } from './i18n/locales.ts';

export interface PublicPage {
  /** Also the HTML file's name (`booking` -> booking.html) and its entry (web/src/public-pages/booking.tsx). */
  name: 'booking' | 'form' | 'request' | 'manage' | 'intake';
  /** The page's address; named groups are its parameters. Plain ES5 syntax: CloudFront Functions run it. */
  pattern: string;
  /** An example address (tests, the bench, the bundle report). */
  example: string;
  /** CloudFront path pattern of a page clinics may frame on their https sites; absent: never framed. */
  embeddable?: string;
  /**
   * The API GET the page opens with (below /api; {1}, {2}: its path parameters), started by its HTML
   * while the page's script still downloads, so the clinic's data does not wait for it
   * (web/vite-public-pages.ts writes the starter, web/src/lib/api.ts takes its answer).
   */
  earlyGet?: string;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { name: 'booking', pattern: '^/booking/([^/]+)/?$', example: '/booking/key', embeddable: '/booking/*' },
  { name: 'form', pattern: '^/form-builder/public/([^/]+)/([^/]+)/?$', example: '/form-builder/public/form/key', embeddable: '/form-builder/public/*', earlyGet: '/leads/forms/{1}?apiKey={2}' },
  { name: 'request', pattern: '^/room-integration/([^/]+)/?$', example: '/room-integration/key', embeddable: '/room-integration/*', earlyGet: '/public/appointments/{1}' },
  // The patient's manage link (/manage#<token>): the token stays in the fragment.
  { name: 'manage', pattern: '^/manage/?$', example: '/manage' },
  // The intake link of a booking's mail (/intake#<token>, issue 36): the token stays in the fragment.
  { name: 'intake', pattern: '^/intake/?$', example: '/intake' },
];

/**
 * The page's prerendered HTML in a language (issue 36): `booking.html` in English, `booking.ar.html` in
 * Arabic, one file per language of LOCALES, so the first paint is already in the visitor's language.
 */
export const htmlFileOf = (page: Pick<PublicPage, 'name'>, locale: Locale = DEFAULT_LOCALE) =>
  locale === DEFAULT_LOCALE ? `${page.name}.html` : `${page.name}.${locale}.html`;

/** Every HTML file of a page: one per language. */
export const htmlFilesOf = (page: Pick<PublicPage, 'name'>) => LOCALES.map((locale) => htmlFileOf(page, locale));

/** The public page at a path, with its path parameters in order (decoded), or undefined. */
export function publicPageAt(pathname: string): { page: PublicPage; params: string[] } | undefined {
  for (const page of PUBLIC_PAGES) {
    const match = new RegExp(page.pattern).exec(pathname);
    if (!match) continue;
    try {
      return { page, params: match.slice(1).map((p) => decodeURIComponent(p)) };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The HTML file that answers a page path: a public page's own, else the console's index.html. */
export const htmlFileFor = (pathname: string) => {
  const found = publicPageAt(pathname);
  return found ? htmlFileOf(found.page) : 'index.html';
};

/** Where a page's early GET answer waits for the page's API client (window[EARLY_GET_KEY][url]). */
export const EARLY_GET_KEY = '__earlyGet';
