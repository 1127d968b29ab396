/**
 * The dashboard's long-lived parts, built once per console: the metric history, its scraper and,
 * when configured, the Prometheus source (MinIO console's CONSOLE_PROMETHEUS_URL and
 * CONSOLE_PROMETHEUS_JOB_ID conventions). Without Prometheus the history is kept in a file of the
 * console's data directory (`history-file.ts`), loaded before the first scrape, saved every five
 * minutes and when the console closes.
 */
import type { SessionCredentials } from '../../session/session-store.js';
import type { StorageClients } from '../../storage/storage-clients.js';
import { DashboardService } from './dashboard-service.js';
import { loadHistory, saveHistory } from './history-file.js';
import { HistoryScraper } from './history-scraper.js';
import { MetricHistory } from './metric-history.js';
import { PrometheusSource } from './prometheus-source.js';
import { WIDGET_METRICS } from './widgets.js';

export interface DashboardOptions {
  /** A Prometheus that scrapes the storage server; without it the console keeps its own history. */
  prometheusUrl?: string;
  /** The storage server's job in that Prometheus (MinIO's default: minio-job); '' for none. */
  prometheusJobId?: string;
  /** Seconds between the console's own scrapes (default 15). */
  scrapeIntervalSeconds?: number;
  /** Seconds of history kept (default 24 h). */
  historySeconds?: number;
  /** Credentials to scrape with from the start (else a dashboard session's). */
  credentials?: SessionCredentials;
  /** Where the history is kept across restarts (absent: memory only). */
  historyFile?: string;
}

export const DEFAULT_PROMETHEUS_JOB = 'minio-job';
const MAX_SERIES = 1000;
const SAVE_INTERVAL_MS = 5 * 60_000;

export function createDashboard(
  clients: StorageClients,
  options: DashboardOptions,
  onError?: (err: unknown) => void,
): { service: DashboardService; close: () => Promise<void> } {
  const interval = options.scrapeIntervalSeconds ?? 15;
  const retention = options.historySeconds ?? 86_400;
  const history = new MetricHistory(
    { points: Math.ceil(retention / interval) + 1, maxSeries: MAX_SERIES, retentionSeconds: retention },
    WIDGET_METRICS,
  );
  // With Prometheus configured the console scrapes nothing itself.
  const scraper = new HistoryScraper(history, {
    serverUrl: clients.serverUrl,
    intervalMs: interval * 1000,
    wanted: WIDGET_METRICS,
    ...(options.credentials && !options.prometheusUrl ? { credentials: options.credentials } : {}),
    ...(onError ? { onError } : {}),
  });
  const prometheus = options.prometheusUrl
    ? new PrometheusSource(options.prometheusUrl, options.prometheusJobId ?? DEFAULT_PROMETHEUS_JOB)
    : undefined;
  const file = prometheus ? undefined : options.historyFile;
  // The saved history is in place before the first scrape, whose points must come after it.
  const ready = file ? loadHistory(history, file, Math.floor(Date.now() / 1000)) : Promise.resolve(false);
  void ready.then(() => scraper.start());
  const service = new DashboardService({
    clients,
    history,
    scraper,
    ready,
    ...(prometheus ? { prometheus } : {}),
  });
  if (!file) return { service, close: async () => scraper.close() };

  const save = () => saveHistory(history, file).catch((err: unknown) => onError?.(err));
  const timer = setInterval(() => void save(), SAVE_INTERVAL_MS);
  timer.unref();
  return {
    service,
    close: async () => {
      clearInterval(timer);
      scraper.close();
      await ready;
      await save();
    },
  };
}
