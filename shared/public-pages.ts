// The public pages (no sign-in): each is its own prerendered HTML file of the web build with its own
// small entry script and inline CSS. One list, read by the Vite build (web/vite.config.ts), the local
// server (infra/local/stack.ts), CloudFront's viewer-request function (infra/stack.ts), the bundle
// report and the bench. Every other extensionless path is the console's (index.html).

export interface PublicPage {
  /** Also the HTML file's name (`booking` -> booking.html) and its entry (web/src/public-pages/booking.tsx). */
  name: 'booking' | 'form' | 'request' | 'manage';
  /** The page's address; named groups are its parameters. Plain ES5 syntax: CloudFront Functions run it. */
  pattern: string;
  /** An example address (tests, the bench, the bundle report). */
  example: string;
  /** CloudFront path pattern of a page clinics may frame on their https sites; absent: never framed. */
  embeddable?: string;
}

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { name: 'booking', pattern: '^/booking/([^/]+)/?$', example: '/booking/key', embeddable: '/booking/*' },
  { name: 'form', pattern: '^/form-builder/public/([^/]+)/([^/]+)/?$', example: '/form-builder/public/form/key', embeddable: '/form-builder/public/*' },
  { name: 'request', pattern: '^/room-integration/([^/]+)/?$', example: '/room-integration/key', embeddable: '/room-integration/*' },
  // The patient's manage link (/manage#<token>): the token stays in the fragment.
  { name: 'manage', pattern: '^/manage/?$', example: '/manage' },
];

export const htmlFileOf = (page: Pick<PublicPage, 'name'>) => `${page.name}.html`;

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
