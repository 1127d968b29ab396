/**
 * Debian's MariaDB for the mysql target's tests: `mariadb-install-db` into a temp dir and
 * `mariadbd --user=root --datadir … --socket … --port PORT` as a child process on a free loopback
 * port. Once it answers on its socket, a password user `coffer` and a database `events` are created
 * for the tests (the target connects over TCP with a password, as in production).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { freePort } from '../engine-process.js';
import { childServer, runToEnd, type ChildServer } from './child-server.js';

export interface MariaDbServer extends ChildServer {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** How long the first start (install-db included) took, for the CI budget. */
  startMs: number;
  /** Go's DSN form MinIO takes: `user:password@tcp(host:port)/dbname`. */
  dsn(): string;
  /** One query on a fresh connection (reading back what the target wrote). */
  query<R>(sql: string, params?: unknown[]): Promise<R[]>;
  destroy(): Promise<void>;
}

export async function startMariaDb(): Promise<MariaDbServer> {
  const started = Date.now();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'coffer-mariadb-'));
  const data = path.join(dir, 'data');
  const socket = path.join(dir, 'mysqld.sock');
  await runToEnd('mariadb-install-db', [
    '--no-defaults',
    `--datadir=${data}`,
    '--user=root',
    '--auth-root-authentication-method=normal',
    '--skip-test-db',
  ]);
  const port = await freePort();
  const user = 'coffer';
  const password = 'mysql-secret';
  const database = 'events';
  const rootConnection = () => mysql.createConnection({ socketPath: socket, user: 'root' });
  const probe = async (): Promise<void> => {
    const c = await rootConnection();
    try {
      await c.query('SELECT 1');
    } finally {
      await c.end();
    }
  };
  const server = childServer({
    name: 'mariadbd',
    command: 'mariadbd',
    args: [
      '--no-defaults',
      '--user=root',
      `--datadir=${data}`,
      `--socket=${socket}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--pid-file=${path.join(dir, 'mariadbd.pid')}`,
      '--skip-name-resolve',
      '--innodb-flush-log-at-trx-commit=2',
    ],
    probe,
  });
  await server.start();
  const root = await rootConnection();
  await root.query(`CREATE DATABASE ${database}`);
  await root.query(`CREATE USER '${user}'@'%' IDENTIFIED BY '${password}'`);
  await root.query(`GRANT ALL ON ${database}.* TO '${user}'@'%'`);
  await root.end();
  const startMs = Date.now() - started;
  return {
    ...server,
    host: '127.0.0.1',
    port,
    user,
    password,
    database,
    startMs,
    dsn: () => `${user}:${password}@tcp(127.0.0.1:${port})/${database}`,
    async query<R>(sql: string, params: unknown[] = []) {
      const c = await mysql.createConnection({
        host: '127.0.0.1',
        port,
        user,
        password,
        database,
        timezone: 'Z',
      });
      try {
        const [rows] = await c.query(sql, params);
        return rows as R[];
      } finally {
        await c.end();
      }
    },
    async destroy() {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
