/**
 * The `notify_mysql` target (MinIO's `internal/event/target/mysql.go` semantics) over mysql2.
 * `namespace`: MinIO's table `(key_name VARCHAR(3072), key_hash CHAR(64) = SHA2(key_name, 256)
 * unique, value JSON)`, upsert of `<bucket>/<object>` → `{"Records":[…]}`, delete on
 * `s3:ObjectRemoved:Delete`; `access`: `(event_time DATETIME NOT NULL, event_data JSON)`, one row per
 * event (times in UTC). The table is created if missing before the first write. A pool of at most
 * `max_open_connections` connections; while the server is down `send` rejects and the notification
 * core retries it later, in order.
 */
import mysql from 'mysql2/promise';
import { InvalidArgument } from '../../common/errors.js';
import type { ConfigValues } from '../../config/index.js';
import type { NotificationTarget, TargetEvent, TargetFactory } from '../target.js';
import { mysqlConnectionOptions } from './mysql-dsn.js';
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

/**
 * A table name safe to put in SQL: `name`, `db.name` (letters, digits, `_`, `$`) or back-quoted
 * parts without back-quotes inside. (MinIO does not check; an unchecked name would be SQL injection.)
 */
export function validMysqlTable(name: string): boolean {
  const part = '(?:[\\p{L}\\p{N}_$]+|`[^`]+`)';
  return new RegExp(`^${part}(?:\\.${part})?$`, 'u').test(name) && !/^\d+$/.test(name);
}

interface MysqlArgs {
  connection: mysql.PoolOptions;
  table: string;
  format: StoreFormat;
}

/** The sub-system's values as pool settings; throws MinIO's (and Go's driver's) messages. */
export function mysqlArgs(values: ConfigValues): MysqlArgs {
  const format = storeFormat(values);
  const table = values.get('table') ?? '';
  if (table === '') throw new InvalidArgument('table unspecified');
  if (!validMysqlTable(table)) throw new InvalidArgument('invalid MySQL table');
  const dsn = values.get('dsn_string') ?? '';
  let connection: mysql.PoolOptions;
  if (dsn.trim() !== '') {
    connection = mysqlConnectionOptions(dsn.trim());
  } else {
    // MinIO's older separate keys, used when no DSN is given.
    const port = values.get('port') ?? '';
    if (port === '') throw new InvalidArgument('unspecified port');
    if (!/^\d+$/.test(port)) throw new InvalidArgument('invalid port');
    const database = values.get('database') ?? '';
    if (database === '') throw new InvalidArgument('database unspecified');
    connection = {
      host: values.get('host') || '127.0.0.1',
      port: Number(port),
      database,
      ...(values.get('username') ? { user: values.get('username') } : {}),
      ...(values.get('password') ? { password: values.get('password') } : {}),
    };
  }
  checkQueueDir(values);
  const max = maxOpenConnections(values);
  return {
    connection: { ...connection, ...(max !== undefined ? { connectionLimit: max } : {}) },
    table,
    format,
  };
}

/**
 * MinIO's namespace table, with one change: MinIO declares `key_hash … STORED NOT NULL PRIMARY KEY`,
 * which MariaDB refuses (no NOT NULL, no primary key on a generated column); a UNIQUE key on the
 * same column works on both servers and the upsert/delete statements (and a table MinIO created)
 * behave the same.
 */
const NAMESPACE_TABLE = `(
  key_name VARCHAR(3072) NOT NULL,
  key_hash CHAR(64) GENERATED ALWAYS AS (SHA2(key_name, 256)) STORED,
  value JSON,
  UNIQUE KEY (key_hash)
) CHARACTER SET = utf8mb4 COLLATE = utf8mb4_bin ROW_FORMAT = Dynamic`;
const ACCESS_TABLE = '(event_time DATETIME NOT NULL, event_data JSON) ROW_FORMAT = Dynamic';

class MysqlTarget implements NotificationTarget {
  readonly service = 'mysql' as const;
  private readonly pool: mysql.Pool;
  private tableReady = false;
  private closed = false;
  private lastError = '';

  constructor(
    readonly id: string,
    private readonly args: MysqlArgs,
    private readonly log: (line: string) => void,
  ) {
    this.pool = mysql.createPool({
      connectTimeout: 2_000,
      ...args.connection,
      // MinIO's driver writes DATETIME values in UTC.
      timezone: 'Z',
      waitForConnections: true,
      idleTimeout: 30_000,
      enableKeepAlive: true,
    });
  }

  private note(err: Error): void {
    if (err.message === this.lastError) return;
    this.lastError = err.message;
    this.log(`notify_mysql:${this.id}: ${err.message}`);
  }

  private async ensureTable(): Promise<void> {
    if (this.tableReady) return;
    const columns = this.args.format === 'access' ? ACCESS_TABLE : NAMESPACE_TABLE;
    await this.pool.query(`CREATE TABLE IF NOT EXISTS ${this.args.table} ${columns}`);
    this.tableReady = true;
  }

  async send(event: TargetEvent): Promise<void> {
    if (this.closed) throw new Error(`notify_mysql:${this.id}: target closed`);
    try {
      await this.ensureTable();
      const { table, format } = this.args;
      if (format === 'namespace') {
        if (removesKey(event)) {
          await this.pool.execute(`DELETE FROM ${table} WHERE key_hash = SHA2(?, 256)`, [event.Key]);
        } else {
          await this.pool.execute(
            `INSERT INTO ${table} (key_name, value) VALUES (?, ?) ON DUPLICATE KEY UPDATE value=VALUES(value)`,
            [event.Key, recordsJson(event)],
          );
        }
      } else {
        await this.pool.execute(`INSERT INTO ${table} (event_time, event_data) VALUES (?, ?)`, [
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

export const mysqlTargetFactory: TargetFactory = {
  service: 'mysql',
  create(id, values, log) {
    return new MysqlTarget(id, mysqlArgs(values), log);
  },
};
