import { dateTimeFormat } from '#shared/i18n/intl-cache';

/**
 * The browser's locale's formatter for these options, built once (shared/i18n/intl-cache.ts): building
 * an Intl.DateTimeFormat loads the locale's data and costs far more than formatting with it, and a list
 * formats a date per row on the page's first render.
 */
export const dateFormatter = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => dateTimeFormat(undefined, options);

/** A date for people; missing or invalid dates read 'Not Provided' (spec section 8). */
export function formatDate(value: string | number | Date | null | undefined, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  if (value === null || value === undefined || value === '') return 'Not Provided';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Not Provided';
  return dateFormatter(options).format(date);
}
