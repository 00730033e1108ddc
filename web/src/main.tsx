import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './app/router';

/** How long the first render waits for the signed-in calls (a slow API, a cold start) at most. */
const EARLY_CALLS_WAIT_MS = 2000;

/**
 * The stylesheet comes with the code (the import resolves once it has loaded) instead of a <link> in
 * index.html, where it would hold back index.html's own first paint (the splash screen, or on /auth the
 * sign-in screen, whose CSS is inline). The app renders once it is there, and (signed in) with the
 * shell's own calls answered, started beside it (app/start-early.ts), so the shell renders once.
 */
async function start() {
  const early = import('./app/start-early').then(
    (module) => module.startEarly(window.location.pathname, window.location.search),
    (error: unknown) => console.error(error),
  );
  try {
    await import('./styles/console');
  } catch (error) {
    // Unstyled rather than not there.
    console.error(error);
  }
  // A call still out then is left to its hook, which shows its placeholder until it arrives.
  await Promise.race([early, new Promise((resolve) => window.setTimeout(resolve, EARLY_CALLS_WAIT_MS))]);
  const root = createRoot(document.getElementById('root')!);
  // A transition, so React renders the first screen in slices of a few milliseconds, yielding between
  // them, instead of one long task that holds a slow phone's main thread.
  startTransition(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={createAppRouter()} />
      </StrictMode>,
    ),
  );
}

void start();
