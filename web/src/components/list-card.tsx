// The card every console list sits in: a header (title, an optional line under it, actions beside it,
// filters below), the body in its four states (ListBody: a skeleton of the table while it loads, the
// error with Try again, the empty text, the rows), and a footer: "Load more", or Previous/Next for the
// lists read a page at a time. The skeleton has the table's own header row and rows as tall as real
// ones, and the body keeps that height for an empty list or an error, so nothing below jumps when the
// data arrives.
import type { ReactNode } from 'react';
import type { Paged } from '../lib/paged';
import { ListBody } from './list-body';
import { LoadMoreFooter } from './load-more-footer';
import { ResponsiveTable } from './responsive-table';

/** What a list card needs of its list: usePaged's answer, or a plain fetch (no paging). */
export interface ListState {
  isLoading: boolean;
  error?: unknown;
  reload?: () => unknown;
  hasMore?: boolean;
  isLoadingMore?: boolean;
  loadMore?: () => unknown;
}

/** Rows of the skeleton: the lists' usual first screen of a small clinic. */
const SKELETON_ROWS = 3;

/** A header cell: its text, or the text with classes, or a text only screen readers hear. */
export type Column = string | { label: string; className?: string; hidden?: boolean };

/** The row actions' column (right-aligned, its name visually hidden: ResponsiveTable stacks it last). */
export const ACTIONS: Column = { label: 'Actions', hidden: true, className: 'text-end pe-4' };

function HeaderCells({ columns }: { columns: (Column | false | undefined)[] }) {
  return columns
    .filter((c): c is Column => Boolean(c))
    .map((column, i) => {
      const { label, className, hidden } = typeof column === 'string' ? { label: column } : column;
      return (
        <th key={label} scope="col" className={[i === 0 ? 'ps-4' : '', className ?? ''].join(' ').trim() || undefined}>
          {hidden ? <span className="visually-hidden">{label}</span> : label}
        </th>
      );
    });
}

interface ListCardProps {
  /** The heading's id (the card is labelled by it). */
  titleId: string;
  title: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  /** Beside the title: search, buttons. */
  actions?: ReactNode;
  /** Under the title row: a filter form. */
  filters?: ReactNode;
  list: ListState;
  /** False hides "Try again" (a list that cannot reload by itself). */
  retry?: boolean;
  empty: boolean;
  /** What the list holds ('forms'): 'Loading forms...' and 'The forms could not be loaded.' */
  noun?: string;
  /** Instead of the noun's. */
  loadingLabel?: string;
  errorText?: string;
  emptyText: ReactNode;
  /** The table's header cells (false: not shown); without them, children is the whole body (a list group). */
  columns?: (Column | false | undefined)[];
  /** Classes of the <table> (ResponsiveTable's default: table-hover). */
  tableClassName?: string;
  /** The table's accessible name, where the card's title does not name it. */
  tableLabel?: string;
  /** Instead of "Load more" (PagerFooter). */
  footer?: ReactNode;
  /** The rows (<tr>), or the body when there are no columns. */
  children: ReactNode;
  /** After the card's footer, inside the card: its dialogs. */
  dialogs?: ReactNode;
  className?: string;
}

export function ListCard(props: ListCardProps) {
  const { titleId, title, description, actions, filters, list, columns, tableClassName, tableLabel, children } = props;
  const table = (rows: ReactNode) => (
    <ResponsiveTable className={tableClassName} label={tableLabel}>
      <thead>
        <tr>
          <HeaderCells columns={columns ?? []} />
        </tr>
      </thead>
      <tbody>{rows}</tbody>
    </ResponsiveTable>
  );
  return (
    <section className={`card border-0 shadow-sm ${props.className ?? ''}`} aria-labelledby={titleId}>
      <div className="card-header bg-transparent py-3">
        <div className="d-flex flex-wrap gap-2 align-items-center justify-content-between">
          <div>
            <h2 id={titleId} className="h6 fw-bold mb-0">
              {title}
            </h2>
            {description && <p className="small text-body-secondary mb-0 mt-1">{description}</p>}
          </div>
          {actions && <div className="d-flex flex-wrap gap-2 flex-grow-1 justify-content-end">{actions}</div>}
        </div>
        {filters && <div className="mt-3">{filters}</div>}
      </div>
      <div className="card-body p-0 list-card-body">
        <ListBody
          loading={list.isLoading}
          loadingLabel={props.loadingLabel ?? `Loading ${props.noun}...`}
          skeleton={columns ? table(<SkeletonRows cells={columns.filter(Boolean).length} />) : undefined}
          error={list.error}
          errorText={props.errorText ?? `The ${props.noun} could not be loaded.`}
          onRetry={props.retry === false ? undefined : list.reload}
          empty={props.empty}
          emptyText={props.emptyText}
        >
          {columns ? table(children) : children}
        </ListBody>
      </div>
      {props.footer ?? (list.loadMore && <LoadMoreFooter hasMore={Boolean(list.hasMore)} loading={Boolean(list.isLoadingMore)} onLoadMore={list.loadMore} />)}
      {props.dialogs}
    </section>
  );
}

