// The visitor's first input on a page: a touch, a click, a key, a field taking the focus or a value.
// Recorded from the moment this module runs: a prerendered page is painted and usable before it is taken
// over, and the effects that listen run only after that, so a key pressed in between would be lost.

const FIRST_INPUT = ['pointerdown', 'keydown', 'focusin', 'input'] as const;

let seen = false;

/** Calls `listener` once, at the next input; returns the way to stop listening. */
function listen(listener: () => void): () => void {
  const stop = () => FIRST_INPUT.forEach((type) => document.removeEventListener(type, once, true));
  const once = () => {
    stop();
    listener();
  };
  FIRST_INPUT.forEach((type) => document.addEventListener(type, once, { capture: true, passive: true }));
  return stop;
}

/** Runs `then` at the visitor's first input on this page, or now if it already came; returns the way to cancel. */
export function afterFirstInput(then: () => void): () => void {
  if (seen) {
    then();
    return () => undefined;
  }
  return listen(then);
}

/** Tests: each test is a new page the visitor has not touched yet. */
export function forgetFirstInput(): void {
  seen = false;
  watch();
}

let stopWatching: (() => void) | undefined;
function watch() {
  stopWatching?.();
  stopWatching = listen(() => (seen = true));
}

if (typeof document !== 'undefined') watch();
