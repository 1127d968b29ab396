/**
 * The dashboard's queries, written once as data and read two ways: as PromQL for a configured
 * Prometheus (`toPromQL`), and by the console's own evaluator over its metric history
 * (`metric-history.ts`). Only the few shapes the widgets need exist: a selector, optionally a
 * rate over a window, optionally aggregated by labels; `time() - x`; and `a - b`.
 */

/** Label equal to a value, or to one of several. */
export type LabelMatch = Record<string, string | readonly string[]>;

export interface VectorQuery {
  readonly kind: 'vector';
  readonly metric: string;
  readonly match?: LabelMatch;
  /** Per-second increase of a counter over the rate window. */
  readonly rate?: boolean;
  readonly agg?: 'sum' | 'max' | 'count';
  /** Labels kept by the aggregation (none: one series). */
  readonly by?: readonly string[];
}

export interface AgeQuery {
  readonly kind: 'age';
  /** Unix seconds; the answer is now less it (uptime from a start time). */
  readonly of: Query;
}

export interface DifferenceQuery {
  readonly kind: 'difference';
  readonly left: Query;
  readonly right: Query;
}

export type Query = VectorQuery | AgeQuery | DifferenceQuery;

/** Prometheus label-value quoting: backslash and double quote escaped. */
function quote(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

function escapeRegex(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function selector(q: VectorQuery, extra: LabelMatch): string {
  const parts = Object.entries({ ...extra, ...q.match }).map(([label, want]) =>
    typeof want === 'string'
      ? `${label}=${quote(want)}`
      : `${label}=~${quote(want.map(escapeRegex).join('|'))}`,
  );
  return parts.length === 0 ? q.metric : `${q.metric}{${parts.join(',')}}`;
}

/**
 * PromQL of a query. `job` (MinIO's console: CONSOLE_PROMETHEUS_JOB_ID) narrows every selector to
 * the storage server's scrape job; `rateWindowSeconds` is the window of `rate`.
 */
export function toPromQL(q: Query, options: { job?: string; rateWindowSeconds: number }): string {
  switch (q.kind) {
    case 'vector': {
      let inner = selector(q, options.job ? { job: options.job } : {});
      if (q.rate) inner = `rate(${inner}[${Math.max(1, Math.round(options.rateWindowSeconds))}s])`;
      if (!q.agg) return inner;
      return q.by && q.by.length > 0 ? `${q.agg} by (${q.by.join(',')}) (${inner})` : `${q.agg}(${inner})`;
    }
    case 'age':
      return `time() - (${toPromQL(q.of, options)})`;
    case 'difference':
      return `(${toPromQL(q.left, options)}) - (${toPromQL(q.right, options)})`;
  }
}

/** Every metric name a query reads (the history keeps only these). */
export function metricsOf(q: Query): string[] {
  switch (q.kind) {
    case 'vector':
      return [q.metric];
    case 'age':
      return metricsOf(q.of);
    case 'difference':
      return [...metricsOf(q.left), ...metricsOf(q.right)];
  }
}
