/**
 * The Rewind modal's date (spec 2 §2 'Rewind to'): a local date and time from the picker
 * (`YYYY-MM-DDTHH:mm`) to the ISO 8601 instant the server is asked for, and back.
 */

/** `YYYY-MM-DDTHH:mm[:ss]` (local time) → ISO 8601 UTC, or undefined when not a date. */
export function rewindInstant(local: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return undefined;
  const [y, mo, d, h, mi, sec] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(y, mo - 1, d, h, mi, sec);
  if (Number.isNaN(date.getTime()) || date.getDate() !== d || date.getMonth() !== mo - 1) return undefined;
  return date.toISOString();
}

/** ISO 8601 → the picker's local `YYYY-MM-DDTHH:mm:ss` ('' for ''). */
export function pickerValue(iso: string): string {
  if (iso === '') return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}
