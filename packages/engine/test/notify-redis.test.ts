/**
 * The redis notification target against a real redis-server (Debian's, a child process of this
 * file): both formats read back with a plain client, ACL user and password, MinIO's key-type check,
 * an outage (send rejects and isActive is false while down, works again after), and bad config.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Redis } from 'ioredis';
import { redisTargetFactory } from '../src/notify/targets/redis.js';
import type { NotificationTarget } from '../src/notify/target.js';
import { requireSystemDeps } from './helpers/system-deps.js';
import { startRedis, type RedisServer } from './helpers/servers/redis.js';
import { put, remove, values } from './helpers/target-events.js';
import { staticConfig } from '../src/config/index.js';
import { adminOk } from './helpers/admin-calls.js';
import { eventually, startNotifyEngine } from './helpers/notify-engine.js';
import { queuedThroughOutage, sendThroughOutage } from './helpers/store-outage.js';

let server: RedisServer;
let reader: Redis;
const logs: string[] = [];
const targets: NotificationTarget[] = [];

function target(id: string, entries: Record<string, string>): NotificationTarget {
  const t = redisTargetFactory.create(
    id,
    values({ address: server.address, password: server.password, ...entries }),
    (line) => logs.push(line),
  );
  targets.push(t);
  return t;
}

beforeAll(async () => {
  await requireSystemDeps(['redis']);
  server = await startRedis();
  console.log(`redis-server ready in ${server.startMs} ms`);
  reader = await server.client();
});

afterAll(async () => {
  for (const t of targets) await t.close();
  await server?.destroy();
});

describe('namespace format', () => {
  test('HSET per object key with {"Records":[…]}, HDEL on delete', async () => {
    const t = target('ns', { key: 'bucketevents', format: 'namespace' });
    expect(t.service).toBe('redis');
    expect(t.id).toBe('ns');
    await t.send(put('photos', 'a/b c.txt'));
    await t.send(put('photos', 'keep.txt'));
    await t.send(put('photos', 'keep.txt')); // an overwrite replaces the value
    await t.send(remove('photos', 'a/b c.txt'));
    const hash = await reader.hgetall('bucketevents');
    expect(Object.keys(hash)).toEqual(['photos/keep.txt']);
    const stored = JSON.parse(hash['photos/keep.txt'] ?? 'null') as {
      Records: { eventName: string; s3: { object: { key: string; size: number } } }[];
    };
    expect(stored.Records).toHaveLength(1);
    expect(stored.Records[0]?.eventName).toBe('s3:ObjectCreated:Put');
    expect(stored.Records[0]?.s3.object.key).toBe('keep.txt');
  });

  test('a delete-marker event keeps the key (only s3:ObjectRemoved:Delete removes it, as MinIO)', async () => {
    const t = target('ns-marker', { key: 'markers' });
    await t.send(put('docs', 'x'));
    const marker = remove('docs', 'x');
    marker.EventName = 's3:ObjectRemoved:DeleteMarkerCreated';
    await t.send(marker);
    const stored = JSON.parse((await reader.hget('markers', 'docs/x')) ?? 'null') as {
      Records: { eventName: string }[];
    };
    expect(stored.Records[0]?.eventName).toBe('s3:ObjectRemoved:Delete');
  });
});

describe('access format', () => {
  test('RPUSH of [{"Event":[record],"EventTime":…}] per event, in order', async () => {
    const t = target('acc', { key: 'accesslog', format: 'access' });
    const events = [put('logs', 'one'), put('logs', 'two'), remove('logs', 'one')];
    for (const e of events) await t.send(e);
    const list = await reader.lrange('accesslog', 0, -1);
    expect(list).toHaveLength(3);
    const parsed = list.map(
      (entry) =>
        JSON.parse(entry) as {
          Event: { eventName: string; s3: { object: { key: string } } }[];
          EventTime: string;
        }[],
    );
    expect(parsed.map((p) => p[0]?.Event[0]?.s3.object.key)).toEqual(['one', 'two', 'one']);
    expect(parsed.map((p) => p[0]?.Event[0]?.eventName)).toEqual([
      's3:ObjectCreated:Put',
      's3:ObjectCreated:Put',
      's3:ObjectRemoved:Delete',
    ]);
    expect(parsed[2]?.[0]?.EventTime).toBe(events[2]?.Records[0]?.eventTime);
  });
});

describe('authentication and key type', () => {
  test('an ACL user with its password works; a wrong password rejects', async () => {
    const good = redisTargetFactory.create(
      'acl',
      values({ address: server.address, user: server.user.name, password: server.user.password, key: 'acl' }),
      () => {},
    );
    targets.push(good);
    await good.send(put('b', 'k'));
    expect(await reader.hexists('acl', 'b/k')).toBe(1);
    const bad = target('wrongpw', { key: 'acl', password: 'not-the-password' });
    await expect(bad.send(put('b', 'k2'))).rejects.toThrow(/WRONGPASS|invalid username-password/);
    expect(await bad.isActive()).toBe(false);
    expect(await reader.hexists('acl', 'b/k2')).toBe(0);
  });

  test('a key of another type is refused with MinIO message, not overwritten', async () => {
    await reader.set('plainstring', 'untouched');
    const t = target('typed', { key: 'plainstring', format: 'namespace' });
    await expect(t.send(put('b', 'k'))).rejects.toThrow(
      'expected type hash does not match with available type string',
    );
    expect(await reader.get('plainstring')).toBe('untouched');
  });
});

describe('outage', () => {
  test('send rejects and isActive is false while redis is down; both recover when it is back', async () => {
    const t = target('outage', { key: 'outage', format: 'access' });
    await sendThroughOutage(t, server);
    reader = await server.client();
    const keys = (await reader.lrange('outage', 0, -1)).map(
      (entry) =>
        (JSON.parse(entry) as { Event: { s3: { object: { key: string } } }[] }[])[0]?.Event[0]?.s3.object.key,
    );
    expect(keys).toEqual(['before', 'after']);
  });

  test('a target is created while redis is unreachable (create never waits), and reports offline', async () => {
    const t = redisTargetFactory.create('down', values({ address: '127.0.0.1:1', key: 'k' }), () => {});
    targets.push(t);
    expect(await t.isActive()).toBe(false);
    await expect(t.send(put('b', 'k'))).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('configuration errors', () => {
  const create = (entries: Record<string, string>) => () =>
    redisTargetFactory.create('bad', values({ address: '127.0.0.1:6379', key: 'k', ...entries }), () => {});
  test('MinIO messages for bad values', () => {
    expect(create({ key: '' })).toThrow('empty key');
    expect(create({ format: 'json' })).toThrow('unrecognized format');
    expect(create({ queue_dir: 'relative/dir' })).toThrow('queueDir path should be absolute');
    expect(create({ address: '' })).toThrow(/address/);
    expect(create({ address: 'host:notaport' })).toThrow('address: invalid address "host:notaport"');
    expect(create({ format: 'ACCESS' })).not.toThrow();
  });
});

describe('end to end through the engine', () => {
  test('bucket subscribed to two redis targets (namespace and access): put, put, delete arrive', async () => {
    const e2e = await startNotifyEngine(
      staticConfig({
        'notify_redis:ns': {
          enable: 'on',
          address: server.address,
          password: server.password,
          key: 'e2e-ns',
          format: 'namespace',
        },
        'notify_redis:log': {
          enable: 'on',
          address: server.address,
          password: server.password,
          key: 'e2e-log',
          format: 'access',
        },
      }),
    );
    try {
      const arns = ['arn:minio:sqs:us-east-1:ns:redis', 'arn:minio:sqs:us-east-1:log:redis'];
      const info = (await adminOk(e2e.engine, e2e.root, 'GET', 'info')) as { sqsARN: string[] };
      expect([...info.sqsARN].sort()).toEqual([...arns].sort());
      await e2e.subscribe('redis-events', arns);
      await e2e.put('redis-events', 'dir/first file.txt');
      await e2e.put('redis-events', 'second.txt');
      await e2e.remove('redis-events', 'dir/first file.txt');
      const log = await eventually(
        '3 access entries',
        () => reader.lrange('e2e-log', 0, -1),
        (l) => l.length >= 3,
      );
      const entries = log.map(
        (e) =>
          (JSON.parse(e) as { Event: { eventName: string; s3: { object: { key: string } } }[] }[])[0]
            ?.Event[0],
      );
      expect(entries.map((e) => [e?.eventName, e?.s3.object.key])).toEqual([
        ['s3:ObjectCreated:Put', 'dir%2Ffirst+file.txt'],
        ['s3:ObjectCreated:Put', 'second.txt'],
        ['s3:ObjectRemoved:Delete', 'dir%2Ffirst+file.txt'],
      ]);
      const hash = await eventually(
        'namespace hash',
        () => reader.hgetall('e2e-ns'),
        (h) => Object.keys(h).length === 1 && 'redis-events/second.txt' in h,
      );
      expect(Object.keys(hash)).toEqual(['redis-events/second.txt']);
    } finally {
      await e2e.close();
    }
  });
});

describe('outage end to end', () => {
  test('redis down: 30 uploads queued in queue_dir survive an engine restart and arrive in order once redis is back', async () => {
    let fresh = false;
    await queuedThroughOutage({
      server,
      subsystem: 'notify_redis',
      service: 'redis',
      values: { address: server.address, password: server.password, key: 'e2e-outage', format: 'access' },
      bucket: 'redis-outage',
      async deliveredKeys() {
        // A new client once the server is back (the old one's connection went with the outage).
        if (!fresh) reader = await server.client();
        fresh = true;
        const log = await reader.lrange('e2e-outage', 0, -1);
        return log.map(
          (e) =>
            (JSON.parse(e) as { Event: { s3: { object: { key: string } } }[] }[])[0]?.Event[0]?.s3.object.key,
        );
      },
    });
  });
});
