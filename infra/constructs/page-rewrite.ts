// Which HTML file answers a page path: CloudFront's viewer-request function of the site's pages
// (infra/constructs/site.ts) and, running the very same code, the local server (infra/local/stack.ts).
// No CDK here: the local server imports it.
import { runInNewContext } from 'node:vm';
import { DEFAULT_LOCALE, LOCALES } from '../../shared/i18n/locales';
import { htmlFileOf, PUBLIC_PAGES } from '../../shared/public-pages';

/**
 * The viewer-request function of the site's pages (CloudFront Functions, JS 2.0 runtime): a public
 * page's path is answered with its own prerendered HTML in the visitor's language (issue 36), any other
 * extensionless path (a console route) with index.html, files as they are.
 *
 * The language, as far as the request tells it, by the page's own rule (web/src/i18n/i18n.tsx
 * initialLocale): `?lang=` when it names one of ours, else the first of ours in Accept-Language (the
 * browser's languages, by weight), else English. The visitor's stored choice is the browser's alone:
 * the page renders over the file in that language when it differs (web/vite-public-pages.ts's language
 * script), so any file the server picks leaves the page correct. The cache key is the rewritten URI, so
 * CloudFront keeps one copy per file.
 */
export const pageRewriteCode = () => {
  const files = PUBLIC_PAGES.map((page) => `[new RegExp(${JSON.stringify(page.pattern)}), ${JSON.stringify(Object.fromEntries(LOCALES.map((locale) => [locale, `/${htmlFileOf(page, locale)}`])))}]`);
  return `var PAGES = [${files.join(', ')}];
var LOCALES = ${JSON.stringify(LOCALES)};
function supported(tag) {
  var base = String(tag || '').trim().toLowerCase().split(/[-_]/)[0];
  return LOCALES.indexOf(base) >= 0 ? base : '';
}
function language(request) {
  var query = request.querystring && request.querystring.lang;
  var asked = supported(query && query.value);
  if (asked) return asked;
  var header = request.headers && request.headers['accept-language'];
  var parts = header && header.value ? header.value.split(',') : [];
  var best = '', weight = 0;
  for (var i = 0; i < parts.length; i++) {
    var fields = parts[i].split(';');
    var q = 1;
    for (var j = 1; j < fields.length; j++) {
      var m = /^\\s*q\\s*=\\s*([0-9.]+)\\s*$/.exec(fields[j]);
      if (m) q = Number(m[1]) || 0;
    }
    var found = supported(fields[0]);
    if (found && q > weight) { best = found; weight = q; }
  }
  return best || ${JSON.stringify(DEFAULT_LOCALE)};
}
function handler(event) {
  var request = event.request;
  for (var i = 0; i < PAGES.length; i++) {
    if (PAGES[i][0].test(request.uri)) {
      request.uri = PAGES[i][1][language(request)];
      return request;
    }
  }
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;
};

/** The request's parts the function reads, as CloudFront hands them over. */
export interface PageRequest {
  uri: string;
  querystring?: Record<string, { value: string }>;
  headers?: Record<string, { value: string }>;
}

let rewrite: ((event: { request: PageRequest }) => PageRequest) | undefined;

/**
 * The file CloudFront would answer a page request with (a path such as /booking.ar.html), by running
 * its function's code here, in a context of its own as CloudFront does.
 */
export function pageFileFor(path: string, search: URLSearchParams, acceptLanguage: string | undefined): string {
  rewrite ??= runInNewContext(`${pageRewriteCode()}; handler;`) as typeof rewrite & object;
  const lang = search.get('lang');
  const request: PageRequest = {
    uri: path,
    querystring: lang === null ? {} : { lang: { value: lang } },
    headers: acceptLanguage === undefined ? {} : { 'accept-language': { value: acceptLanguage } },
  };
  return rewrite({ request }).uri;
}
