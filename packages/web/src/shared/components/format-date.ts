/** Dates in tables: the browser's locale, date and time, '' for missing or unparsable values. */
export function formatDate(value: string | undefined): string {
  if (value === undefined || value === '') return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString();
}
