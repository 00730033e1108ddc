// The console's settings card: a titled card (its heading labels it) with a body and, optionally, a
// footer of buttons on the right. Given onSubmit it is the form itself, so the footer's submit button
// sends it; otherwise it is a section.
import type { FormEventHandler, ReactNode } from 'react';
import { StatusBanner, type Status } from './status-banner';

interface CardProps {
  /** The heading's id (the card is labelled by it). */
  titleId: string;
  title: ReactNode;
  /** Makes the card a form (validated by the page, not the browser). */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** The form's message, first in the body. */
  status?: Status | null;
  /** Classes added to the card's ('mt-4'). */
  className?: string;
  /** Classes added to the body's ('d-grid gap-3'). */
  bodyClassName?: string;
  /** The buttons under the body, right-aligned; nothing renders no footer. */
  footer?: ReactNode;
  children: ReactNode;
}

export function Card({ titleId, title, onSubmit, status, className, bodyClassName, footer, children }: CardProps) {
  const content = (
    <>
      <div className="card-header bg-transparent py-3">
        <h2 id={titleId} className="h6 fw-bold mb-0">
          {title}
        </h2>
      </div>
      <div className={bodyClassName ? `card-body ${bodyClassName}` : 'card-body'}>
        {status !== undefined && <StatusBanner status={status} />}
        {children}
      </div>
      {footer && <div className="card-footer bg-transparent d-flex justify-content-end gap-2 py-3">{footer}</div>}
    </>
  );
  const cardClass = className ? `card border-0 shadow-sm ${className}` : 'card border-0 shadow-sm';
  return onSubmit ? (
    <form onSubmit={onSubmit} noValidate aria-labelledby={titleId} className={cardClass}>
      {content}
    </form>
  ) : (
    <section className={cardClass} aria-labelledby={titleId}>
      {content}
    </section>
  );
}
