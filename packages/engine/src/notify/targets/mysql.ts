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
import type { TargetFactory } from '../target.js';
import { mysqlConnectionOptions } from './mysql-dsn.js';
import { SqlStoreTarget } from './sql-store-target.js';
import {
  checkQueueDir,
  maxOpenConnections,
  separateConnectionKeys,
  storeFormat,
  type StoreFormat,
} from './store-formats.js';

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
    connection = separateConnectionKeys(values, '127.0.0.1');
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

class MysqlTarget extends SqlStoreTarget {
  readonly service = 'mysql' as const;
  private readonly pool: mysql.Pool;

  constructor(
    id: string,
    private readonly args: MysqlArgs,
    log: (line: string) => void,
  ) {
    super(id, 'notify_mysql', args.format, log);
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

  protected async createTable(): Promise<void> {
    const columns = this.args.format === 'access' ? ACCESS_TABLE : NAMESPACE_TABLE;
    await this.pool.query(`CREATE TABLE IF NOT EXISTS ${this.args.table} ${columns}`);
  }

  protected async upsert(key: string, json: string): Promise<void> {
    await this.pool.execute(
      `INSERT INTO ${this.args.table} (key_name, value) VALUES (?, ?) ON DUPLICATE KEY UPDATE value=VALUES(value)`,
      [key, json],
    );
  }

  protected async deleteKey(key: string): Promise<void> {
    await this.pool.execute(`DELETE FROM ${this.args.table} WHERE key_hash = SHA2(?, 256)`, [key]);
  }

  protected async append(time: Date, json: string): Promise<void> {
    await this.pool.execute(`INSERT INTO ${this.args.table} (event_time, event_data) VALUES (?, ?)`, [
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

export const mysqlTargetFactory: TargetFactory = {
  service: 'mysql',
  create(id, values, log) {
    return new MysqlTarget(id, mysqlArgs(values), log);
  },
};
