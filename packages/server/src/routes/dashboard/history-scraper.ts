/**
 * Fills the console's metric history (`metric-history.ts`) by scraping the storage server's
 * Prometheus endpoints (`/minio/v2/metrics/cluster`, `/node`, `/bucket`: a real MinIO splits its
 * figures over them; the engine's `cluster` holds all) on an interval, as Prometheus would.
 *
 * Authentication is MinIO's for scrapes: a bearer JWT (HS512, `iss` "prometheus", `sub` the access
 * key, short `exp`) signed with the secret key of the credentials in use, plus the session token
 * of temporary credentials in `X-Amz-Security-Token`; the server lets in any account allowed
 * `admin:Prometheus` (root, consoleAdmin, diagnostics); with its public auth type any token is
 * ignored. The console holds no credentials of its own unless configured,
 * so a signed-in session that opens the dashboard offers its credentials (`offer`): they are
 * tried with one scrape and kept while they work (a refusal or expiry drops them until the next
 * offer; credentials that last longer replace ones that expire sooner).
 */
import { signJwt } from '@coffer/protocol';
import type { SessionCredentials } from '../../session/session-store.js';
import type { MetricHistory } from './metric-history.js';
import { parsePrometheusText } from './prom-text-parse.js';

export const SCRAPE_PATHS = [
  '/minio/v2/metrics/cluster',
  '/minio/v2/metrics/node',
  '/minio/v2/metrics/bucket',
];
const SCRAPE_TIMEOUT_MS = 10_000;
/** A scrape body larger than this is refused (the history keeps a few hundred series). */
const MAX_BODY_BYTES = 32 * 1024 * 1024;
const TOKEN_SECONDS = 300;

export interface HistoryScraperOptions {
  serverUrl: string;
  intervalMs: number;
  /** Configured credentials (used from the start; never replaced by a session's). */
  credentials?: SessionCredentials;
  wanted: ReadonlySet<string>;
  onError?: (err: unknown) => void;
}

type ScrapeOutcome = 'ok' | 'refused' | 'failed';

export class HistoryScraper {
  private credentials: SessionCredentials | undefined;
  private working = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<ScrapeOutcome> | undefined;
  private closed = false;

  constructor(
    private readonly history: MetricHistory,
    private readonly options: HistoryScraperOptions,
  ) {
    this.credentials = options.credentials;
  }

  /** Begins scraping with configured credentials (the history loaded first, if it is kept). */
  start(): void {
    if (!this.options.credentials || this.closed) return;
    void this.tick();
    this.startTimer();
  }

  get intervalSeconds(): number {
    return this.options.intervalMs / 1000;
  }

  /** True while scrapes succeed. */
  get isWorking(): boolean {
    return this.working;
  }

  /**
   * A session's credentials for scraping: tried at once unless working ones that last at least as
   * long are held. Resolves true when the history is being filled.
   */
  async offer(credentials: SessionCredentials): Promise<boolean> {
    if (this.closed) return false;
    if (this.options.credentials) return this.working || (await this.tick()) === 'ok';
    const held = this.credentials;
    if (
      this.working &&
      held &&
      (held.expiresAt === undefined || held.expiresAt >= (credentials.expiresAt ?? Infinity))
    )
      return true;
    const outcome = await this.scrape(credentials);
    if (outcome === 'ok') {
      this.credentials = credentials;
      this.working = true;
      this.startTimer();
    }
    return this.working;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
  }

  private startTimer(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => void this.tick(), this.options.intervalMs);
    this.timer.unref();
  }

  private async tick(): Promise<ScrapeOutcome> {
    const credentials = this.credentials;
    if (credentials?.expiresAt !== undefined && credentials.expiresAt <= Date.now()) {
      this.credentials = undefined;
      this.working = false;
    }
    if (this.running) return this.running;
    this.running = this.scrape(this.credentials).finally(() => (this.running = undefined));
    const outcome = await this.running;
    this.working = outcome === 'ok';
    if (outcome === 'refused' && !this.options.credentials) this.credentials = undefined;
    return outcome;
  }

  /** One scrape of every path into the history; `ok` when the cluster document was read. */
  private async scrape(credentials: SessionCredentials | undefined): Promise<ScrapeOutcome> {
    const headers: Record<string, string> = {};
    if (credentials) {
      const now = Math.floor(Date.now() / 1000);
      const token = signJwt(
        { exp: now + TOKEN_SECONDS, sub: credentials.accessKey, iss: 'prometheus' },
        credentials.secretKey,
        'HS512',
      );
      headers.authorization = `Bearer ${token}`;
      // Temporary credentials are checked with their session token, as for signed requests.
      if (credentials.sessionToken) headers['x-amz-security-token'] = credentials.sessionToken;
    }
    // Whole seconds, as the ranges asked for are: a point is never newer than an end of "now".
    const at = Math.floor(Date.now() / 1000);
    const texts = await Promise.all(
      SCRAPE_PATHS.map(async (path): Promise<string | ScrapeOutcome> => {
        try {
          const res = await fetch(`${this.options.serverUrl}${path}`, {
            headers,
            signal: AbortSignal.timeout(SCRAPE_TIMEOUT_MS),
          });
          if (res.status === 401 || res.status === 403) return 'refused';
          const length = Number(res.headers.get('content-length') ?? 0);
          if (!res.ok || length > MAX_BODY_BYTES) {
            await res.body?.cancel();
            return 'failed';
          }
          const text = await res.text();
          return text.length > MAX_BODY_BYTES ? 'failed' : text;
        } catch (err) {
          this.options.onError?.(err);
          return 'failed';
        }
      }),
    );
    const samples = texts.flatMap((t) =>
      t === 'ok' || t === 'refused' || t === 'failed' ? [] : parsePrometheusText(t, this.options.wanted),
    );
    this.history.record(at, samples);
    const cluster = texts[0];
    if (cluster === 'refused' || cluster === 'failed') return cluster;
    return 'ok';
  }
}
