/**
 * The console's audit log store: the records of the audit entries the storage server delivers
 * (`audit-entry.ts`), kept in an embedded LMDB database under the console's data dir (the engine's
 * index store too; decision record 0010). Keys are `[time in ms, seq]`,
 * so the store is its own time index: a search walks the asked time range in the asked order and
 * stops once it has the page, and retention deletes from the oldest end.
 *
 * Bounded by retention: records older than `retentionMs` and, past `maxEntries`, the oldest ones
 * are deleted — after writes (at most once per `PRUNE_EVERY_MS`) and on a timer.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditFilterField, AuditLogRecord } from '@coffer/contract';
import { open, type RootDatabase } from 'lmdb';
import { patternToRegExp } from './audit-pattern.js';

export interface AuditStoreOptions {
  /** Directory of the database file (created when missing). */
  dir: string;
  /** Records older than this are deleted. */
  retentionMs: number;
  /** At most this many records; the oldest go first. */
  maxEntries: number;
  /** The clock (tests). */
  now?: () => number;
}

export interface AuditSearch {
  filters: readonly { field: AuditFilterField; pattern: string }[];
  order: 'timeAsc' | 'timeDesc';
  pageNo: number;
  pageSize: number;
  startMs?: number;
  endMs?: number;
}

type Key = [number, number];
const PRUNE_EVERY_MS = 10_000;
/** Deletions per write transaction while pruning (keeps each transaction short). */
const PRUNE_CHUNK = 10_000;

export class AuditStore {
  private seq: number;
  private lastPrune = 0;
  private pruning: Promise<number> | undefined;
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly db: RootDatabase<AuditLogRecord, Key>,
    private readonly options: AuditStoreOptions,
  ) {
    // Unique across restarts as long as the clock moves forward: the start time, then counting.
    this.seq = this.now() * 1000;
    this.timer = setInterval(() => void this.prune().catch(() => undefined), 60_000);
    this.timer.unref();
  }

  static async open(options: AuditStoreOptions): Promise<AuditStore> {
    await mkdir(options.dir, { recursive: true, mode: 0o700 });
    const db = open<AuditLogRecord, Key>({ path: join(options.dir, 'audit-log.mdb'), compression: true });
    return new AuditStore(db, options);
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /** Keep the records (one write transaction); prunes when it is time. */
  async add(records: readonly { timeMs: number; record: AuditLogRecord }[]): Promise<void> {
    if (records.length === 0) return;
    await this.db.transaction(() => {
      for (const { timeMs, record } of records) {
        this.seq += 1;
        void this.db.put([timeMs, this.seq], record);
      }
    });
    if (this.now() - this.lastPrune >= PRUNE_EVERY_MS) await this.prune();
  }

  /** One page of the records matching the search, in its order. */
  search(search: AuditSearch): AuditLogRecord[] {
    const matchers = search.filters.map((f) => ({ field: f.field, re: patternToRegExp(f.pattern) }));
    const low: Key | [number] = [search.startMs ?? 0];
    const high: [number] = [(search.endMs ?? Number.MAX_SAFE_INTEGER - 1) + 1];
    const range =
      search.order === 'timeAsc'
        ? this.db.getRange({ start: low, end: high })
        : this.db.getRange({ start: high, end: low, reverse: true });
    let skip = search.pageNo * search.pageSize;
    const page: AuditLogRecord[] = [];
    for (const { value } of range) {
      if (!matchers.every((m) => fieldMatches(value, m.field, m.re))) continue;
      if (skip > 0) {
        skip -= 1;
        continue;
      }
      page.push(value);
      if (page.length >= search.pageSize) break;
    }
    return page;
  }

  /** Delete what retention no longer allows; answers how many records went. */
  prune(): Promise<number> {
    this.pruning ??= this.pruneNow().finally(() => {
      this.pruning = undefined;
    });
    return this.pruning;
  }

  private async pruneNow(): Promise<number> {
    this.lastPrune = this.now();
    const cutoff = this.now() - this.options.retentionMs;
    let removed = 0;
    for (;;) {
      const old = [...this.db.getKeys({ end: [cutoff], limit: PRUNE_CHUNK })];
      if (old.length === 0) break;
      removed += await this.removeKeys(old);
    }
    let excess = this.count() - this.options.maxEntries;
    while (excess > 0) {
      const oldest = [...this.db.getKeys({ limit: Math.min(excess, PRUNE_CHUNK) })];
      if (oldest.length === 0) break;
      const n = await this.removeKeys(oldest);
      removed += n;
      excess -= n;
    }
    return removed;
  }

  private async removeKeys(keys: readonly Key[]): Promise<number> {
    await this.db.transaction(() => {
      for (const key of keys) void this.db.remove(key);
    });
    return keys.length;
  }

  /** How many records are kept. */
  count(): number {
    return (this.db.getStats() as { entryCount: number }).entryCount;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.pruning?.catch(() => undefined);
    await this.db.close();
  }
}

function fieldMatches(record: AuditLogRecord, field: AuditFilterField, re: RegExp): boolean {
  // A status matches by its code or its text ('404', '4*', 'Not Found').
  if (field === 'response_status')
    return re.test(String(record.response_status_code)) || re.test(record.response_status);
  return re.test(record[field]);
}
