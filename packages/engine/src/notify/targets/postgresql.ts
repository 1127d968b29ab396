/**
 * The `notify_postgres` target (service `postgresql`; MinIO's `internal/event/target/postgresql.go`
 * semantics) over node-pg. `namespace`: table `(key VARCHAR PRIMARY KEY, value JSONB)`, upsert of
 * `<bucket>/<object>` → `{"Records":[…]}`, delete on `s3:ObjectRemoved:Delete`; `access`: table
 * `(event_time TIMESTAMP WITH TIME ZONE NOT NULL, event_data JSONB)`, one row per event. The table
 * is created if missing before the first write. A pool of at most `max_open_connections`
 * connections (node-pg's default when 0); while the server is down `send` rejects and the
 * notification core retries it later, in order.
 */
import pg from 'pg';
import { InvalidArgument } from '../../common/errors.js';
import type { ConfigValues } from '../../config/index.js';
import type { NotificationTarget, TargetEvent, TargetFactory } from '../target.js';
import { pgClientConfig } from './pg-connection-string.js';
import {
  checkQueueDir,
  eventTime,
  maxOpenConnections,
  recordsJson,
  removesKey,
  storeFormat,
  type StoreFormat,
} from './store-formats.js';
import { withTimeout } from './broker-values.js';

/** MinIO's rule: a double-quoted name without quotes inside, or letters/digits/_/$ not starting with a digit or $. */
export function validPostgresTable(name: string): boolean {
  if (/^"[^"]+"$/.test(name)) return true;
  return /^[\p{L}_][\p{L}\p{N}_$]*$/u.test(name);
}

interface PostgresArgs {
  client: pg.ClientConfig;
  table: string;
  format: StoreFormat;
  max?: number;
}

/** The sub-system's values as pool settings; throws MinIO's messages for bad ones. */
export function postgresArgs(values: ConfigValues): PostgresArgs {
  const table = values.get('table') ?? '';
  if (table === '') throw new InvalidArgument('empty table name');
  if (!validPostgresTable(table)) throw new InvalidArgument('invalid PostgreSQL table');
  const format = storeFormat(values, 'unrecognized format value');
  const connectionString = values.get('connection_string') ?? '';
  let client: pg.ClientConfig;
  if (connectionString.trim() !== '') {
    client = pgClientConfig(connectionString);
  } else {
    // MinIO's older separate keys, used when no connection string is given.
    const port = values.get('port') ?? '';
    if (port === '') throw new InvalidArgument('unspecified port');
    if (!/^\d+$/.test(port)) throw new InvalidArgument('invalid port');
    const database = values.get('database') ?? '';
    if (database === '') throw new InvalidArgument('database unspecified');
    client = {
      host: values.get('host') || 'localhost',
      port: Number(port),
      database,
      ssl: { rejectUnauthorized: false },
      ...(values.get('username') ? { user: values.get('username') } : {}),
      ...(values.get('password') ? { password: values.get('password') } : {}),
    };
  }
  checkQueueDir(values);
  const max = maxOpenConnections(values);
  return { client, table, format, ...(max !== undefined ? { max } : {}) };
}

class PostgresTarget implements NotificationTarget {
  readonly service = 'postgresql' as const;
  private readonly pool: pg.Pool;
  private tableReady = false;
  private closed = false;
  private lastError = '';

  constructor(
    readonly id: string,
    private readonly args: PostgresArgs,
    private readonly log: (line: string) => void,
  ) {
    this.pool = new pg.Pool({
      ...args.client,
      ...(args.max !== undefined ? { max: args.max } : {}),
      connectionTimeoutMillis: args.client.connectionTimeoutMillis ?? 2_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle connection the server dropped (restart, outage): the pool discards it; note it once.
    this.pool.on('error', (err) => this.note(err));
  }

  private note(err: Error): void {
    if (err.message === this.lastError) return;
    this.lastError = err.message;
    this.log(`notify_postgres:${this.id}: ${err.message}`);
  }

  private async ensureTable(): Promise<void> {
    if (this.tableReady) return;
    const { table, format } = this.args;
    const columns =
      format === 'access'
        ? '(event_time TIMESTAMP WITH TIME ZONE NOT NULL, event_data JSONB)'
        : '(key VARCHAR PRIMARY KEY, value JSONB)';
    await this.pool.query(`CREATE TABLE IF NOT EXISTS ${table} ${columns}`);
    this.tableReady = true;
  }

  async send(event: TargetEvent): Promise<void> {
    if (this.closed) throw new Error(`notify_postgres:${this.id}: target closed`);
    try {
      await this.ensureTable();
      const { table, format } = this.args;
      if (format === 'namespace' && removesKey(event)) {
        await this.pool.query(`DELETE FROM ${table} WHERE key = $1`, [event.Key]);
      } else if (format === 'namespace') {
        await this.pool.query(
          `INSERT INTO ${table} (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
          [event.Key, recordsJson(event)],
        );
      } else {
        await this.pool.query(`INSERT INTO ${table} (event_time, event_data) VALUES ($1, $2)`, [
          new Date(eventTime(event)),
          recordsJson(event),
        ]);
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
      await withTimeout(this.pool.query('SELECT 1'), 2_000, 'timeout');
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}

export const postgresqlTargetFactory: TargetFactory = {
  service: 'postgresql',
  create(id, values, log) {
    return new PostgresTarget(id, postgresArgs(values), log);
  },
};
