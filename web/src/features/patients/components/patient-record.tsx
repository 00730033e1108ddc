// A patient's record as one list, newest first: each item with its kind, what it is, when, its state
// and money, and a link to its own page where it has one; "Load more" reads the next 25.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatMoney } from '#shared/currency';
import { formatDate } from '../../../lib/dates';
import type { Paged } from '../../../lib/paged';
import type { PatientItem } from '../api/patients';
import { ITEM_KIND_LOOK, statusText } from '../kinds';

function Money({ item }: { item: PatientItem }) {
  if (item.amountMinor === null || !item.currency) return null;
  return (
    <span className="small text-nowrap">
      {formatMoney(item.amountMinor, item.currency)}
      {item.refundedMinor ? <span className="text-danger ms-2">refunded {formatMoney(item.refundedMinor, item.currency)}</span> : null}
    </span>
  );
}

/** How much of an item's text shows before "Show more": a mail body is often 20 lines and more on a phone. */
const CLIP_LINES = 4;
const CLIP_CHARS = 280;

/** The start of `text` (its first lines, at most CLIP_CHARS), or undefined when it is short enough to show whole. */
function clipText(text: string): string | undefined {
  const lines = text.split('\n');
  if (lines.length <= CLIP_LINES && text.length <= CLIP_CHARS) return undefined;
  const start = lines.slice(0, CLIP_LINES).join('\n');
  return `${(start.length > CLIP_CHARS ? start.slice(0, CLIP_CHARS) : start).trimEnd()}…`;
}

function ItemText({ id, text }: { id: string; text: string }) {
  const [open, setOpen] = useState(false);
  const clipped = clipText(text);
  return (
    <>
      <p id={id} className="small mb-0 mt-1 text-break patient-item-text" style={{ whiteSpace: 'pre-line' }}>{open || !clipped ? text : clipped}</p>
      {clipped && (
        <button type="button" className="btn btn-link btn-sm p-0 align-baseline" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {open ? 'Show less' : 'Show more'}
        </button>
      )}
    </>
  );
}

function Row({ item }: { item: PatientItem }) {
  const look = ITEM_KIND_LOOK[item.kind];
  const title = item.title || look.label;
  return (
    <li className="list-group-item py-3" data-kind={item.kind}>
      <div className="d-flex gap-3">
        <i className={`bi ${look.icon} fs-5 text-body-secondary`} aria-hidden="true" />
        <div className="flex-grow-1 min-w-0">
          <div className="d-flex flex-wrap justify-content-between gap-2">
            <div className="min-w-0">
              <span className="small text-body-secondary d-block">{look.label}</span>
              {look.link ? <Link to={look.link(item.id)} className="fw-semibold text-break">{title}</Link> : <span className="fw-semibold text-break">{item.title}</span>}
            </div>
            {/* One line, beside the title or wrapped below it (a phone, a long title): never a badge adrift under a right-aligned time. */}
            <div className="d-flex flex-wrap align-items-center gap-2">
              <time dateTime={item.at} className="small text-body-secondary text-nowrap">{formatDate(item.at)}</time>
              {item.status && <span className="badge text-bg-light border">{statusText(item.kind, item.status)}</span>}
            </div>
          </div>
          {item.when && <div className="small mt-1">Visit: {item.when}</div>}
          <Money item={item} />
          {item.text && <ItemText id={`item-text-${item.kind}-${item.id}`.replace(/[^\w-]/g, '_')} text={item.text} />}
          {item.by && <div className="small text-body-secondary mt-1">By {item.by}</div>}
        </div>
      </div>
    </li>
  );
}

export function PatientRecord({ list }: { list: Paged<PatientItem> }) {
  if (list.isLoading) return <p className="text-body-secondary text-center my-4">Loading the record...</p>;
  if (list.error && !list.items.length) {
    return (
      <div className="alert alert-danger m-3" role="alert">
        The record could not be loaded. <button type="button" className="btn btn-link p-0 align-baseline" onClick={() => void list.reload()}>Try again</button>
      </div>
    );
  }
  if (!list.items.length) return <p className="text-body-secondary text-center my-4">Nothing in this record yet.</p>;
  return (
    <>
      <ul className="list-group list-group-flush" aria-label="Record, newest first">
        {list.items.map((item) => <Row key={`${item.kind}:${item.id}:${item.at}`} item={item} />)}
      </ul>
      {list.hasMore && (
        <div className="card-footer bg-transparent text-center py-3">
          <button type="button" className="btn btn-light" disabled={list.isLoadingMore} onClick={() => void list.loadMore()}>
            {list.isLoadingMore ? 'Loading...' : 'Load more'}
          </button>
        </div>
      )}
    </>
  );
}
