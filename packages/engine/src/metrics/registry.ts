/**
 * Request counters for the Prometheus endpoint, one registry per engine (held in
 * `EngineContext.metrics`; no module-level state). The router calls `recordRequest` once per
 * finished request; `render` writes the counters in MinIO's v2 names:
 *
 *   minio_s3_requests_total{api}            every S3 request, by API name (lower case, as MinIO)
 *   minio_s3_requests_errors_total{api}     status ≥ 400
 *   minio_s3_requests_4xx_errors_total{api} / minio_s3_requests_5xx_errors_total{api}
 *   minio_s3_traffic_received_bytes / minio_s3_traffic_sent_bytes   S3 request/response bytes
 *   minio_s3_requests_ttfb_seconds_distribution{api,le}  time to the first response byte, in
 *                                           MinIO's shape: cumulative counts per `le`, no _bucket
 *   coffer_s3_request_duration_seconds{api} a standard histogram of whole-request durations
 *
 * Requests of other surfaces (admin, STS, metrics, health) are counted separately in
 * `coffer_http_requests_total{kind}` so S3 figures stay comparable with MinIO's.
 */
import type { Labels, PrometheusText, Sample } from './prom-text.js';

/** Histogram bucket bounds in seconds. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60] as const;

/** Bounds of MinIO's time-to-first-byte distribution, in seconds. */
export const TTFB_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

/** Counts per bound (not cumulative) of `value` seconds into `counts`. */
function observe(bounds: readonly number[], counts: number[], seconds: number): void {
  const i = bounds.findIndex((bound) => seconds <= bound);
  if (i >= 0) counts[i] = (counts[i] ?? 0) + 1;
}

/** Cumulative samples of one API's distribution: one per bound, then `+Inf` = every observation. */
function cumulative(
  bounds: readonly number[],
  counts: readonly number[],
  total: number,
  labels: Labels,
  suffix?: string,
): Sample[] {
  let running = 0;
  const out: Sample[] = bounds.map((bound, i) => {
    running += counts[i] ?? 0;
    return { labels: { ...labels, le: String(bound) }, value: running, ...(suffix ? { suffix } : {}) };
  });
  out.push({ labels: { ...labels, le: '+Inf' }, value: total, ...(suffix ? { suffix } : {}) });
  return out;
}

interface ApiCounters {
  total: number;
  errors: number;
  errors4xx: number;
  errors5xx: number;
  /** Per bucket bound (not cumulative; summed when rendered). */
  durationBuckets: number[];
  durationSum: number;
  /** Per TTFB bound (not cumulative); `ttfbCount` counts requests that sent a first byte. */
  ttfbBuckets: number[];
  ttfbCount: number;
}

export interface MetricsRegistry {
  /** `jwt` (default): bearer token required; `public`: no authentication (MINIO_PROMETHEUS_AUTH_TYPE). */
  readonly authType: 'jwt' | 'public';
  /**
   * Count one finished request. `api` is the operation name (e.g. `PutObject`), `kind` the API
   * surface (default `s3`); byte counts may be 0 when unknown; `durationMs` is the whole request,
   * `ttfbMs` the time until the response headers went out (absent: none were sent).
   */
  recordRequest(
    api: string,
    status: number,
    bytesIn: number,
    bytesOut: number,
    durationMs: number,
    kind?: string,
    ttfbMs?: number,
  ): void;
  /** Write the request families into `out`, adding `labels` (e.g. `server`) to every sample. */
  render(out: PrometheusText, labels?: Labels): void;
  /** Totals for tests and the admin API. */
  snapshot(): {
    requests: Record<string, ApiCounters>;
    bytesReceived: number;
    bytesSent: number;
    other: Record<string, number>;
  };
}

export interface CreateMetricsOptions {
  authType?: 'jwt' | 'public';
}

