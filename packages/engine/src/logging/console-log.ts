/**
 * The console log behind `GET /minio/admin/v3/log` (wire doc §3.11): a ring of the engine's most
 * recent log entries (console lines and errors) in MinIO's log `Info` shape, plus live subscribers.
 * A new subscriber first receives the last `limit` entries its filter accepts, then the live tail.
 * The ring holds at most `capacity` entries and each subscriber a bounded `LiveFeed`, so neither a
 * chatty engine nor a slow admin client grows memory. Like the trace hub it lives as long as the
 * engine, across in-place restarts.
 */
import { BoundedQueue } from '../events/bounded-queue.js';
import type { LogEntry } from './entries.js';
import { LiveFeed } from './live-feed.js';

/** madmin's log `Info`: MinIO's log entry plus the console text and the node's name. */
export interface ConsoleLogEntry {
  deploymentid?: string;
  level: 'INFO' | 'WARNING' | 'ERROR' | 'FATAL' | 'EVENT';
  errKind: 'MINIO' | 'APPLICATION';
  time: string;
  api?: { name: string; args?: { bucket?: string; object?: string } };
  remotehost?: string;
  host?: string;
  requestID?: string;
  userAgent?: string;
  message?: string;
  error?: { message: string; source: string[] };
  ConsoleMsg: string;
  node: string;
}

/**
 * MinIO's log masks: the kinds (MINIO 1, APPLICATION 2) of madmin-go 2 and the levels of later
 * releases (FATAL 4, WARNING 8, ERROR 16, EVENT 32, INFO 64); ALL is every bit.
 */
const LOG_MASK: Record<string, number> = {
  MINIO: 1,
  APPLICATION: 2,
  FATAL: 4,
  WARNING: 8,
  ERROR: 16,
  EVENT: 32,
  INFO: 64,
  ALL: 127,
};

/** The mask a `logType` names; MinIO treats an empty or unknown one as ALL. */
export function logMask(logType: string): number {
  return LOG_MASK[logType.toUpperCase()] || LOG_MASK.ALL || 127;
}

function entryMask(entry: ConsoleLogEntry): number {
  return (LOG_MASK[entry.errKind] ?? 0) | (LOG_MASK[entry.level] ?? 0);
}

/** Who a subscriber listens to: a node (empty: any) and a mask. */
export interface ConsoleLogFilter {
  node: string;
  mask: number;
}

function accepts(entry: ConsoleLogEntry, filter: ConsoleLogFilter): boolean {
  if (filter.node !== '' && filter.node.toLowerCase() !== entry.node.toLowerCase()) return false;
  return (entryMask(entry) & filter.mask) !== 0;
}

/** Entries kept for replay (MinIO keeps the last lines for `limit`). */
export const CONSOLE_LOG_CAPACITY = 2000;
/** Entries a subscriber may have waiting before newer ones are dropped. */
export const CONSOLE_FEED_LIMIT = 1000;

export class ConsoleLog {
  private readonly ring: BoundedQueue<ConsoleLogEntry>;
  private readonly subscribers = new Map<LiveFeed<ConsoleLogEntry>, ConsoleLogFilter>();

  /** `node` names this engine in every entry (its `host:port`, read when an entry is made). */
  constructor(
    private readonly node: () => string,
    capacity = CONSOLE_LOG_CAPACITY,
  ) {
    this.ring = new BoundedQueue<ConsoleLogEntry>(capacity);
  }

  /** A console line (what the engine prints), as an INFO entry. */
  info(line: string): void {
    this.add({ level: 'INFO', errKind: 'MINIO', time: new Date().toISOString(), ConsoleMsg: line });
  }

  /** A server problem in MinIO's log entry shape (the logger webhooks' entry). */
  error(entry: LogEntry): void {
    this.add({ ...entry, ConsoleMsg: '' });
  }

  /**
   * Subscribe: the last `limit` entries `filter` accepts are queued first, then live ones.
   * `close()` the feed to leave.
   */
  subscribe(
    filter: ConsoleLogFilter,
    limit: number,
    queueLimit = CONSOLE_FEED_LIMIT,
  ): LiveFeed<ConsoleLogEntry> {
    const feed = new LiveFeed<ConsoleLogEntry>(queueLimit, () => this.subscribers.delete(feed));
    const recent = this.ring.toArray().filter((entry) => accepts(entry, filter));
    for (const entry of recent.slice(Math.max(0, recent.length - Math.min(limit, queueLimit))))
      feed.push(entry);
    this.subscribers.set(feed, filter);
    return feed;
  }

  /** End every subscription (engine close). */
  close(): void {
    for (const feed of [...this.subscribers.keys()]) feed.close();
  }

  private add(partial: Omit<ConsoleLogEntry, 'node'>): void {
    const entry: ConsoleLogEntry = { ...partial, node: this.node() };
    this.ring.push(entry);
    for (const [feed, filter] of this.subscribers) {
      if (accepts(entry, filter)) feed.push(entry);
    }
  }
}
