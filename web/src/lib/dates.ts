/**
 * One formatter per set of options: building an Intl.DateTimeFormat loads the locale's data and costs
 * far more than formatting with it, and a list formats a date per row on the page's first render.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The browser's locale's formatter for these options, built once. */
export function dateFormatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, options);
    formatters.set(key, format);
  }
  return format;
}

/** A date for people; missing or invalid dates read 'Not Provided' (spec section 8). */
export function formatDate(value: string | number | Date | null | undefined, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  if (value === null || value === undefined || value === '') return 'Not Provided';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Not Provided';
  return dateFormatter(options).format(date);
}
