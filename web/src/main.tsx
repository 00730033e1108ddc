import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './app/router';

/**
 * The stylesheet comes with the code (the import resolves once it has loaded) instead of a <link> in
 * index.html, where it would hold back index.html's own first paint (the splash screen, or on /auth the
 * sign-in screen, whose CSS is inline). The app renders once it is there.
 */
async function start() {
  try {
    await import('./styles/console');
  } catch (error) {
    // Unstyled rather than not there.
    console.error(error);
  }
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
