// Starts a public page in the browser: renders over the prerendered HTML of the build, or into an empty
// root (vite dev, where the HTML is not prerendered and the full stylesheet is loaded instead).
import { render } from 'preact';
import { StrictMode, type ReactElement, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { publicPageAt } from '#shared/public-pages';
import type { Locale } from '#shared/i18n/locales';
import { applyToDocument, I18nProvider, initialLocale, loadMessages } from '../i18n/i18n';
import { nextTask } from './next-task';

/** The page's path parameters, in the order of its pattern (shared/public-pages.ts). */
export const pathParams = (): string[] => publicPageAt(window.location.pathname)?.params ?? [];

/**
 * Renders the page in the visitor's language (src/i18n/i18n.tsx): its catalogue (a small chunk of its
 * own) is loaded first, so the first render is already in that language; the HTML's lang and dir follow.
 * Resolves with that language once the page is rendered.
 */
export async function mount(page: ReactNode): Promise<Locale> {
  if (import.meta.env.DEV) void import('./dev-styles');
  let { locale, decided } = initialLocale();
  // A catalogue that does not arrive (a dropped connection): the page in English rather than none.
  const messages = await loadMessages(locale).catch(() => {
    [locale, decided] = ['en', false];
    return loadMessages('en');
  });
  applyToDocument(locale);
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <I18nProvider locale={locale} messages={messages} decided={decided}>
        {page}
      </I18nProvider>
    </StrictMode>
  );
  if (root.firstElementChild) {
    // The take-over in a task of its own, not in the one that evaluated the page's script (with its
    // catalogue already there, they were one long task).
    await nextTask();
    renderOver(root, app);
  }
  else createRoot(root).render(app);
  // Rendered in its language: the content hidden meanwhile shows (the HTML's language script).
  document.documentElement.removeAttribute('data-i18n-pending');
  return locale;
}

/**
 * Built, the page runs on preact/compat (web/preact.ts). Preact's own render() takes the prerendered
 * DOM over node by node and corrects every difference; compat's createRoot would first empty the root
 * (a repaint), and hydrate() would keep the first paint's attributes (a date field's minimum, say).
 */
export const renderOver = (root: Element, app: ReactElement) => render(app, root);
