// Starts a public page in the browser: renders over the prerendered HTML of the build, or into an empty
// root (vite dev, where the HTML is not prerendered and the full stylesheet is loaded instead).
import { render, type ComponentChild } from 'preact';
import { StrictMode, type ReactElement, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { publicPageAt } from '#shared/public-pages';

/** The page's path parameters, in the order of its pattern (shared/public-pages.ts). */
export const pathParams = (): string[] => publicPageAt(window.location.pathname)?.params ?? [];

export function mount(page: ReactNode): void {
  if (import.meta.env.DEV) void import('./dev-styles');
  const root = document.getElementById('root')!;
  const app = <StrictMode>{page}</StrictMode>;
  if (root.firstElementChild) renderOver(root, app);
  else createRoot(root).render(app);
}

/**
 * Built, the page runs on preact/compat (web/preact.ts). Preact's own render() takes the prerendered
 * DOM over node by node and corrects every difference; compat's createRoot would first empty the root
 * (a repaint), and hydrate() would keep the first paint's attributes (a date field's minimum, say).
 */
export const renderOver = (root: Element, app: ReactElement) => render(app as unknown as ComponentChild, root);
