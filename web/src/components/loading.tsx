/** A centred spinner with a visible or screen-reader label. */
export function Loading({ label = 'Loading...', showLabel = false, className }: { label?: string; showLabel?: boolean; className?: string }) {
  return (
    <div className={`d-flex align-items-center justify-content-center gap-2 py-5 text-body-secondary ${className ?? ''}`} role="status">
      <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
      <span className={showLabel ? '' : 'visually-hidden'}>{label}</span>
    </div>
  );
}

/** Button content while a form submits. */
export function Busy({ children = 'Please wait...' }: { children?: string }) {
  return (
    <>
      <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
      {children}
    </>
  );
}
