/** A date for people; missing or invalid dates read 'Not Provided' (spec section 8). */
export function formatDate(value: string | number | Date | null | undefined, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  if (value === null || value === undefined || value === '') return 'Not Provided';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Not Provided';
  return new Intl.DateTimeFormat(undefined, options).format(date);
}
