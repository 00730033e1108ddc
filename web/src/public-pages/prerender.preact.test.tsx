// The prerendered first paint of each public page shows its skeleton, and is what the page renders
// first in the browser: on the runtime the pages are built with (preact/compat, web/preact.ts; this
// test's vitest project aliases it too), the page takes those nodes over instead of repainting.
import { act } from '@testing-library/react';
import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALES, type Locale } from '#shared/i18n/locales';
import { PUBLIC_PAGES, type PublicPage } from '#shared/public-pages';
import arabic from '../i18n/messages/ar.json';
import german from '../i18n/messages/de.json';
import french from '../i18n/messages/fr.json';
import portuguese from '../i18n/messages/pt.json';
import spanish from '../i18n/messages/es.json';
import { mockApi } from '../testing/render';
import { renderOver } from './mount';
import { inEnglish, inLanguage, pageElements, prerender, prerenderTitle } from './prerender';

const PARAMS: Record<string, string[]> = { booking: ['pk_key'], form: ['f1', 'pk_key'], request: ['pk_key'], manage: [] };
// The manage page reads its token from the URL's fragment: without one its first effect replaces the
// spinner with "This link is not valid", a repaint that has nothing to do with the takeover.
const FRAGMENT: Record<string, string> = { manage: '#mt_prerender_test_token' };

/** The page's first paint as the build makes it: in Node, where there is no window. */
function builtFirstPaint(name: PublicPage['name'], locale: Locale = 'en'): string {
  vi.stubGlobal('window', undefined);
  try {
    return prerender(name, locale);
  } finally {
    vi.unstubAllGlobals();
  }
}

/** Hosts a test rendered a page into: unmounted after it, so no effect of it runs in a later test. */
const mounted: Element[] = [];
const renderPage = (host: Element, page: Parameters<typeof renderOver>[1]) => {
  mounted.push(host);
  renderOver(host, page);
};

afterEach(async () => {
  // A page's first effects run after paint, possibly once this test is over; unmounted, they do not
  // (the manage page would otherwise call the real fetch, unstubbed by the next test's prerender).
  for (const host of mounted.splice(0)) render(null, host);
  document.body.innerHTML = '';
  window.location.hash = '';
  vi.restoreAllMocks();
  // Preact's after-paint timer (a requestAnimationFrame raced by a 35 ms timeout) may still be set: let
  // it run while the DOM exists, not after the file's environment is gone (cancelAnimationFrame undefined).
  await new Promise((resolve) => setTimeout(resolve, 50));
});

describe('prerendered public pages', () => {
  it('paint the booking form with its labels, every control disabled until the packages arrive', () => {
    const host = document.createElement('div');
    host.innerHTML = builtFirstPaint('booking');
    expect(host.querySelector('h1')).toHaveTextContent('Booking');
    // The date and time are chosen in the month view and the time buttons (no raw fields, issue 34).
    for (const label of ['Package', 'First Name', 'Last Name', 'Email', 'Phone Number']) {
      const labelEl = [...host.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label));
      expect(labelEl, label).toBeDefined();
      expect(host.querySelector(`#${labelEl!.htmlFor}`), label).toBeDisabled();
    }
    expect(host.querySelector('[data-testid="clinic-name"] .placeholder')).not.toBeNull();
    // The month view's six weeks are painted (empty cells until the browser knows the month), so
    // nothing below moves when its days arrive.
    expect(host.querySelectorAll('section[aria-label="Free days"] tbody tr')).toHaveLength(6);
    expect(host.querySelectorAll('section[aria-label="Free days"] tbody td')).toHaveLength(42);
    expect(host.querySelector('[data-date]')).toBeNull();
    expect(host.querySelector('button[aria-label="Next month"]')).toBeDisabled();
  });

  for (const page of PUBLIC_PAGES) {
    it(`${page.name}: the page takes its first paint over without repainting it`, async () => {
      const host = document.createElement('div');
      host.innerHTML = builtFirstPaint(page.name);
      // The API stays silent: the page starts before any answer, as on a slow network.
      mockApi({});
      vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise(() => {}));
      const consoleErrors = vi.spyOn(console, 'error');
      window.location.hash = FRAGMENT[page.name] ?? '';
      document.body.append(host);
      const painted = [...host.querySelectorAll('*')];
      await act(() => {
        renderPage(host, inEnglish(pageElements[page.name](PARAMS[page.name])));
        return Promise.resolve();
      });
      // Every element of the first paint is still in the page, in place: none was thrown away.
      expect(painted.filter((el) => !host.contains(el))).toEqual([]);
      expect(host.querySelectorAll('h1')).toHaveLength(1);
      expect(consoleErrors).not.toHaveBeenCalled();
    });
  }

  const TEXTS = { es: spanish, fr: french, de: german, pt: portuguese, ar: arabic };
  for (const locale of LOCALES.filter((l) => l !== 'en')) {
    it(`booking in ${locale} (issue 36): its first paint is in that language, and the page rendered in it keeps every node and word`, async () => {
      const texts = TEXTS[locale];
      const host = document.createElement('div');
      host.innerHTML = builtFirstPaint('booking', locale);
      expect(host.querySelector('h1')).toHaveTextContent(texts['booking.title']);
      expect(prerenderTitle('booking', locale)).toBe(texts['booking.title']);
      for (const key of ['booking.firstName', 'booking.email'] as const) {
        expect([...host.querySelectorAll('label')].some((l) => l.textContent?.startsWith(texts[key])), key).toBe(true);
      }
      expect(host.querySelector<HTMLSelectElement>('#page-language')?.value).toBe(locale);
      mockApi({});
      vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise(() => {}));
      document.body.append(host);
      const painted = [...host.querySelectorAll('*')];
      const words = host.textContent;
      await act(() => {
        renderPage(host, inLanguage(locale, pageElements.booking(PARAMS.booking)));
        return Promise.resolve();
      });
      expect(painted.filter((el) => !host.contains(el))).toEqual([]);
      // Nothing the visitor read was rewritten: the first paint was final.
      expect(host.textContent).toBe(words);
    });
  }

  it('booking: the taken-over month view keeps its painted cells until the clinic answers (its country sets the week)', async () => {
    const host = document.createElement('div');
    host.innerHTML = builtFirstPaint('booking');
    document.body.append(host);
    const painted = host.querySelector('section[aria-label="Free days"] tbody')!;
    expect(host.querySelector('#bookingDate')).toBeNull();
    mockApi({});
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise(() => {}));
    await act(() => {
      renderPage(host, inEnglish(pageElements.booking(PARAMS.booking)));
      return Promise.resolve();
    });
    // The same nodes, taken over rather than painted again; no day laid out on a guessed first weekday.
    expect(host.querySelector('section[aria-label="Free days"] tbody')).toBe(painted);
    expect(host.querySelectorAll('section[aria-label="Free days"] tbody td')).toHaveLength(42);
    expect(host.querySelector('[data-date]')).toBeNull();
  });
});
