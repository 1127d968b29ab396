/**
 * The mysql notification target against a real MariaDB (Debian's, `mariadb-install-db` +
 * `mariadbd` as a child process of this file, a password user over TCP): both formats read back
 * with SQL, MinIO's namespace table (SHA-256 key hash as the unique key), an outage, and bad config.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mysqlTargetFactory } from '../src/notify/targets/mysql.js';
import type { NotificationTarget } from '../src/notify/target.js';
import { requireSystemDeps } from './helpers/system-deps.js';
import { startMariaDb, type MariaDbServer } from './helpers/servers/mariadb.js';
import { put, remove, values } from './helpers/target-events.js';
import { staticConfig } from '../src/config/index.js';
import { adminOk } from './helpers/admin-calls.js';
import { eventually, startNotifyEngine } from './helpers/notify-engine.js';
import { queuedThroughOutage, sendThroughOutage } from './helpers/store-outage.js';

let server: MariaDbServer;
const targets: NotificationTarget[] = [];
const logs: string[] = [];

interface Records {
  Records: { eventName: string; s3: { object: { key: string } } }[];
}

function target(id: string, entries: Record<string, string>): NotificationTarget {
  const t = mysqlTargetFactory.create(id, values({ dsn_string: server.dsn(), ...entries }), (line) =>
    logs.push(line),
  );
  targets.push(t);
  return t;
}

/** MariaDB's JSON is LONGTEXT: rows come back as text. */
const json = (value: unknown): Records => (typeof value === 'string' ? JSON.parse(value) : value) as Records;

beforeAll(async () => {
  await requireSystemDeps(['mariadb']);
  server = await startMariaDb();
  console.log(`mariadb (install-db + start) ready in ${server.startMs} ms`);
});

afterAll(async () => {
  for (const t of targets) await t.close();
  await server?.destroy();
});

describe('namespace format', () => {
  test("MinIO's table; upsert per object key, delete on remove", async () => {
    const t = target('ns', { table: 'bucketevents', format: 'namespace' });
    expect(t.service).toBe('mysql');
    await t.send(put('photos', 'a/b c.txt'));
    await t.send(put('photos', 'keep.txt'));
    await t.send(put('photos', 'keep.txt'));
    await t.send(remove('photos', 'a/b c.txt'));
    const rows = await server.query<{ key_name: string; key_hash: string; value: unknown }>(
      'SELECT key_name, key_hash, value FROM bucketevents ORDER BY key_name',
    );
    expect(rows.map((r) => r.key_name)).toEqual(['photos/keep.txt']);
    const [{ expected } = { expected: '' }] = await server.query<{ expected: string }>(
      "SELECT SHA2('photos/keep.txt', 256) AS expected",
    );
    expect(rows[0]?.key_hash).toBe(expected);
    expect(json(rows[0]?.value).Records[0]?.eventName).toBe('s3:ObjectCreated:Put');
    expect(json(rows[0]?.value).Records[0]?.s3.object.key).toBe('keep.txt');
  });

  test('keys longer than an index allows still work (the hash is the key)', async () => {
    const t = target('long', { table: 'longkeys' });
    const key = `${'k'.repeat(1000)}/${'é'.repeat(10)}`;
    await t.send(put('bucket', key));
    expect(await server.query('SELECT key_name FROM longkeys')).toEqual([{ key_name: `bucket/${key}` }]);
    await t.send(remove('bucket', key));
    expect(await server.query('SELECT key_name FROM longkeys')).toEqual([]);
  });
});

