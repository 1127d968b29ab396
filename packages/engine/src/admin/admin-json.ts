/**
 * JSON responses of the admin API as Go's `json.Encoder` writes them (MinIO's handlers use it),
 * because madmin-go decodes them: `<`, `>`, `&`, U+2028 and U+2029 escaped as `\u003c`…, and a
 * trailing newline. Times are Go `time.Time` JSON: RFC 3339 in UTC, and Go's zero time
 * `0001-01-01T00:00:00Z` for "never" (MinIO reports that before the first usage scan).
 */
import type { RequestContext } from '../http/context.js';

const GO_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** `JSON.stringify` with Go's HTML-safe escaping and trailing newline. */
export function goJson(value: unknown): string {
  return `${JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => GO_ESCAPES[c] ?? c)}\n`;
}

export const GO_ZERO_TIME = '0001-01-01T00:00:00Z';

/** A date as Go's time.Time JSON; the epoch (our "never") becomes Go's zero time. */
export function goTime(date: Date): string {
  const ms = date.getTime();
  if (!Number.isFinite(ms) || ms <= 0) return GO_ZERO_TIME;
  return date.toISOString();
}

/** Write a 200 JSON response. */
export function sendAdminJson(ctx: RequestContext, value: unknown): void {
  const body = Buffer.from(goJson(value), 'utf8');
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Type', 'application/json');
  ctx.res.setHeader('Content-Length', body.length);
  ctx.res.end(ctx.method === 'HEAD' ? undefined : body);
}
