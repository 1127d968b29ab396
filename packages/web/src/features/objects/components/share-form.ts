/**
 * The Share File modal's rules (spec 2 §5, §9): the 'Active until' date is taken at 23:59:59 of
 * that day (local time); it must be after now ('Selected date must be greater than current time.')
 * and at most 604800000 ms (7 days) away ('You can share a file only for less than 7 days.').
 */
import { MAX_SHARE_MS } from './share-limits.js';

export type ShareDateProblem = 'pastDate' | 'tooLong' | 'invalid';

export type ShareValidity = { ok: true; ms: number } | { ok: false; problem: ShareDateProblem };

/** `YYYY-MM-DD` of a local date. */
export function dateText(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The end (23:59:59 local) of the day `YYYY-MM-DD` names, or undefined. */
export function endOfDay(text: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return undefined;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59);
  return dateText(date) === text ? date : undefined;
}

/** How long a link active until `text` lives from `now`, or why it cannot. */
export function shareValidity(text: string, now: Date): ShareValidity {
  const end = endOfDay(text);
  if (!end) return { ok: false, problem: 'invalid' };
  const ms = end.getTime() - now.getTime();
  if (ms <= 0) return { ok: false, problem: 'pastDate' };
  if (ms > MAX_SHARE_MS) return { ok: false, problem: 'tooLong' };
  return { ok: true, ms };
}

/** The date the modal starts with: the last whole day within 7 days (six days from today). */
export function defaultShareDate(now: Date): string {
  return dateText(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 6));
}

/** The latest date the picker offers: the last day whose end is within 7 days of `now`. */
export function latestShareDate(now: Date): string {
  const day = new Date(now.getTime() + MAX_SHARE_MS);
  const candidate = dateText(day);
  const end = endOfDay(candidate);
  return end !== undefined && end.getTime() - now.getTime() <= MAX_SHARE_MS
    ? candidate
    : dateText(new Date(day.getFullYear(), day.getMonth(), day.getDate() - 1));
}
