/**
 * Dates in tables: date and time in the given locale (the browser's when none is given), '' for
 * missing or unparsable values.
 */
export function formatDate(value: string | undefined, locale?: string): string {
  if (value === undefined || value === '') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString(locale);
}
