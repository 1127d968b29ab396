/**
 * The logger and audit webhooks of one engine (MinIO's `logger_webhook[:name]` and
 * `audit_webhook[:name]` sub-systems): the targets are built from the configuration and rebuilt
 * when it changes (both sub-systems are dynamic in MinIO). The HTTP layer hands every completed
 * request to `audit` — only when `auditEnabled`, so without an audit target a request costs
 * nothing — and server problems (5xx answers, failed background work, the `log` lines services
 * report) go to `error`. A target's own delivery problems go to the console log only.
 */
import { hostname } from 'node:os';
import type { ConfigReader } from '../config/types.js';
import { auditEntry, logEntry, type AuditRequest, type LogProblem } from './entries.js';
import type { ConsoleLog } from './console-log.js';
import { WebhookTarget, webhookSettings, type Handover } from './webhook-target.js';

export const LOGGER_SUBSYSTEM = 'logger_webhook';
export const AUDIT_SUBSYSTEM = 'audit_webhook';

export interface LoggingSystemOptions {
  deploymentId: string;
  /** The console log (delivery problems, invalid targets). */
  log?: (line: string) => void;
  /** The console log ring of `GET /minio/admin/v3/log`: every problem is kept there too. */
  consoleLog?: ConsoleLog;
}

export class LoggingSystem {
  private audits: WebhookTarget[] = [];
  private loggers: WebhookTarget[] = [];
  private readonly unsubscribe: () => void;
  private readonly log: (line: string) => void;
  private readonly host = hostname();
  private closed = false;

  constructor(
    private readonly config: ConfigReader,
    private readonly options: LoggingSystemOptions,
  ) {
    this.log = options.log ?? (() => undefined);
    this.audits = this.build(AUDIT_SUBSYSTEM);
    this.loggers = this.build(LOGGER_SUBSYSTEM);
    this.unsubscribe = config.onChange((subsystem) => {
      if (this.closed) return;
      if (subsystem === AUDIT_SUBSYSTEM) this.audits = this.rebuild(this.audits, AUDIT_SUBSYSTEM);
      if (subsystem === LOGGER_SUBSYSTEM) this.loggers = this.rebuild(this.loggers, LOGGER_SUBSYSTEM);
    });
  }

  /** True when at least one audit target is enabled (the HTTP layer describes requests only then). */
  get auditEnabled(): boolean {
    return this.audits.length > 0;
  }

  /** The running targets, for status and tests. */
  targets(): { audit: readonly WebhookTarget[]; logger: readonly WebhookTarget[] } {
    return { audit: this.audits, logger: this.loggers };
  }

  /** One completed request, to every audit target. */
  audit(request: AuditRequest): void {
    if (this.audits.length === 0) return;
    const entry = auditEntry(this.options.deploymentId, request);
    for (const target of this.audits) target.send(entry);
  }

  /** A server problem, to every logger target and the console log. */
  error(problem: LogProblem): void {
    const { consoleLog } = this.options;
    if (this.loggers.length === 0 && consoleLog === undefined) return;
    const entry = logEntry(this.options.deploymentId, this.host, problem);
    consoleLog?.error(entry);
    for (const target of this.loggers) target.send(entry);
  }

  /**
   * A `log` function for a service: each line still goes to `log`, and to the logger targets as
   * an error of `source` (services report through it what failed without failing a request) —
   * only the lines `problems` matches, for a service that also logs progress.
   */
  serviceLog(source: string, log?: (line: string) => void, problems?: RegExp): (line: string) => void {
    return (line) => {
      log?.(line);
      if (problems === undefined || problems.test(line))
        this.error({ message: line, api: source, source: [source] });
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    const all = [...this.audits, ...this.loggers];
    this.audits = [];
    this.loggers = [];
    await Promise.all(all.map((t) => t.close()));
  }

  private build(subsystem: string, handover: (name: string) => Handover = () => ({})): WebhookTarget[] {
    const out: WebhookTarget[] = [];
    for (const target of this.config.targets(subsystem)) {
      const settings = webhookSettings(target);
      if (settings === undefined) continue;
      const label = `${subsystem}${target.target !== '' ? `:${target.target}` : ''}`;
      if ('error' in settings) {
        this.log(`${label}: not started: ${settings.error}`);
        continue;
      }
      out.push(new WebhookTarget(settings, this.log, handover(target.target)));
    }
    return out;
  }

  /**
   * New targets from the changed configuration. A target that keeps its name takes over what its
   * predecessor had not delivered: the entries in memory, or (same queue directory) its files,
   * read once the predecessor has stopped.
   */
  private rebuild(old: WebhookTarget[], subsystem: string): WebhookTarget[] {
    const previous = new Map(old.map((t) => [t.settings.name, { target: t, closed: t.close() }]));
    return this.build(subsystem, (name) => {
      const before = previous.get(name);
      if (before === undefined) return {};
      const carried = before.target.settings.queueDir === undefined ? before.target.queue.pending() : [];
      return { after: before.closed, carried };
    });
  }
}
