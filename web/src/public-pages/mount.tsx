// Starts a public page in the browser: hydrates the prerendered HTML of the build, or renders into an
// empty root (vite dev, where the HTML is not prerendered and the full stylesheet is loaded instead).
import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { publicPageAt } from '#shared/public-pages';

/** The page's path parameters, in the order of its pattern (shared/public-pages.ts). */
export const pathParams = (): string[] => publicPageAt(window.location.pathname)?.params ?? [];

export function mount(page: ReactNode): void {
  if (import.meta.env.DEV) void import('./dev-styles');
  const root = document.getElementById('root')!;
  const app = <StrictMode>{page}</StrictMode>;
  if (root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
}
