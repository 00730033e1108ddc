// The splash screen lives in index.html (outside React) so it also covers the first load.
export const SPLASH_MS = 500;

/**
 * The id of the sign-in screen's prerendered first paint, which index.html shows instead of the splash
 * screen on /auth (web/vite-auth-first-paint.ts) until the auth layout replaces it.
 */
export const FIRST_PAINT_ID = 'auth-first-paint';

export function showSplash(): void {
  document.body.classList.add('page-loading');
}

export function hideSplash(): void {
  document.body.classList.remove('page-loading');
}

/** Removes the prerendered sign-in screen, if index.html showed it. */
export function removeFirstPaint(): void {
  document.getElementById(FIRST_PAINT_ID)?.remove();
}

let timer: ReturnType<typeof setTimeout> | undefined;

/** Show the splash while the layout is switched, hiding it after 500 ms. */
export function flashSplash(ms = SPLASH_MS): void {
  showSplash();
  clearTimeout(timer);
  timer = setTimeout(hideSplash, ms);
}
