import type { ReactNode } from 'react';

export interface Status {
  kind: 'success' | 'danger' | 'info';
  text: ReactNode;
}

/** The message under a form's title: red for errors, green otherwise (spec section 8). */
export function StatusBanner({ status, className }: { status?: Status | null; className?: string }) {
  if (!status) return null;
  const icon = status.kind === 'danger' ? 'bi-exclamation-octagon' : status.kind === 'success' ? 'bi-check-circle' : 'bi-info-circle';
  return (
    <div className={`alert alert-${status.kind} d-flex align-items-start gap-2 py-2 ${className ?? ''}`} role={status.kind === 'danger' ? 'alert' : 'status'}>
      <i className={`bi ${icon} mt-1`} aria-hidden="true" />
      <div>{status.text}</div>
    </div>
  );
}