function finite(n: number): number {
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export function createMetrics(options: CreateMetricsOptions = {}): MetricsRegistry {
  const byApi = new Map<string, ApiCounters>();
  const otherKinds = new Map<string, number>();
  let bytesReceived = 0;
  let bytesSent = 0;

  return {
    authType: options.authType ?? 'jwt',

    recordRequest(api, status, bytesIn, bytesOut, durationMs, kind = 's3', ttfbMs) {
      if (kind !== 's3') {
        otherKinds.set(kind, (otherKinds.get(kind) ?? 0) + 1);
        return;
      }
      // MinIO labels S3 metrics with the lower-cased handler name (putobject, listobjectsv2).
      const name = (api || 'unknown').toLowerCase();
      let c = byApi.get(name);
      if (!c) {
        c = {
          total: 0,
          errors: 0,
          errors4xx: 0,
          errors5xx: 0,
          durationBuckets: DURATION_BUCKETS.map(() => 0),
          durationSum: 0,
          ttfbBuckets: TTFB_BUCKETS.map(() => 0),
          ttfbCount: 0,
        };
        byApi.set(name, c);
      }
      c.total += 1;
      if (status >= 400) c.errors += 1;
      if (status >= 400 && status < 500) c.errors4xx += 1;
      if (status >= 500) c.errors5xx += 1;
      const seconds = finite(durationMs) / 1000;
      c.durationSum += seconds;
      observe(DURATION_BUCKETS, c.durationBuckets, seconds);
      if (ttfbMs !== undefined) {
        c.ttfbCount += 1;
        observe(TTFB_BUCKETS, c.ttfbBuckets, finite(ttfbMs) / 1000);
      }
      bytesReceived += finite(bytesIn);
      bytesSent += finite(bytesOut);
    },

    render(out, labels = {}) {
      const apis = [...byApi.entries()].sort(([a], [b]) => a.localeCompare(b));
      const perApi = (pick: (c: ApiCounters) => number): Sample[] =>
        apis.map(([api, c]) => ({ labels: { api, ...labels }, value: pick(c) }));
      out.family(
        'minio_s3_requests_total',
        'counter',
        'Total number of S3 requests',
        perApi((c) => c.total),
      );
      out.family(
        'minio_s3_requests_errors_total',
        'counter',
        'Total number of S3 requests with (4xx and 5xx) errors',
        perApi((c) => c.errors),
      );
      out.family(
        'minio_s3_requests_4xx_errors_total',
        'counter',
        'Total number of S3 requests with (4xx) errors',
        perApi((c) => c.errors4xx),
      );
      out.family(
        'minio_s3_requests_5xx_errors_total',
        'counter',
        'Total number of S3 requests with (5xx) errors',
        perApi((c) => c.errors5xx),
      );
      out.family('minio_s3_traffic_received_bytes', 'counter', 'Total number of s3 bytes received', [
        { labels: { ...labels }, value: bytesReceived },
      ]);
      out.family('minio_s3_traffic_sent_bytes', 'counter', 'Total number of s3 bytes sent', [
        { labels: { ...labels }, value: bytesSent },
      ]);

      out.family(
        'minio_s3_requests_ttfb_seconds_distribution',
        'counter',
        'Distribution of time to first byte across API calls',
        apis.flatMap(([api, c]) => cumulative(TTFB_BUCKETS, c.ttfbBuckets, c.ttfbCount, { api, ...labels })),
      );

      const histogram: Sample[] = [];
      for (const [api, c] of apis) {
        histogram.push(
          ...cumulative(DURATION_BUCKETS, c.durationBuckets, c.total, { api, ...labels }, '_bucket'),
        );
        histogram.push({ suffix: '_sum', labels: { api, ...labels }, value: c.durationSum });
        histogram.push({ suffix: '_count', labels: { api, ...labels }, value: c.total });
      }
      out.family(
        'coffer_s3_request_duration_seconds',
        'histogram',
        'Duration of S3 requests, whole request',
        histogram,
      );

      const kinds = [...otherKinds.entries()].sort(([a], [b]) => a.localeCompare(b));
      out.family(
        'coffer_http_requests_total',
        'counter',
        'Requests to the non-S3 APIs (admin, sts, metrics, health)',
        kinds.map(([kind, value]) => ({ labels: { kind, ...labels }, value })),
      );
    },

    snapshot() {
      const requests: Record<string, ApiCounters> = {};
      for (const [api, c] of byApi)
        requests[api] = { ...c, durationBuckets: [...c.durationBuckets], ttfbBuckets: [...c.ttfbBuckets] };
      return { requests, bytesReceived, bytesSent, other: Object.fromEntries(otherKinds) };
    },
  };
}
