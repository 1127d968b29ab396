/**
 * The console's own history of the storage server's metrics, so the dashboard works without
 * Prometheus (user needs #12). One ring per series (a fixed number of [time, value] points in two
 * typed arrays; the oldest point is overwritten), a bound on the number of series (new ones past
 * it are dropped and counted), and series not seen for a whole retention are removed. Only the
 * metric names the widgets read are kept.
 *
 * `evaluate` answers a widget query over [start, end] at `step` like a Prometheus range query:
 * a selector's value at t is its last point at or before t within the look-back; `rate` is the
 * counter increase over the window (resets counted) divided by the time between its first and
 * last point; aggregation sums, maxes or counts the series present at t, grouped by labels.
 */
import type { MetricSeries } from '@coffer/contract';
import type { ParsedSample } from './prom-text-parse.js';
import type { Query, VectorQuery } from './widget-query.js';

export interface SavedSeries {
  name: string;
  labels: Record<string, string>;
  points: [number, number][];
}

export interface MetricHistoryOptions {
  /** Points kept per series. */
  points: number;
  /** Most series kept. */
  maxSeries: number;
  /** Seconds: a series not updated for this long is dropped. */
  retentionSeconds: number;
}

class Ring {
  readonly times: Float64Array;
  readonly values: Float64Array;
  /** Index of the next write. */
  private next = 0;
  size = 0;

  constructor(
    readonly name: string,
    readonly labels: Record<string, string>,
    capacity: number,
  ) {
    this.times = new Float64Array(capacity);
    this.values = new Float64Array(capacity);
  }

  get capacity(): number {
    return this.times.length;
  }

  push(time: number, value: number): void {
    // Points arrive in time order; an equal or older time replaces nothing (clock step back).
    if (this.size > 0 && time <= this.timeAt(this.size - 1)) return;
    this.times[this.next] = time;
    this.values[this.next] = value;
    this.next = (this.next + 1) % this.capacity;
    this.size = Math.min(this.size + 1, this.capacity);
  }

  private physical(i: number): number {
    return (this.next - this.size + i + this.capacity) % this.capacity;
  }
  timeAt(i: number): number {
    return this.times[this.physical(i)] ?? NaN;
  }
  valueAt(i: number): number {
    return this.values[this.physical(i)] ?? NaN;
  }

  /** Logical index of the last point at or before `t`, or -1. */
  indexAtOrBefore(t: number): number {
    let lo = 0;
    let hi = this.size - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.timeAt(mid) <= t) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  get lastTime(): number {
    return this.size === 0 ? -Infinity : this.timeAt(this.size - 1);
  }
  get firstTime(): number {
    return this.size === 0 ? Infinity : this.timeAt(0);
  }
}

/** Values of one result series at the evaluation times (NaN: none). */
interface Column {
  labels: Record<string, string>;
  values: Float64Array;
}

function seriesKey(name: string, labels: Record<string, string>): string {
  const parts = Object.keys(labels)
    .sort()
    .map((k) => `${k}=${JSON.stringify(labels[k])}`);
  return `${name}{${parts.join(',')}}`;
}

function matches(labels: Record<string, string>, q: VectorQuery): boolean {
  for (const [label, want] of Object.entries(q.match ?? {})) {
    const have = labels[label] ?? '';
    if (typeof want === 'string' ? have !== want : !want.includes(have)) return false;
  }
  return true;
}

export interface EvaluateOptions {
  /** Evaluation times, unix seconds, ascending. */
  times: readonly number[];
  /** Seconds a plain selector looks back for its last point. */
  lookbackSeconds: number;
  /** Seconds of a rate's window. */
  rateWindowSeconds: number;
}

export class MetricHistory {
  private readonly series = new Map<string, Ring>();
  private dropped = 0;

  constructor(
    private readonly options: MetricHistoryOptions,
    private readonly keep: ReadonlySet<string>,
  ) {}

  /** Record one scrape's samples taken at `time` (unix seconds). */
  record(time: number, samples: readonly ParsedSample[]): void {
    for (const s of samples) {
      if (!this.keep.has(s.name)) continue;
      this.ringFor(s.name, s.labels)?.push(time, s.value);
    }
    for (const [key, ring] of this.series) {
      if (time - ring.lastTime > this.options.retentionSeconds) this.series.delete(key);
    }
  }

  /** Unix seconds of the oldest point held, or undefined when empty. */
  oldest(): number | undefined {
    let oldest = Infinity;
    for (const ring of this.series.values()) oldest = Math.min(oldest, ring.firstTime);
    return Number.isFinite(oldest) ? oldest : undefined;
  }