/**
 * Placeholder rows with the table's cells, so that they take the rows' shape: a line per cell (as tall
 * as a row with small buttons) on wide screens, a labelled stacked card on phones (ResponsiveTable).
 */
function SkeletonRows({ cells }: { cells: number }) {
  return Array.from({ length: SKELETON_ROWS }, (_, row) => (
    <tr key={row} className="placeholder-glow">
      {Array.from({ length: cells }, (_, cell) => (
        <td key={cell} className={cell === 0 ? 'ps-4' : cell === cells - 1 ? 'pe-4' : undefined}>
          <span className="placeholder list-card-placeholder rounded" style={{ width: `${70 - ((row * 3 + cell * 7) % 4) * 10}%` }} />
        </td>
      ))}
    </tr>
  ));
}

interface PagerFooterProps {
  /** usePaged's answer, read a page at a time (its `page`). */
  list: Pick<Paged<unknown>, 'pageNumber' | 'hasPrevious' | 'hasMore' | 'previous' | 'loadMore'>;
  /** "Page 2 of 5" between the buttons (the total when the list counts it). */
  pages?: number;
  showPage?: boolean;
  /** At the left (a page size). */
  children?: ReactNode;
}

/** Previous/Next for a list read a page at a time. */
export function PagerFooter({ list, pages, showPage, children }: PagerFooterProps) {
  return (
    <div className={`card-footer bg-transparent d-flex flex-wrap gap-2 align-items-center py-3 ${children ? 'justify-content-between' : 'justify-content-end'}`}>
      {children}
      <nav aria-label="Pages" className="d-flex align-items-center gap-2">
        <button type="button" className="btn btn-sm btn-light" disabled={!list.hasPrevious} onClick={() => void list.previous()}>
          Previous
        </button>
        {showPage && (
          <span className="small text-body-secondary">
            Page {list.pageNumber}
            {pages ? ` of ${pages}` : ''}
          </span>
        )}
        <button type="button" className="btn btn-sm btn-light" disabled={!list.hasMore} onClick={() => void list.loadMore()}>
          Next
        </button>
      </nav>
    </div>
  );
}

/** The search field of a list's header. */
export function SearchBox({ label, placeholder, value, onChange, maxWidth = 300 }: { label: string; placeholder: string; value: string; onChange: (value: string) => void; maxWidth?: number }) {
  return (
    <div className="input-group" style={{ maxWidth }}>
      <span className="input-group-text bg-transparent" aria-hidden="true">
        <i className="bi bi-search" />
      </span>
      <input type="search" className="form-control" placeholder={placeholder} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** One labelled control of a list's filter row (a date, a select). */
export function FilterField({ id, label, className, children }: { id: string; label: string; className: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label small fw-semibold mb-1">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A filter that picks one value or, with '', all of them ('All packages'). */
export function FilterSelect({ id, label, className, all, options, value, onChange }: { id: string; label: string; className: string; all: string; options: [value: string, text: string][]; value: string | undefined; onChange: (value: string | undefined) => void }) {
  return (
    <FilterField id={id} label={label} className={className}>
      <select id={id} className="form-select form-select-sm" value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">{all}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </FilterField>
  );
}
