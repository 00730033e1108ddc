import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { hideSplash, removeFirstPaint } from '../lib/splash';
import { NotFound } from './not-found';

/** What went wrong, in one line: the status and text of a route error response, or the message. */
export function errorDetail(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/** The router's error element: 404s get the not-found page; anything else a plain explanation. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    hideSplash();
    removeFirstPaint();
    console.error(error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const detail = errorDetail(error);
  // A new release replaces the hashed files an old tab still refers to: a reload fetches the new ones.
  const staleBuild = error instanceof Error && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);
  return (
    <main className="d-flex flex-column align-items-center justify-content-center text-center min-vh-100 p-4">
      <i className="bi bi-exclamation-triangle display-4 text-warning mb-3" aria-hidden="true" />
      <h1 className="h3 fw-bold">Unexpected Application Error!</h1>
      {detail && <p className="text-body-secondary font-monospace small mb-4">{detail}</p>}
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {staleBuild ? 'Reload the app' : 'Try again'}
        </button>
        <a href="/dashboard" className="btn btn-light">
          Return Home
        </a>
      </div>
    </main>
  );
}
