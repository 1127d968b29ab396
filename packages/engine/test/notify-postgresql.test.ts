/**
 * The postgresql notification target against a real PostgreSQL 15 (Debian's, `initdb` + `postgres`
 * as a child process of this file, scram password over TCP): both formats read back with SQL, the
 * table created when missing and reused when present, an outage, and bad config.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { postgresqlTargetFactory } from '../src/notify/targets/postgresql.js';
import type { NotificationTarget } from '../src/notify/target.js';
import { requireSystemDeps } from './helpers/system-deps.js';
import { startPostgres, type PostgresServer } from './helpers/servers/postgres.js';
import { put, remove, values } from './helpers/target-events.js';
import { staticConfig } from '../src/config/index.js';
import { adminOk } from './helpers/admin-calls.js';
import { eventually, startNotifyEngine } from './helpers/notify-engine.js';
import { queuedThroughOutage, sendThroughOutage } from './helpers/store-outage.js';

let server: PostgresServer;
const targets: NotificationTarget[] = [];
const logs: string[] = [];

interface Records {
  Records: {
    eventName: string;
    eventTime: string;
    s3: { bucket: { name: string }; object: { key: string } };
  }[];
}

function target(id: string, entries: Record<string, string>): NotificationTarget {
  const t = postgresqlTargetFactory.create(
    id,
    values({ connection_string: server.connectionString(), ...entries }),
    (line) => logs.push(line),
  );
  targets.push(t);
  return t;
}

beforeAll(async () => {
  await requireSystemDeps(['postgresql']);
  server = await startPostgres();
  console.log(`postgres (initdb + start) ready in ${server.startMs} ms`);
});

afterAll(async () => {
  for (const t of targets) await t.close();
  await server?.destroy();
});

describe('namespace format', () => {
  test('creates (key VARCHAR PRIMARY KEY, value JSONB); upsert per object, delete on remove', async () => {
    const t = target('ns', { table: 'bucketevents', format: 'namespace' });
    expect(t.service).toBe('postgresql');
    await t.send(put('photos', 'a/b c.txt'));
    await t.send(put('photos', 'keep.txt'));
    await t.send(put('photos', 'keep.txt'));
    await t.send(remove('photos', 'a/b c.txt'));
    const rows = await server.query<{ key: string; value: Records }>(
      'SELECT key, value FROM bucketevents ORDER BY key',
    );
    expect(rows.map((r) => r.key)).toEqual(['photos/keep.txt']);
    expect(rows[0]?.value.Records[0]?.eventName).toBe('s3:ObjectCreated:Put');
    expect(rows[0]?.value.Records[0]?.s3.object.key).toBe('keep.txt');
    const columns = await server.query<{ column_name: string; data_type: string }>(
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'bucketevents' ORDER BY ordinal_position`,
    );
    expect(columns).toEqual([
      { column_name: 'key', data_type: 'character varying' },
      { column_name: 'value', data_type: 'jsonb' },
    ]);
  });

  test('an existing table is used as it is', async () => {
    await server.query(
      "CREATE TABLE premade (key VARCHAR PRIMARY KEY, value JSONB, note TEXT DEFAULT 'kept')",
    );
    const t = target('pre', { table: 'premade' });
    await t.send(put('b', 'k'));
    expect(await server.query('SELECT key, note FROM premade')).toEqual([{ key: 'b/k', note: 'kept' }]);
  });
});

describe('access format', () => {
  test('creates (event_time TIMESTAMPTZ, event_data JSONB); one row per event, in order', async () => {
    const t = target('acc', { table: 'accesslog', format: 'access' });
    const events = [
      put('logs', 'one', new Date('2026-01-02T03:04:05.678Z')),
      put('logs', 'two'),
      remove('logs', 'one'),
    ];
    for (const e of events) await t.send(e);
    const rows = await server.query<{ event_time: Date; event_data: Records }>(
      'SELECT event_time, event_data FROM accesslog ORDER BY ctid',
    );
    expect(rows.map((r) => r.event_data.Records[0]?.s3.object.key)).toEqual(['one', 'two', 'one']);
    expect(rows.map((r) => r.event_data.Records[0]?.eventName)).toEqual([
      's3:ObjectCreated:Put',
      's3:ObjectCreated:Put',
      's3:ObjectRemoved:Delete',
    ]);
    expect(rows[0]?.event_time.toISOString()).toBe('2026-01-02T03:04:05.678Z');
  });
});

describe('outage and authentication', () => {
  test('send rejects and isActive is false while postgres is down; both recover when it is back', async () => {
    const t = target('outage', { table: 'outage', format: 'access', max_open_connections: '2' });
    await sendThroughOutage(t, server);
    const rows = await server.query<{ event_data: Records }>('SELECT event_data FROM outage ORDER BY ctid');
    expect(rows.map((r) => r.event_data.Records[0]?.s3.object.key)).toEqual(['before', 'after']);
  });

  test('a wrong password rejects with the server message; create does not wait for the server', async () => {
    const t = target('badpw', {
      connection_string: server.connectionString({ password: 'wrong' }),
      table: 'x',
    });
    await expect(t.send(put('b', 'k'))).rejects.toThrow(/password authentication failed/);
    expect(await t.isActive()).toBe(false);
    const down = target('down', {
      connection_string: 'host=127.0.0.1 port=1 dbname=x sslmode=disable',
      table: 'x',
    });
    expect(await down.isActive()).toBe(false);
    await expect(down.send(put('b', 'k'))).rejects.toThrow(/ECONNREFUSED/);
  });

  test('the separate host/port/username/password/database keys (no connection_string) work too', async () => {
    const t = postgresqlTargetFactory.create(
      'legacy',
      values({
        host: '127.0.0.1',
        port: String(server.port),
        username: server.user,
        password: server.password,
        database: server.database,
        table: 'legacy',
      }),
      () => {},
    );
    targets.push(t);
    // lib/pq's default sslmode is require, and this server has no TLS: refused, as MinIO would be.
    await expect(t.send(put('b', 'k'))).rejects.toThrow(/does not support SSL/);
  });
});

describe('configuration errors', () => {
  const create = (entries: Record<string, string>) => () =>
    postgresqlTargetFactory.create(
      'bad',
      values({ connection_string: 'host=127.0.0.1 dbname=x', table: 'events', ...entries }),
      () => {},
    );
  test('MinIO messages for bad values', () => {
    expect(create({ table: '' })).toThrow('empty table name');
    expect(create({ table: 'events; DROP TABLE x' })).toThrow('invalid PostgreSQL table');
    expect(create({ table: '1events' })).toThrow('invalid PostgreSQL table');
    expect(create({ format: 'xml' })).toThrow('unrecognized format value');
    expect(create({ queue_dir: 'rel' })).toThrow('queueDir path should be absolute');
    expect(create({ max_open_connections: '-1' })).toThrow('maxOpenConnections cannot be less than zero');
    expect(create({ connection_string: '', port: '' })).toThrow('unspecified port');
    expect(create({ connection_string: '', port: '5432' })).toThrow('database unspecified');
    expect(create({ table: '"Quoted Name"' })).not.toThrow();
  });
});

describe('end to end through the engine', () => {
  test('bucket subscribed to two notify_postgres targets (namespace and access): put, put, delete arrive', async () => {
    const e2e = await startNotifyEngine(
      staticConfig({
        'notify_postgres:ns': {
          enable: 'on',
          connection_string: server.connectionString(),
          table: 'e2e_ns',
          format: 'namespace',
        },
        'notify_postgres:log': {
          enable: 'on',
          connection_string: server.connectionString(),
          table: 'e2e_log',
          format: 'access',
        },
      }),
    );
    try {
      const arns = ['arn:minio:sqs:us-east-1:ns:postgresql', 'arn:minio:sqs:us-east-1:log:postgresql'];
      const info = (await adminOk(e2e.engine, e2e.root, 'GET', 'info')) as {
        sqsARN: string[];
        services: { notifications?: Record<string, Record<string, { status: string }>[]>[] };
      };
      expect([...info.sqsARN].sort()).toEqual([...arns].sort());
      const statuses = info.services.notifications?.flatMap((n) => n.postgresql ?? []);
      expect(statuses).toEqual(
        expect.arrayContaining([{ ns: { status: 'online' } }, { log: { status: 'online' } }]),
      );
      await e2e.subscribe('pg-events', arns);
      await e2e.put('pg-events', 'dir/first file.txt');
      await e2e.put('pg-events', 'second.txt');
      await e2e.remove('pg-events', 'dir/first file.txt');
      const readLog = async () =>
        (await tableExists('e2e_log'))
          ? await server.query<{ event_data: Records }>('SELECT event_data FROM e2e_log ORDER BY ctid')
          : [];
      const log = await eventually('3 access rows', readLog, (rows) => rows.length >= 3);
      expect(
        log.map((r) => [r.event_data.Records[0]?.eventName, r.event_data.Records[0]?.s3.object.key]),
      ).toEqual([
        ['s3:ObjectCreated:Put', 'dir%2Ffirst+file.txt'],
        ['s3:ObjectCreated:Put', 'second.txt'],
        ['s3:ObjectRemoved:Delete', 'dir%2Ffirst+file.txt'],
      ]);
      const readNs = async () =>
        (await tableExists('e2e_ns'))
          ? await server.query<{ key: string }>('SELECT key FROM e2e_ns ORDER BY key')
          : [];
      const ns = await eventually(
        'namespace rows',
        readNs,
        (rows) => rows.length === 1 && rows[0]?.key === 'pg-events/second.txt',
      );
      expect(ns).toEqual([{ key: 'pg-events/second.txt' }]);
    } finally {
      await e2e.close();
    }
  });
});

async function tableExists(name: string): Promise<boolean> {
  const rows = await server.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [name]);
  return rows[0]?.t !== null && rows[0]?.t !== undefined;
}

describe('outage end to end', () => {
  test('postgres down: 30 uploads queued in queue_dir survive an engine restart and arrive in order once it is back', async () => {
    await queuedThroughOutage({
      server,
      subsystem: 'notify_postgres',
      service: 'postgresql',
      values: { connection_string: server.connectionString(), table: 'e2e_outage', format: 'access' },
      bucket: 'pg-outage',
      deliveredKeys: async () =>
        (await tableExists('e2e_outage'))
          ? (
              await server.query<{ event_data: Records }>('SELECT event_data FROM e2e_outage ORDER BY ctid')
            ).map((r) => r.event_data.Records[0]?.s3.object.key)
          : [],
    });
  });
});
