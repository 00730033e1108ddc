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

/**
 * Ends a flash now: hides the splash and drops its timer. The component tests call it after each test
 * (web/src/testing/setup.ts): a layout switch's timer left pending fired after the test's document was
 * torn down ("document is not defined", an error outside any test that failed the run).
 */
export function endFlash(): void {
  clearTimeout(timer);
  timer = undefined;
  hideSplash();
}
