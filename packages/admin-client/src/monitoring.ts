/**
 * The live trace and the console log (wire doc §3.10 `GET /trace`, §3.11 `GET /log`) as
 * `AsyncIterable`s of MinIO's documents: madmin's `TraceInfo` and log `Info`. The query is the one
 * madmin sends (every trace type as `true`/`false`, `err`, `threshold` as a Go duration; `node`,
 * `limit`, `logType`). Both streams never end by themselves: leave the loop or abort `signal`
 * (the HTTP request is destroyed). Admin actions: admin:ServerTrace, admin:ConsoleLog.
 */
import { TRACE_TYPE_BITS, type TraceInfo, type TraceTypeName } from '@coffer/protocol';
import type { AdminTransport, CallOptions } from './admin-client.js';

/** MinIO's trace types a caller may ask for (madmin `ServiceTraceOpts`). */
export const TRACE_TYPES = Object.keys(TRACE_TYPE_BITS) as TraceType[];

export type TraceType = TraceTypeName;

export interface ServiceTraceOptions {
  /** The trace types wanted (default: s3 only). */
  types?: readonly TraceType[];
  /** Only HTTP calls answered with a status ≥ 400. */
  onlyErrors?: boolean;
  /** Leave out calls faster than this many milliseconds (default 0: none). */
  thresholdMs?: number;
}

/** MinIO's log kinds and levels (`logType`). */
export type LogType = 'ALL' | 'MINIO' | 'APPLICATION' | 'FATAL' | 'WARNING' | 'ERROR' | 'EVENT' | 'INFO';

export interface ConsoleLogOptions {
  /** One node (`host:port`); default: every node. */
  node?: string;
  /** Recent entries replayed before the live tail (default 10, MinIO's). */
  limit?: number;
  /** Default ALL. */
  logType?: LogType;
}

/** madmin's log `Info`: MinIO's log entry, the console text and the node. */
export interface LogInfo {
  site?: string;
  deploymentid?: string;
  level?: string;
  errKind?: string;
  time: string;
  api?: { name?: string; args?: { bucket?: string; object?: string; metadata?: Record<string, string> } };
  remotehost?: string;
  host?: string;
  requestHost?: string;
  requestNode?: string;
  requestID?: string;
  userAgent?: string;
  message?: string;
  error?: { message?: string; source?: string[]; variables?: Record<string, string> };
  ConsoleMsg?: string;
  node?: string;
}

export interface MonitoringCalls {
  /** `GET /trace` — the live trace; see `ServiceTraceOptions`. */
  serviceTrace(options?: ServiceTraceOptions, call?: CallOptions): AsyncIterable<TraceInfo>;
  /** `GET /log` — recent console log entries, then the live tail. */
  consoleLog(options?: ConsoleLogOptions, call?: CallOptions): AsyncIterable<LogInfo>;
}

/** A millisecond count as the Go duration MinIO parses (`0s`, `250ms`, `1.5ms`). */
export function goDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0)
    throw new RangeError(`a threshold must be 0 or more milliseconds, got ${ms}`);
  return ms === 0 ? '0s' : `${ms}ms`;
}

/** The trace query exactly as madmin sends it: every type `true`/`false`, `err`, `threshold`. */
export function traceQuery(options: ServiceTraceOptions = {}): Record<string, string> {
  const wanted = new Set<TraceType>(options.types ?? ['s3']);
  const query: Record<string, string> = {};
  for (const type of TRACE_TYPES) query[type] = String(wanted.has(type));
  query.err = String(options.onlyErrors ?? false);
  query.threshold = goDuration(options.thresholdMs ?? 0);
  return query;
}

export function monitoringCalls({ stream }: AdminTransport): MonitoringCalls {
  // Streams stay open while idle (keep-alive spaces every 0.5–1 s): no idle limit of their own
  // beyond a generous one, so a dead server is still noticed.
  const idleTimeoutMs = 60_000;
  return {
    serviceTrace: (options, call) =>
      stream<TraceInfo>({
        method: 'GET',
        path: '/trace',
        query: traceQuery(options),
        idleTimeoutMs,
        ...(call?.signal ? { signal: call.signal } : {}),
      }),
    consoleLog: (options, call) =>
      stream<LogInfo>({
        method: 'GET',
        path: '/log',
        query: {
          node: options?.node ?? '',
          limit: String(options?.limit ?? 10),
          logType: options?.logType ?? 'ALL',
        },
        idleTimeoutMs,
        ...(call?.signal ? { signal: call.signal } : {}),
      }),
  };
}