describe('access format', () => {
  test('(event_time DATETIME, event_data JSON); one row per event in UTC, in order', async () => {
    const t = target('acc', { table: 'accesslog', format: 'access' });
    const events = [
      put('logs', 'one', new Date('2026-01-02T03:04:05.000Z')),
      put('logs', 'two'),
      remove('logs', 'one'),
    ];
    for (const e of events) await t.send(e);
    const rows = await server.query<{ event_time: Date; event_data: unknown }>(
      'SELECT event_time, event_data FROM accesslog',
    );
    expect(rows.map((r) => json(r.event_data).Records[0]?.s3.object.key)).toEqual(['one', 'two', 'one']);
    expect(rows.map((r) => json(r.event_data).Records[0]?.eventName)).toEqual([
      's3:ObjectCreated:Put',
      's3:ObjectCreated:Put',
      's3:ObjectRemoved:Delete',
    ]);
    expect(rows[0]?.event_time.toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });
});

describe('outage and authentication', () => {
  test('send rejects and isActive is false while the server is down; both recover when it is back', async () => {
    const t = target('outage', { table: 'outage', format: 'access', max_open_connections: '2' });
    await sendThroughOutage(t, server);
    const rows = await server.query<{ event_data: unknown }>('SELECT event_data FROM outage');
    expect(rows.map((r) => json(r.event_data).Records[0]?.s3.object.key)).toEqual(['before', 'after']);
  });

  test('a wrong password rejects with the server message; create does not wait for the server', async () => {
    const t = target('badpw', {
      dsn_string: `${server.user}:wrong@tcp(127.0.0.1:${server.port})/events`,
      table: 'x',
    });
    await expect(t.send(put('b', 'k'))).rejects.toThrow(/Access denied/);
    expect(await t.isActive()).toBe(false);
    const down = target('down', { dsn_string: 'u:p@tcp(127.0.0.1:1)/x', table: 'x' });
    expect(await down.isActive()).toBe(false);
    await expect(down.send(put('b', 'k'))).rejects.toThrow(/ECONNREFUSED/);
  });

  test('the separate host/port/username/password/database keys (no dsn_string) work too', async () => {
    const t = target('legacy', {
      dsn_string: '',
      host: '127.0.0.1',
      port: String(server.port),
      username: server.user,
      password: server.password,
      database: server.database,
      table: 'legacy',
    });
    await t.send(put('b', 'k'));
    expect(await server.query('SELECT key_name FROM legacy')).toEqual([{ key_name: 'b/k' }]);
  });
});

describe('configuration errors', () => {
  const create = (entries: Record<string, string>) => () =>
    mysqlTargetFactory.create(
      'bad',
      values({ dsn_string: 'u:p@tcp(h:3306)/db', table: 'events', ...entries }),
      () => {},
    );
  test('MinIO messages for bad values', () => {
    expect(create({ table: '' })).toThrow('table unspecified');
    expect(create({ table: 'events; DROP TABLE x' })).toThrow('invalid MySQL table');
    expect(create({ format: 'xml' })).toThrow('unrecognized format');
    expect(create({ queue_dir: 'rel' })).toThrow('queueDir path should be absolute');
    expect(create({ max_open_connections: '-1' })).toThrow('maxOpenConnections cannot be less than zero');
    expect(create({ dsn_string: 'u:p@tcp(h:3306)' })).toThrow(
      'invalid DSN: missing the slash separating the database name',
    );
    expect(create({ dsn_string: '', port: '' })).toThrow('unspecified port');
    expect(create({ dsn_string: '', port: 'x' })).toThrow('invalid port');
    expect(create({ dsn_string: '', port: '3306' })).toThrow('database unspecified');
    expect(create({ table: 'events_db.`my table`' })).not.toThrow();
  });
});

describe('end to end through the engine', () => {
  test('bucket subscribed to two notify_mysql targets (namespace and access): put, put, delete arrive', async () => {
    const e2e = await startNotifyEngine(
      staticConfig({
        'notify_mysql:ns': { enable: 'on', dsn_string: server.dsn(), table: 'e2e_ns', format: 'namespace' },
        'notify_mysql:log': { enable: 'on', dsn_string: server.dsn(), table: 'e2e_log', format: 'access' },
      }),
    );
    try {
      const arns = ['arn:minio:sqs:us-east-1:ns:mysql', 'arn:minio:sqs:us-east-1:log:mysql'];
      const info = (await adminOk(e2e.engine, e2e.root, 'GET', 'info')) as {
        sqsARN: string[];
        services: { notifications?: Record<string, Record<string, { status: string }>[]>[] };
      };
      expect([...info.sqsARN].sort()).toEqual([...arns].sort());
      const statuses = info.services.notifications?.flatMap((n) => n.mysql ?? []);
      expect(statuses).toEqual(
        expect.arrayContaining([{ ns: { status: 'online' } }, { log: { status: 'online' } }]),
      );
      await e2e.subscribe('mysql-events', arns);
      await e2e.put('mysql-events', 'dir/first file.txt');
      await e2e.put('mysql-events', 'second.txt');
      await e2e.remove('mysql-events', 'dir/first file.txt');
      const readLog = async () =>
        (await tableExists('e2e_log'))
          ? await server.query<{ event_data: unknown }>('SELECT event_data FROM e2e_log')
          : [];
      const log = await eventually('3 access rows', readLog, (rows) => rows.length >= 3);
      expect(
        log.map((r) => [
          json(r.event_data).Records[0]?.eventName,
          json(r.event_data).Records[0]?.s3.object.key,
        ]),
      ).toEqual([
        ['s3:ObjectCreated:Put', 'dir%2Ffirst+file.txt'],
        ['s3:ObjectCreated:Put', 'second.txt'],
        ['s3:ObjectRemoved:Delete', 'dir%2Ffirst+file.txt'],
      ]);
      const readNs = async () =>
        (await tableExists('e2e_ns'))
          ? await server.query<{ key_name: string }>('SELECT key_name FROM e2e_ns')
          : [];
      const ns = await eventually(
        'namespace rows',
        readNs,
        (rows) => rows.length === 1 && rows[0]?.key_name === 'mysql-events/second.txt',
      );
      expect(ns).toEqual([{ key_name: 'mysql-events/second.txt' }]);
    } finally {
      await e2e.close();
    }
  });
});

async function tableExists(name: string): Promise<boolean> {
  const rows = await server.query<{ n: number }>(
    'SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?',
    [name],
  );
  return Number(rows[0]?.n) > 0;
}

describe('outage end to end', () => {
  test('mariadb down: 30 uploads queued in queue_dir survive an engine restart and arrive in order once it is back', async () => {
    await queuedThroughOutage({
      server,
      subsystem: 'notify_mysql',
      service: 'mysql',
      values: { dsn_string: server.dsn(), table: 'e2e_outage', format: 'access' },
      bucket: 'mysql-outage',
      deliveredKeys: async () =>
        (await tableExists('e2e_outage'))
          ? (await server.query<{ event_data: unknown }>('SELECT event_data FROM e2e_outage')).map(
              (r) => json(r.event_data).Records[0]?.s3.object.key,
            )
          : [],
    });
  });
});
