/**
 * Debian's PostgreSQL 15 for the postgresql target's tests: `initdb` into a temp dir (password
 * authentication over TCP, scram-sha-256) and `postgres -D … -p PORT -k <tmp>` as a child process on
 * a free loopback port. PostgreSQL refuses to run as root, so when the test runs as root both run as
 * the `postgres` system user (the package creates it) and the temp dir is handed to that user.
 * Ready once a real client connects and answers a query; a database `events` is created for the tests.
 */
import { execFileSync } from 'node:child_process';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../engine-process.js';
import { childServer, runToEnd, type ChildServer } from './child-server.js';

export interface PostgresServer extends ChildServer {
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** How long the first start (initdb included) took, for the CI budget. */
  startMs: number;
  /** libpq keyword/value form, as MinIO's docs and the console build it. */
  connectionString(overrides?: Record<string, string>): string;
  /** One query on a fresh connection (reading back what the target wrote). */
  query<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>;
  destroy(): Promise<void>;
}

/** `/usr/lib/postgresql/<newest>/bin`, where Debian keeps initdb and postgres (not on PATH). */
export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin/postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const newest = versions[0];
  if (newest === undefined) throw new Error(`no PostgreSQL server under ${root} (install postgresql)`);
  return path.join(root, newest, 'bin');
}

function systemUser(name: string): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', name]).toString().trim());
  const gid = Number(execFileSync('id', ['-g', name]).toString().trim());
  return { uid, gid };
}

export async function startPostgres(): Promise<PostgresServer> {
  const started = Date.now();
  const bin = postgresBinDir();
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const owner = asRoot ? systemUser('postgres') : undefined;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'coffer-postgres-'));
  const data = path.join(dir, 'data');
  const pwfile = path.join(dir, 'pwfile');
  const user = 'coffer';
  const password = 'pg-secret';
  await writeFile(pwfile, `${password}\n`);
  if (owner !== undefined) {
    await chown(dir, owner.uid, owner.gid);
    await chown(pwfile, owner.uid, owner.gid);
  }
  const asOwner = owner !== undefined ? { uid: owner.uid, gid: owner.gid } : {};
  // HOME/cwd of root are not readable by the postgres user: give it the temp dir.
  const env = { ...process.env, HOME: dir, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' };
  await runToEnd(
    path.join(bin, 'initdb'),
    [
      '-D',
      data,
      '-U',
      user,
      `--pwfile=${pwfile}`,
      '--auth-host=scram-sha-256',
      '--auth-local=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ],
    { env, ...asOwner },
  );
  const port = await freePort();
  const clientConfig = (database: string): pg.ClientConfig => ({
    host: '127.0.0.1',
    port,
    user,
    password,
    database,
    connectionTimeoutMillis: 2_000,
  });
  const probe = async (): Promise<void> => {
    const c = new pg.Client(clientConfig('postgres'));
    c.on('error', () => {});
    try {
      await c.connect();
      await c.query('SELECT 1');
    } finally {
      await c.end().catch(() => {});
    }
  };
  const server = childServer({
    name: 'postgres',
    command: path.join(bin, 'postgres'),
    args: ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
    env,
    ...asOwner,
    // SIGTERM is the "smart" shutdown, which waits for every client (the target's pool) to leave.
    stopSignal: 'SIGINT',
    stopGroup: false,
    probe,
  });
  await server.start();
  const database = 'events';
  const admin = new pg.Client(clientConfig('postgres'));
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const startMs = Date.now() - started;
  return {
    ...server,
    host: '127.0.0.1',
    port,
    user,
    password,
    database,
    startMs,
    connectionString(overrides = {}) {
      const kv = {
        host: '127.0.0.1',
        port: String(port),
        user,
        password,
        dbname: database,
        sslmode: 'disable',
        ...overrides,
      };
      return Object.entries(kv)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ');
    },
    async query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
      const c = new pg.Client(clientConfig(database));
      await c.connect();
      try {
        return (await c.query<R>(sql, params)).rows;
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
