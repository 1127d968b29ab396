/**
 * The documents of MinIO's admin streams that both sides read or write: madmin's `TraceInfo`
 * (`GET /minio/admin/v3/trace`, wire doc §3.10) and the trace types its query names. Go's JSON:
 * durations in nanoseconds, times as RFC 3339 strings, headers as `http.Header` (name → values).
 */

/** MinIO's trace types (madmin `TraceType`, single bits), by the query key that asks for each. */
export const TRACE_TYPE_BITS = {
  os: 1,
  storage: 2,
  s3: 4,
  internal: 8,
  scanner: 16,
  decommission: 32,
  healing: 64,
  'batch-replication': 128,
  'batch-keyrotation': 256,
  'batch-expire': 512,
  rebalance: 1024,
  'replication-resync': 2048,
  bootstrap: 4096,
  ftp: 8192,
  ilm: 16384,
  kms: 32768,
  formatting: 65536,
} as const;

export type TraceTypeName = keyof typeof TRACE_TYPE_BITS;

/** madmin's `TraceInfo`; older servers leave out `type` (and `dur`, in favour of `http.stats`). */
export interface TraceInfo {
  type?: number;
  nodename: string;
  funcname: string;
  time: string;
  path: string;
  dur?: number;
  bytes?: number;
  msg?: string;
  error?: string;
  custom?: Record<string, string>;
  http?: {
    request: {
      time: string;
      proto: string;
      method: string;
      path?: string;
      rawquery?: string;
      headers?: Record<string, string[]>;
      client: string;
    };
    response: { time: string; headers?: Record<string, string[]>; statuscode?: number };
    stats: { inputbytes: number; outputbytes: number; latency: number; timetofirstbyte: number };
  };
}
