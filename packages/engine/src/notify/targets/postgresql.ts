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
import type { TargetFactory } from '../target.js';
import { pgClientConfig } from './pg-connection-string.js';
import { SqlStoreTarget } from './sql-store-target.js';
import {
  checkQueueDir,
  maxOpenConnections,
  separateConnectionKeys,
  storeFormat,
  type StoreFormat,
} from './store-formats.js';

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
    client = { ...separateConnectionKeys(values, 'localhost'), ssl: { rejectUnauthorized: false } };
  }
  checkQueueDir(values);
  const max = maxOpenConnections(values);
  return { client, table, format, ...(max !== undefined ? { max } : {}) };
}

class PostgresTarget extends SqlStoreTarget {
  readonly service = 'postgresql' as const;
  private readonly pool: pg.Pool;

  constructor(
    id: string,
    private readonly args: PostgresArgs,
    log: (line: string) => void,
  ) {
    super(id, 'notify_postgres', args.format, log);
    this.pool = new pg.Pool({
      ...args.client,
      ...(args.max !== undefined ? { max: args.max } : {}),
      connectionTimeoutMillis: args.client.connectionTimeoutMillis ?? 2_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle connection the server dropped (restart, outage): the pool discards it; note it once.
    this.pool.on('error', (err) => this.note(err));
  }

  protected async createTable(): Promise<void> {
    const columns =
      this.args.format === 'access'
        ? '(event_time TIMESTAMP WITH TIME ZONE NOT NULL, event_data JSONB)'
        : '(key VARCHAR PRIMARY KEY, value JSONB)';
    await this.pool.query(`CREATE TABLE IF NOT EXISTS ${this.args.table} ${columns}`);
  }

  protected async upsert(key: string, json: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO ${this.args.table} (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [key, json],
    );
  }

  protected async deleteKey(key: string): Promise<void> {
    await this.pool.query(`DELETE FROM ${this.args.table} WHERE key = $1`, [key]);
  }

  protected async append(time: Date, json: string): Promise<void> {
    await this.pool.query(`INSERT INTO ${this.args.table} (event_time, event_data) VALUES ($1, $2)`, [
      time,
      json,
    ]);
  }

  protected ping(): Promise<unknown> {
    return this.pool.query('SELECT 1');
  }

  protected end(): Promise<void> {
    return this.pool.end();
  }
}

export const postgresqlTargetFactory: TargetFactory = {
  service: 'postgresql',
  create(id, values, log) {
    return new PostgresTarget(id, postgresArgs(values), log);
  },
};
