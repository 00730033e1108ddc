// The body of a list card in its four states: loading, failed (the server's message or the fallback, with Try again
// when the list can reload), empty, or the list itself.
import type { ReactNode } from 'react';
import { failureText } from '../lib/api';
import { Loading } from './loading';

interface ListBodyProps {
  loading: boolean;
  /** 'Loading forms...' */
  loadingLabel: string;
  /** Shown while loading instead of the spinner (hidden from assistive technology, which hears the label). */
  skeleton?: ReactNode;
  error?: unknown;
  /** Shown when the error has no message: 'The forms could not be loaded.' */
  errorText: string;
  onRetry?: () => unknown;
  empty: boolean;
  emptyText: ReactNode;
  children: ReactNode;
}

export function ListBody({ loading, loadingLabel, skeleton, error, errorText, onRetry, empty, emptyText, children }: ListBodyProps) {
  if (loading && skeleton) {
    return (
      <div role="status">
        <span className="visually-hidden">{loadingLabel}</span>
        <div aria-hidden="true">{skeleton}</div>
      </div>
    );
  }
  if (loading) return <Loading label={loadingLabel} showLabel />;
  if (error) {
    return (
      <div className="alert alert-danger m-3" role="alert">
        {failureText(error, errorText)}
        {onRetry && (
          <>
            {' '}
            <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => void onRetry()}>
              Try again
            </button>
          </>
        )}
      </div>
    );
  }
  if (empty) return <p className="text-body-secondary text-center my-5">{emptyText}</p>;
  return <>{children}</>;
}
