// The splash screen lives in index.html (outside React) so it also covers the first load.
export const SPLASH_MS = 500;

export function showSplash(): void {
  document.body.classList.add('page-loading');
}

export function hideSplash(): void {
  document.body.classList.remove('page-loading');
}

let timer: ReturnType<typeof setTimeout> | undefined;

/** Show the splash while the layout is switched, hiding it after 500 ms. */
export function flashSplash(ms = SPLASH_MS): void {
  showSplash();
  clearTimeout(timer);
  timer = setTimeout(hideSplash, ms);
}
