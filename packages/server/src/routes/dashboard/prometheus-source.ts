/**
 * Widget series from a real Prometheus (MinIO console's CONSOLE_PROMETHEUS_URL), by its HTTP API's
 * range query (`/api/v1/query_range`). Every failure — unreachable, refused, a query error — is
 * the console's `metrics_unavailable` with Prometheus's own message as detail.
 */
import type { MetricSeries } from '@coffer/contract';
import { ConsoleError } from '../../errors.js';

const QUERY_TIMEOUT_MS = 15_000;

interface RangeAnswer {
  status?: string;
  error?: string;
  data?: { resultType?: string; result?: { metric?: Record<string, string>; values?: [number, string][] }[] };
}

function unavailable(detail: string): ConsoleError {
  return new ConsoleError('metrics_unavailable', 'Prometheus could not answer the widget query', detail);
}

export class PrometheusSource {
  private readonly url: string;

  constructor(
    url: string,
    /** The scrape job of the storage server (CONSOLE_PROMETHEUS_JOB_ID); '' for none. */
    readonly job: string,
  ) {
    this.url = url.replace(/\/+$/, '');
  }

  async rangeQuery(query: string, start: number, end: number, step: number): Promise<MetricSeries[]> {
    const params = new URLSearchParams({ query, start: String(start), end: String(end), step: String(step) });
    let answer: RangeAnswer;
    try {
      const res = await fetch(`${this.url}/api/v1/query_range?${params.toString()}`, {
        signal: AbortSignal.timeout(QUERY_TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
      answer = (await res.json()) as RangeAnswer;
      if (!res.ok || answer.status !== 'success') throw unavailable(answer.error ?? `HTTP ${res.status}`);
    } catch (err) {
      if (err instanceof ConsoleError) throw err;
      throw unavailable(err instanceof Error ? err.message : String(err));
    }
    return (answer.data?.result ?? []).map((r) => ({
      metric: r.metric ?? {},
      values: (r.values ?? []).flatMap(([t, v]): [number, number][] => {
        const value = Number(v);
        return Number.isFinite(value) ? [[t, value]] : [];
      }),
    }));
  }
}
