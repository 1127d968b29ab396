/**
 * Health info / OBD (wire doc §1.3, §3.12 `GET /healthinfo`, admin:OBDInfo): the server's
 * successive `HealthInfo` documents (partial, then complete) as an `AsyncIterable`, ending by the
 * deadline. Every section MinIO's `mc support diag` asks for is switched on.
 */
import type { AdminTransport } from './admin-client.js';

/** madmin `HealthInfo` (version "3"): the parts the console reads; the rest is kept as sent. */
export interface HealthInfo {
  version: string;
  timestamp?: string;
  error?: string;
  sys?: Record<string, unknown>;
  minio?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface HealthInfoOptions {
  /** Go duration the server may take (default 1h, the console's diagnostic deadline). */
  deadline?: string;
  signal?: AbortSignal;
}

const SECTIONS = [
  'minioinfo',
  'minioconfig',
  'syscpu',
  'sysdrivehw',
  'sysosinfo',
  'sysmem',
  'sysnet',
  'sysprocess',
  'syserrors',
  'sysservices',
  'sysconfig',
  'replication',
] as const;
/** The server sends a space every few seconds while working; this long without a byte is a failure. */
const IDLE_TIMEOUT_MS = 60_000;

export interface HealthInfoCalls {
  healthInfo(options?: HealthInfoOptions): AsyncIterable<HealthInfo>;
}

export function healthInfoCalls({ stream }: AdminTransport): HealthInfoCalls {
  return {
    healthInfo: (o) =>
      stream<HealthInfo>({
        method: 'GET',
        path: '/healthinfo',
        query: {
          deadline: o?.deadline ?? '1h',
          anonymize: 'standard',
          ...Object.fromEntries(SECTIONS.map((s) => [s, 'true'])),
        },
        idleTimeoutMs: IDLE_TIMEOUT_MS,
        ...(o?.signal ? { signal: o.signal } : {}),
      }),
  };
}