  /** Every series with its points, oldest first (what `history-file.ts` saves). */
  dump(): SavedSeries[] {
    return [...this.series.values()].map((ring) => ({
      name: ring.name,
      labels: ring.labels,
      points: Array.from({ length: ring.size }, (_, i): [number, number] => [
        ring.timeAt(i),
        ring.valueAt(i),
      ]),
    }));
  }

  /** Points saved earlier, kept within the bounds and the retention as of `now` (unix seconds). */
  restore(saved: readonly SavedSeries[], now: number): void {
    for (const s of saved) {
      if (!this.keep.has(s.name)) continue;
      const points = s.points.filter(([t]) => now - t <= this.options.retentionSeconds);
      const ring = points.length > 0 ? this.ringFor(s.name, s.labels) : undefined;
      for (const [t, value] of points) ring?.push(t, value);
    }
  }

  /** The ring of a series, made when there is room; undefined (counted) when there is none. */
  private ringFor(name: string, labels: Record<string, string>): Ring | undefined {
    const key = seriesKey(name, labels);
    let ring = this.series.get(key);
    if (!ring) {
      if (this.series.size >= this.options.maxSeries) {
        this.dropped += 1;
        return undefined;
      }
      ring = new Ring(name, labels, this.options.points);
      this.series.set(key, ring);
    }
    return ring;
  }

  stats(): { series: number; dropped: number } {
    return { series: this.series.size, dropped: this.dropped };
  }

  /** A query's result series over the given times, as a range query answers them. */
  evaluate(q: Query, options: EvaluateOptions): MetricSeries[] {
    return this.columns(q, options)
      .map((c) => ({
        metric: c.labels,
        values: options.times.flatMap((t, i): [number, number][] => {
          const value = c.values[i] ?? NaN;
          return Number.isFinite(value) ? [[t, value]] : [];
        }),
      }))
      .filter((s) => s.values.length > 0);
  }

  private columns(q: Query, options: EvaluateOptions): Column[] {
    switch (q.kind) {
      case 'vector':
        return this.vector(q, options);
      case 'age':
        return this.columns(q.of, options).map((c) => ({
          labels: c.labels,
          values: c.values.map((value, i) => (options.times[i] ?? NaN) - value),
        }));
      case 'difference': {
        const right = new Map(this.columns(q.right, options).map((c) => [seriesKey('', c.labels), c]));
        return this.columns(q.left, options).flatMap((c) => {
          const other = right.get(seriesKey('', c.labels));
          return other
            ? [{ labels: c.labels, values: c.values.map((x, i) => x - (other.values[i] ?? NaN)) }]
            : [];
        });
      }
    }
  }

  private vector(q: VectorQuery, options: EvaluateOptions): Column[] {
    const raw: Column[] = [];
    for (const ring of this.series.values()) {
      if (ring.name !== q.metric || !matches(ring.labels, q)) continue;
      const values = new Float64Array(options.times.length);
      options.times.forEach((t, i) => {
        values[i] = q.rate
          ? rateAt(ring, t, options.rateWindowSeconds)
          : valueAt(ring, t, options.lookbackSeconds);
      });
      raw.push({ labels: { ...ring.labels }, values });
    }
    if (!q.agg) return raw;
    const groups = new Map<string, Column>();
    for (const column of raw) {
      const labels = Object.fromEntries(
        (q.by ?? []).flatMap((l) => (column.labels[l] ? [[l, column.labels[l]]] : [])),
      );
      const key = seriesKey('', labels);
      let group = groups.get(key);
      if (!group) {
        group = { labels, values: new Float64Array(options.times.length).fill(NaN) };
        groups.set(key, group);
      }
      const g = group;
      column.values.forEach((value, i) => {
        if (!Number.isFinite(value)) return;
        const have = g.values[i] ?? NaN;
        const add = q.agg === 'count' ? 1 : value;
        if (Number.isNaN(have)) g.values[i] = add;
        else g.values[i] = q.agg === 'max' ? Math.max(have, value) : have + add;
      });
    }
    return [...groups.values()];
  }
}

function valueAt(ring: Ring, t: number, lookback: number): number {
  const i = ring.indexAtOrBefore(t);
  if (i < 0 || t - ring.timeAt(i) > lookback) return NaN;
  return ring.valueAt(i);
}

function rateAt(ring: Ring, t: number, window: number): number {
  const last = ring.indexAtOrBefore(t);
  if (last < 1) return NaN;
  let first = last;
  while (first > 0 && ring.timeAt(first - 1) >= t - window) first--;
  if (first === last) return NaN;
  let increase = 0;
  for (let i = first + 1; i <= last; i++) {
    const before = ring.valueAt(i - 1);
    const now = ring.valueAt(i);
    // A counter that went down was reset (the server restarted): it counted up from zero.
    increase += now >= before ? now - before : now;
  }
  const seconds = ring.timeAt(last) - ring.timeAt(first);
  return seconds > 0 ? increase / seconds : NaN;
}
