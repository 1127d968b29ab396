/**
 * MinIO's audit entry (what an `audit_webhook` target POSTs: one JSON document, or several
 * separated by newlines when `batch_size` > 1) → the spec's audit log record. Lenient about
 * what it does not need, strict about what it keeps: an entry without a time or an API name is
 * skipped, and text fields are cut to a bound so one odd request cannot bloat the store.
 */
import type { AuditLogRecord } from '@coffer/contract';

const MAX_FIELD = 2048;

/** The parts of MinIO's audit entry (version 1) the record is made of. */
interface MinioAuditEntry {
  time?: unknown;
  remotehost?: unknown;
  requestID?: unknown;
  userAgent?: unknown;
  api?: {
    name?: unknown;
    bucket?: unknown;
    object?: unknown;
    status?: unknown;
    statusCode?: unknown;
    rx?: unknown;
    tx?: unknown;
    timeToResponse?: unknown;
    timeToResponseInNS?: unknown;
  };
}

/** The body of one delivery → its documents (a bad line is skipped, the rest kept). */
export function parseAuditBody(body: string): unknown[] {
  const text = body.trim();
  if (text === '') return [];
  try {
    return [JSON.parse(text) as unknown];
  } catch {
    // Several entries, one per line.
  }
  const docs: unknown[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      docs.push(JSON.parse(line) as unknown);
    } catch {
      // Not JSON: skipped.
    }
  }
  return docs;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.slice(0, MAX_FIELD) : '');
const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : 0);

const GO_UNITS: Record<string, number> = {
  ns: 1,
  us: 1e3,
  µs: 1e3,
  μs: 1e3,
  ms: 1e6,
  s: 1e9,
  m: 60e9,
  h: 3600e9,
};

/** `timeToResponseInNS` ("123456"), else a Go duration (`1.5ms`, `2m3.1s`) → nanoseconds. */
function nanoseconds(inNs: unknown, duration: unknown): number {
  if (typeof inNs === 'string' && /^\d+$/.test(inNs)) return Number(inNs);
  if (typeof inNs === 'number') return count(inNs);
  if (typeof duration !== 'string') return 0;
  let total = 0;
  for (const m of duration.matchAll(/([\d.]+)(ns|us|µs|μs|ms|s|m|h)/g)) {
    total += Number(m[1]) * (GO_UNITS[m[2] ?? 'ns'] ?? 0);
  }
  return Number.isFinite(total) ? Math.round(total) : 0;
}

/** One audit entry → its record and the time it is indexed by; undefined when it is not one. */
export function auditRecordOf(doc: unknown): { timeMs: number; record: AuditLogRecord } | undefined {
  if (typeof doc !== 'object' || doc === null) return undefined;
  const entry = doc as MinioAuditEntry;
  const api = typeof entry.api === 'object' && entry.api !== null ? entry.api : undefined;
  const timeMs = typeof entry.time === 'string' ? Date.parse(entry.time) : NaN;
  if (api === undefined || typeof api.name !== 'string' || Number.isNaN(timeMs)) return undefined;
  const code = typeof api.statusCode === 'number' ? api.statusCode : 0;
  return {
    timeMs,
    record: {
      time: new Date(timeMs).toISOString(),
      api_name: text(api.name),
      bucket: text(api.bucket),
      object: text(api.object),
      remote_host: text(entry.remotehost),
      request_id: text(entry.requestID),
      user_agent: text(entry.userAgent),
      response_status: text(api.status),
      response_status_code: code,
      request_content_length: count(api.rx),
      response_content_length: count(api.tx),
      time_to_response_ns: nanoseconds(api.timeToResponseInNS, api.timeToResponse),
    },
  };
}
