/**
 * What the SQL "store" targets (postgresql, mysql) share: the `send` flow of MinIO's two formats
 * (namespace: upsert the object's key, delete it on `s3:ObjectRemoved:Delete`; access: append a row),
 * the table created once before the first write, connection errors logged once each (never the
 * password: only the driver's message), `isActive` as `SELECT 1` within 2 s, and `close`. The
 * subclass supplies the SQL and the driver's pool.
 */
import type { NotificationTarget, TargetEvent } from '../target.js';
import { withTimeout } from './broker-values.js';
import { eventTime, recordsJson, removesKey, type StoreFormat } from './store-formats.js';

export abstract class SqlStoreTarget implements NotificationTarget {
  abstract readonly service: 'postgresql' | 'mysql';
  private tableReady = false;
  private closed = false;
  private lastError = '';

  /** `subsystem` names the target in log lines and errors (`notify_postgres`, `notify_mysql`). */
  constructor(
    readonly id: string,
    private readonly subsystem: string,
    protected readonly format: StoreFormat,
    private readonly log: (line: string) => void,
  ) {}

  /** `CREATE TABLE IF NOT EXISTS` for the configured format. */
  protected abstract createTable(): Promise<void>;
  /** Namespace format: set `key` to `recordsJson`. */
  protected abstract upsert(key: string, recordsJson: string): Promise<void>;
  /** Namespace format: remove `key`. */
  protected abstract deleteKey(key: string): Promise<void>;
  /** Access format: one row. */
  protected abstract append(time: Date, recordsJson: string): Promise<void>;
  /** One round trip to the server (`SELECT 1`). */
  protected abstract ping(): Promise<unknown>;
  /** Closes the pool. */
  protected abstract end(): Promise<void>;

  /** Logs a connection error once (until a different one, or a success, comes). */
  protected note(err: Error): void {
    if (err.message === this.lastError) return;
    this.lastError = err.message;
    this.log(`${this.subsystem}:${this.id}: ${err.message}`);
  }

  private async ensureTable(): Promise<void> {
    if (this.tableReady) return;
    await this.createTable();
    this.tableReady = true;
  }

  async send(event: TargetEvent): Promise<void> {
    if (this.closed) throw new Error(`${this.subsystem}:${this.id}: target closed`);
    try {
      await this.ensureTable();
      if (this.format === 'namespace') {
        if (removesKey(event)) await this.deleteKey(event.Key);
        else await this.upsert(event.Key, recordsJson(event));
      } else {
        await this.append(new Date(eventTime(event)), recordsJson(event));
      }
      this.lastError = '';
    } catch (err) {
      if (err instanceof Error) this.note(err);
      throw err;
    }
  }

  async isActive(): Promise<boolean> {
    if (this.closed) return false;
    try {
      await withTimeout(this.ping(), 2_000, 'timeout');
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.end();
  }
}
