import type { ReactNode } from 'react';

export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-4">
      <h1 className="h3 fw-bold text-body-emphasis mb-2">{title}</h1>
      {children && <p className="text-body-secondary mb-0">{children}</p>}
    </div>
  );
}
