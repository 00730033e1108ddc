// A list table that fits every screen: from md up a table that scrolls inside its card (never the
// page); below md each row is a stacked card whose cells are labelled with their column header. The
// labels are copied from the header into data-label attributes after each render, so pages write an
// ordinary <thead>/<tbody> and nothing else. A header cell whose text is only visually hidden
// ('Actions') marks its column as the row's actions: no label, full width at the foot of the card.
import { useLayoutEffect, useRef, type ReactNode } from 'react';

interface ResponsiveTableProps {
  children: ReactNode;
  /** Extra classes for the <table> (it always has Bootstrap's table, align-middle, mb-0). */
  className?: string;
  /** Accessible name of the table, when the card has no heading that names it. */
  label?: string;
}

/** Fills data-label / data-actions on every body cell from the header row. */
export function labelCells(table: HTMLTableElement): void {
  const headers = [...(table.tHead?.rows[0]?.cells ?? [])].map((th) => {
    const hidden = th.querySelector('.visually-hidden');
    const text = (th.textContent ?? '').trim();
    return { text, actions: Boolean(hidden) && (hidden!.textContent ?? '').trim() === text };
  });
  // The body rows, and a row of totals (tfoot) stacked like them.
  for (const body of [...table.tBodies, ...(table.tFoot ? [table.tFoot] : [])]) {
    for (const row of body.rows) {
      let column = 0;
      for (const cell of row.cells) {
        const header = headers[column];
        column += cell.colSpan;
        if (!header || cell.colSpan > 1) continue;
        if (header.actions) cell.setAttribute('data-actions', '');
        else if (header.text && cell.getAttribute('data-label') !== header.text) cell.setAttribute('data-label', header.text);
      }
    }
  }
}

export function ResponsiveTable({ children, className, label }: ResponsiveTableProps) {
  const ref = useRef<HTMLTableElement>(null);
  // After every render: rows come and go with the data.
  useLayoutEffect(() => {
    if (ref.current) labelCells(ref.current);
  });
  return (
    <div className="table-responsive table-stack">
      <table ref={ref} className={`table align-middle mb-0 ${className ?? 'table-hover'}`} aria-label={label}>
        {children}
      </table>
    </div>
  );
}
