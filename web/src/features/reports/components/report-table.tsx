// The reports' tables (a chart's data, a week of practitioners): a header row, one row per item whose
// first cell names it (a row header), and optionally a row of totals.
import type { ReactNode } from 'react';

export interface Column {
  label: string;
  /** Right-aligned numbers. */
  numeric?: boolean;
  /** The cells keep to one line (not the header). */
  nowrap?: boolean;
}

interface ReportTableProps {
  columns: Column[];
  caption: ReactNode;
  captionClassName?: string;
  rows: ReactNode[][];
  /** Each row's key; its position when absent. */
  rowKeys?: string[];
  footer?: ReactNode[];
}

export function ReportTable({ columns, caption, captionClassName, rows, rowKeys, footer }: ReportTableProps) {
  const cells = (row: ReactNode[], rowHeaderClass?: string) =>
    row.map((cell, i) => {
      if (i === 0)
        return (
          <th key={i} scope="row" className={rowHeaderClass}>
            {cell}
          </th>
        );
      const { numeric, nowrap } = columns[i] ?? {};
      return (
        <td key={i} className={[numeric && 'text-end', nowrap && 'text-nowrap'].filter(Boolean).join(' ') || undefined}>
          {cell}
        </td>
      );
    });
  return (
    <table className="table table-sm align-middle mb-0">
      <caption className={captionClassName}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.label} scope="col" className={c.numeric ? 'text-end' : undefined}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={rowKeys?.[r] ?? r}>{cells(row, 'fw-normal text-nowrap')}</tr>
        ))}
      </tbody>
      {footer && (
        <tfoot>
          <tr className="fw-semibold">{cells(footer)}</tr>
        </tfoot>
      )}
    </table>
  );
}
