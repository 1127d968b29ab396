/**
 * Admin info and widget series (spec 2 §7 "Dashboard"). Usage comes from the storage server's
 * `info` (admin:ServerInfo, also the gate of every widget read: checked per session, remembered
 * for a minute). Widget series come from Prometheus when configured, else from the console's own
 * history, which answers the part of the range it holds: the range is cut to its oldest point and
 * the step chosen again so the chart still has about 60 points.
 */
import type { AdminInfoResponse, MetricSeries, WidgetDetails } from '@coffer/contract';
import { ConsoleError, invalidRequest } from '../../errors.js';
import type { Session } from '../../session/session-store.js';
import type { StorageClients } from '../../storage/storage-clients.js';
import type { HistoryScraper } from './history-scraper.js';
import type { MetricHistory } from './metric-history.js';
import type { PrometheusSource } from './prometheus-source.js';
import { toPromQL } from './widget-query.js';
import { WIDGETS, describeWidget, type WidgetDefinition } from './widgets.js';

/** Spec 2 §9: with the date picker off the range is the last 7 days. */
export const DEFAULT_RANGE_SECONDS = 7 * 86_400;
/** Most points one answer evaluates (Prometheus's own limit). */
export const MAX_POINTS = 11_000;
const ACCESS_TTL_MS = 60_000;
/** How long admin info waits for a first scrape with the session's credentials. */
const FIRST_SCRAPE_WAIT_MS = 3_000;
const LOOKBACK_SECONDS = 300;

export interface WidgetRange {
  step?: number | undefined;
  start?: number | undefined;
  end?: number | undefined;
}

/** Spec 2 §7: the step is the minutes in the range, 15 when that is under one. */
export function stepForRange(start: number, end: number): number {
  const minutes = Math.floor((end - start) / 60);
  return minutes < 1 ? 15 : minutes;
}

/** Evaluation times ending exactly at `end`, `step` apart, none before `start`. */
function timesOf(start: number, end: number, step: number): number[] {
  const times: number[] = [];
  for (let t = end; t >= start; t -= step) times.push(t);
  return times.reverse();
}

function withName(
  series: MetricSeries[],
  legend: string | undefined,
  name: string | undefined,
): MetricSeries[] {
  if (name === undefined || legend === undefined) return series;
  return series.map((s) => ({ ...s, metric: { ...s.metric, [legend]: name } }));
}

export interface DashboardServiceOptions {
  clients: StorageClients;
  prometheus?: PrometheusSource;
  history: MetricHistory;
  scraper: HistoryScraper;
  /** Settles once a saved history is loaded: nothing is scraped or answered before. */
  ready?: Promise<unknown>;
  now?: () => number;
}

export class DashboardService {
  private readonly allowedUntil = new Map<string, number>();

  constructor(private readonly options: DashboardServiceOptions) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  async adminInfo(session: Session): Promise<AdminInfoResponse> {
    await this.options.ready;
    const info = await this.options.clients.forSession(session).admin.serverInfo();
    this.noteAllowed(session);
    const usage = {
      buckets: info.buckets?.count ?? 0,
      objects: info.objects?.count ?? 0,
      usage: info.usage?.size ?? 0,
    };
    if (this.options.prometheus)
      return { ...usage, widgets: WIDGETS.map(describeWidget), source: 'prometheus' };
    const filling = await Promise.race([
      this.options.scraper.offer(session.credentials),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), FIRST_SCRAPE_WAIT_MS).unref()),
    ]);
    const ready = filling || this.options.history.oldest() !== undefined;
    return { ...usage, widgets: ready ? WIDGETS.map(describeWidget) : [], source: 'console' };
  }

  async widgetDetails(session: Session, id: number, range: WidgetRange): Promise<WidgetDetails> {
    const widget = WIDGETS.find((w) => w.id === id);
    if (!widget) throw new ConsoleError('not_found', `There is no widget ${id}`);
    await this.ensureAllowed(session);
    await this.options.ready;
    const end = range.end ?? Math.floor(this.now() / 1000);
    const start = range.start ?? end - DEFAULT_RANGE_SECONDS;
    if (start >= end) throw invalidRequest('start must be before end');
    const step = range.step !== undefined && range.step > 0 ? range.step : stepForRange(start, end);
    if ((end - start) / step > MAX_POINTS) {
      throw invalidRequest(
        `The step is too small for the range: at most ${MAX_POINTS} points`,
        `step ${step} s over ${end - start} s`,
      );
    }
    const base = describeWidget(widget);
    if (this.options.prometheus) {
      const series = await this.fromPrometheus(this.options.prometheus, widget, start, end, step);
      return { ...base, source: 'prometheus', start, end, step, series };
    }
    return { ...base, source: 'console', ...this.fromHistory(widget, start, end, step) };
  }

  private async fromPrometheus(
    prometheus: PrometheusSource,
    widget: WidgetDefinition,
    start: number,
    end: number,
    step: number,
  ): Promise<MetricSeries[]> {
    const rateWindowSeconds = Math.max(60, step);
    const answers = await Promise.all(
      widget.queries.map(async ({ name, query }) =>
        withName(
          await prometheus.rangeQuery(
            toPromQL(query, { job: prometheus.job, rateWindowSeconds }),
            start,
            end,
            step,
          ),
          widget.legend,
          name,
        ),
      ),
    );
    return answers.flat();
  }

  private fromHistory(
    widget: WidgetDefinition,
    start: number,
    end: number,
    step: number,
  ): { start: number; end: number; step: number; series: MetricSeries[] } {
    const oldest = this.options.history.oldest();
    if (oldest === undefined) {
      throw new ConsoleError(
        'metrics_unavailable',
        'The console holds no metrics of the storage server yet',
        'Open the dashboard with an account that may read the server’s metrics (admin:Prometheus), or configure Prometheus.',
      );
    }
    const interval = this.options.scraper.intervalSeconds;
    let from = start;
    let every = step;
    if (oldest > start) {
      from = Math.min(end, Math.floor(oldest));
      every = Math.max(Math.ceil(interval), Math.ceil((end - from) / 60));
    }
    const times = timesOf(from, end, every);
    const options = {
      times,
      lookbackSeconds: Math.max(LOOKBACK_SECONDS, every),
      rateWindowSeconds: Math.max(4 * interval, every),
    };
    const series = widget.queries.flatMap(({ name, query }) =>
      withName(this.options.history.evaluate(query, options), widget.legend, name),
    );
    return { start: from, end, step: every, series };
  }

  private noteAllowed(session: Session): void {
    const now = this.now();
    for (const [id, until] of this.allowedUntil) if (until <= now) this.allowedUntil.delete(id);
    this.allowedUntil.set(session.id, now + ACCESS_TTL_MS);
  }

  /** The session may read the server's information (admin:ServerInfo): asked once a minute. */
  private async ensureAllowed(session: Session): Promise<void> {
    if ((this.allowedUntil.get(session.id) ?? 0) > this.now()) return;
    await this.options.clients.forSession(session).admin.serverInfo();
    this.noteAllowed(session);
  }
}
