/**
 * The Trace page's upstream (spec 2 §7 `/ws/trace`): the storage server's admin trace
 * (`@coffer/admin-client` `serviceTrace`, wire doc §3.10) turned into the spec's trace messages
 * (§3 "Trace message"). The call kinds, threshold and errors-only choice go to the storage server
 * as madmin's query; statusCode, method, funcname and path are not part of MinIO's trace query, so
 * the console applies them to each entry (as MinIO's console does). Works against any MinIO.
 */
import { STATUS_CODES } from 'node:http';
import type { TraceQuery } from '@coffer/contract';
import { TRACE_TYPES, type AdminClient, type TraceInfo, type TraceType } from '@coffer/admin-client';

/** The socket's query (spec 2 §7), after the contract's validation. */
export type { TraceQuery };

/** One trace message to the browser (spec 2 §3 "Trace message"). */
export interface TraceMessage {
  time: string;
  api: string;
  statusCode: number;
  statusMsg: string;
  method: string;
  path: string;
  query: string;
  host: string;
  client: string;
  requestID: string;
  callStats: { rx: number; tx: number; duration: number; timeToFirstByte: number };
  error?: string;
}

/** The trace types a `calls` list names ('all' is every type; unknown names are refused). */
export function traceTypesOf(calls: string): TraceType[] {
  const names = calls
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  if (names.includes('all')) return [...TRACE_TYPES];
  const known = new Set<string>(TRACE_TYPES);
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) throw new RangeError(`unknown call kinds: ${unknown.join(', ')}`);
  return names.length === 0 ? ['s3'] : (names as TraceType[]);
}

/** The console-side filters: status code exact, method exact, funcname and path contained. */
export function traceFilter(query: TraceQuery): (info: TraceInfo) => boolean {
  const status = query.statusCode.trim() === '' ? undefined : Number(query.statusCode);
  const method = query.method.trim().toUpperCase();
  const funcname = query.funcname.trim().toLowerCase();
  const path = query.path.trim();
  return (info) => {
    if (status !== undefined && info.http?.response.statuscode !== status) return false;
    if (method !== '' && (info.http?.request.method ?? '').toUpperCase() !== method) return false;
    if (funcname !== '' && !info.funcname.toLowerCase().includes(funcname)) return false;
    if (path !== '' && !info.path.includes(path)) return false;
    return true;
  };
}

function header(headers: Record<string, string[]> | undefined, name: string): string {
  if (headers === undefined) return '';
  const wanted = name.toLowerCase();
  for (const [key, values] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return values[0] ?? '';
  }
  return '';
}

/** MinIO's `TraceInfo` as the spec's trace message. */
export function traceMessageOf(info: TraceInfo): TraceMessage {
  const http = info.http;
  const statusCode = http?.response.statuscode ?? 0;
  return {
    time: info.time,
    api: info.funcname,
    statusCode,
    statusMsg: STATUS_CODES[statusCode] ?? '',
    method: http?.request.method ?? '',
    path: info.path,
    query: http?.request.rawquery ?? '',
    host: info.nodename,
    client: http?.request.client ?? '',
    requestID: header(http?.response.headers, 'X-Amz-Request-Id'),
    callStats: {
      rx: Math.max(0, http?.stats.inputbytes ?? 0),
      tx: Math.max(0, http?.stats.outputbytes ?? 0),
      duration: Math.max(0, info.dur ?? http?.stats.latency ?? 0),
      timeToFirstByte: Math.max(0, http?.stats.timetofirstbyte ?? 0),
    },
    ...(info.error !== undefined && info.error !== '' ? { error: info.error } : {}),
  };
}

/** The socket's messages: the storage server's trace, filtered and mapped, until `signal` aborts. */
export async function* traceMessages(
  admin: AdminClient,
  query: TraceQuery,
  signal: AbortSignal,
): AsyncGenerator<TraceMessage> {
  const keep = traceFilter(query);
  const entries = admin.serviceTrace(
    {
      types: traceTypesOf(query.calls),
      onlyErrors: query.onlyErrors === 'yes',
      thresholdMs: query.threshold,
    },
    { signal },
  );
  for await (const info of entries) {
    if (keep(info)) yield traceMessageOf(info);
  }
}
