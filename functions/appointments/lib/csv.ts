// CSV for spreadsheets: every cell that a spreadsheet would read as a formula (beginning with = + - @,
// a tab or a carriage return) is neutralised with a leading single quote; csv-stringify quotes cells
// holding commas, quotes or line breaks.
import { stringify } from 'csv-stringify/sync';

const FORMULA_START = /^[=+\-@\t\r]/;

export function safeCell(value: unknown): string {
  if (value === undefined || value === null) return '';
  // Cells are text, numbers or flags; anything else (never expected) as its JSON, not "[object Object]".
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' ? String(value) : JSON.stringify(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A UTF-8 byte-order mark first, so spreadsheet programs read accents right. */
export function toCsv(header: string[], rows: unknown[][]): string {
  return `\ufeff${stringify([header, ...rows.map((r) => r.map(safeCell))], { record_delimiter: '\r\n' })}`;
}
