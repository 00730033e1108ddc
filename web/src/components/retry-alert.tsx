/** A load that failed: why (the error's message, else `fallback`) and a Retry button. */
export function RetryAlert({ error, fallback, onRetry, className }: { error: unknown; fallback: string; onRetry: () => void; className?: string }) {
  return (
    <div className={`alert alert-danger d-flex flex-wrap align-items-center gap-2${className ? ` ${className}` : ''}`} role="alert">
      <span>{(error as Error).message || fallback}</span>
      <button type="button" className="btn btn-sm btn-outline-danger ms-auto" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
