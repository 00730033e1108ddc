// The public pages' HTML in each language (issue 36): the Arabic copy of a built page is right to left
// with its first paint in Arabic and the same scripts, and the language script hides nothing when the
// page's language is the HTML's, only when the visitor's stored choice is another.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_SCRIPT, localizedHtml } from './vite-public-pages';

const ENGLISH_FIRST_PAINT = '<main><h1>Booking</h1></main>';
const BUILT = `<!doctype html>\n<html lang="en">\n  <head><title>Booking</title><script>var theme=1;</script></head>\n  <body><div id="root">${ENGLISH_FIRST_PAINT}</div><script data-src="/assets/booking-AbCd.js">load()</script></body>\n</html>`;

describe("a public page's copy in another language", () => {
  it('is the built page with its lang, dir, title and first paint in that language, every script the same', () => {
    const arabic = localizedHtml(BUILT, ENGLISH_FIRST_PAINT, 'ar', { html: '<main><h1>الحجز</h1></main>', title: 'الحجز' });
    expect(arabic).toBe(
      BUILT.replace('<html lang="en">', '<html lang="ar" dir="rtl">').replace('<title>Booking</title>', '<title>الحجز</title>').replace('<h1>Booking</h1>', '<h1>الحجز</h1>'),
    );
    const spanish = localizedHtml(BUILT, ENGLISH_FIRST_PAINT, 'es', { html: '<main><h1>Reserva $&</h1></main>', title: 'Reserva <$&>' });
    // Written as it is (no replacement patterns, the title escaped), left to right.
    expect(spanish).toContain('<html lang="es" dir="ltr">');
    expect(spanish).toContain('<h1>Reserva $&</h1>');
    expect(spanish).toContain('<title>Reserva &lt;$&amp;&gt;</title>');
    // A page without a title of its own (the form's is its name) keeps the HTML's.
    expect(localizedHtml(BUILT, ENGLISH_FIRST_PAINT, 'fr', { html: '<main></main>' })).toContain('<title>Booking</title>');
  });

  it('refuses a page whose first paint or html tag it cannot find', () => {
    expect(() => localizedHtml(BUILT, '<main>other</main>', 'ar', { html: '' })).toThrow(/no first paint/);
    expect(() => localizedHtml(BUILT.replace('lang="en"', 'lang="fr"'), ENGLISH_FIRST_PAINT, 'ar', { html: '' })).toThrow(/no <html lang="en">/);
  });
});

/** The language script run in a page served in `htmlLang`, at `search`, with a stored choice and the browser's languages. */
function runLanguageScript(htmlLang: string, { search = '', stored = null as string | null, languages = ['en-US'] } = {}) {
  const attributes = new Set<string>();
  const root = { lang: htmlLang, dir: htmlLang === 'ar' ? 'rtl' : '', setAttribute: (name: string) => attributes.add(name) };
  const code = /<script>([\s\S]*)<\/script>/.exec(LANGUAGE_SCRIPT)![1];
  runInNewContext(code, {
    document: { documentElement: root },
    location: { search },
    localStorage: { getItem: (key: string) => (key === 'clinic.locale' ? stored : null) },
    navigator: { languages, language: languages[0] },
  });
  return { lang: root.lang, dir: root.dir, pending: attributes.has('data-i18n-pending') };
}

describe("the HTML's language script", () => {
  it('hides nothing when the page will be in the HTML language: its first paint is final', () => {
    expect(runLanguageScript('ar', { search: '?lang=ar' })).toEqual({ lang: 'ar', dir: 'rtl', pending: false });
    expect(runLanguageScript('es', { search: '?x=1&lang=es-MX' })).toEqual({ lang: 'es', dir: '', pending: false });
    expect(runLanguageScript('ar', { languages: ['ar-EG', 'en'] })).toEqual({ lang: 'ar', dir: 'rtl', pending: false });
    expect(runLanguageScript('en', {})).toEqual({ lang: 'en', dir: '', pending: false });
    // No language of ours anywhere: the page is in English.
    expect(runLanguageScript('en', { languages: ['ja'] })).toEqual({ lang: 'en', dir: '', pending: false });
  });

  it("waits for the visitor's language when the HTML is in another, laid out in its direction", () => {
    // A stored choice the server cannot know (no ?lang=).
    expect(runLanguageScript('en', { stored: 'fr' })).toEqual({ lang: 'fr', dir: 'ltr', pending: true });
    expect(runLanguageScript('ar', { stored: 'en', languages: ['ar'] })).toEqual({ lang: 'en', dir: 'ltr', pending: true });
    expect(runLanguageScript('en', { stored: 'ar' })).toEqual({ lang: 'ar', dir: 'rtl', pending: true });
    // The address wins over a stored choice, as in the page (src/i18n/i18n.tsx initialLocale).
    expect(runLanguageScript('ar', { search: '?lang=ar', stored: 'fr' })).toEqual({ lang: 'ar', dir: 'rtl', pending: false });
  });
});
