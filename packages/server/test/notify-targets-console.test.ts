/**
 * Notification targets of every real server through the console (issue 10's proof): Redis,
 * PostgreSQL, MariaDB (mysql), Mosquitto (mqtt), NATS and RabbitMQ (amqp) are started from their
 * Debian packages; each is configured with PUT /api/v1/configs/notify_<service> under the id the
 * server chooses, one service restart runs them all, the console lists them online with their ARNs,
 * a bucket is subscribed to every ARN, and an upload and a delete made through the console are read
 * back from each real server with its own client library (the broker subscribers listen before the
 * upload). The SQL and Redis targets use the `access` format, which keeps one entry per event, so
 * both the put and the delete stay readable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import amqp, { type ChannelModel } from 'amqplib';
import mqtt, { type MqttClient } from 'mqtt';
import { connect as natsConnect, type NatsConnection } from 'nats';
import type { Redis } from 'ioredis';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';
import { startRedis, type RedisServer } from '../../engine/test/helpers/servers/redis.js';
import { startPostgres, type PostgresServer } from '../../engine/test/helpers/servers/postgres.js';
import { startMariaDb, type MariaDbServer } from '../../engine/test/helpers/servers/mariadb.js';
import { startMosquitto } from '../../engine/test/helpers/servers/mosquitto.js';
import { startNatsServer } from '../../engine/test/helpers/servers/nats.js';
import { startRabbitMq } from '../../engine/test/helpers/servers/rabbitmq.js';
import type { TestBroker } from '../../engine/test/helpers/servers/child-server.js';
import { waitFor } from '../../engine/test/helpers/target-events.js';

interface Endpoint {
  service: string;
  account_id: string;
  status: string;
}

const BUCKET = 'target-events';
const OBJECT = 'docs/note.txt';
const TABLE = 'coffer_events';
const REDIS_KEY = 'coffer-events';
const MQTT_TOPIC = 'coffer/events';
const NATS_SUBJECT = 'coffer.events';
const EXCHANGE = 'coffer-events';
const ROUTING_KEY = 'bucketlogs';

let engine: EngineHandle | undefined;
let consoleApp: RunningConsole | undefined;
let client: ConsoleClient;
let redis: RedisServer | undefined;
let postgres: PostgresServer | undefined;
let mariadb: MariaDbServer | undefined;
let mosquitto: TestBroker | undefined;
let nats: TestBroker | undefined;
let rabbit: TestBroker | undefined;
let redisReader: Redis | undefined;
let mqttSub: MqttClient | undefined;
let natsSub: NatsConnection | undefined;
let amqpSub: ChannelModel | undefined;
const mqttMessages: string[] = [];
const natsMessages: string[] = [];
const amqpMessages: string[] = [];

/** One service's target: its config subsystem, ARN service name, keys, and how to read events back. */
interface Service {
  subsystem: string;
  arnService: string;
  keys: () => Record<string, string>;
  read: () => Promise<unknown[]>;
}

const need = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`${what} did not start`);
  return value;
};

const SERVICES: Service[] = [
  {
    subsystem: 'notify_redis',
    arnService: 'redis',
    keys: () => ({
      address: need(redis, 'redis').address,
      password: need(redis, 'redis').password,
      key: REDIS_KEY,
      format: 'access',
    }),
    read: async () => need(redisReader, 'redis reader').lrange(REDIS_KEY, 0, -1),
  },
  {
    subsystem: 'notify_postgres',
    arnService: 'postgresql',
    keys: () => ({
      connection_string: need(postgres, 'postgres').connectionString({ sslmode: 'disable' }),
      table: TABLE,
      format: 'access',
    }),
    read: async () =>
      // The table exists once the target has run; until then there is nothing to read.
      need(postgres, 'postgres')
        .query<{ event_data: unknown }>(`SELECT event_data FROM ${TABLE}`)
        .catch(() => []),
  },
  {
    subsystem: 'notify_mysql',
    arnService: 'mysql',
    keys: () => ({ dsn_string: need(mariadb, 'mariadb').dsn(), table: TABLE, format: 'access' }),
    read: async () =>
      need(mariadb, 'mariadb')
        .query<{ event_data: unknown }>(`SELECT event_data FROM ${TABLE}`)
        .catch(() => []),
  },
  {
    subsystem: 'notify_mqtt',
    arnService: 'mqtt',
    // MinIO's broker form is tcp://host:port.
    keys: () => ({ broker: `tcp://127.0.0.1:${need(mosquitto, 'mosquitto').port}`, topic: MQTT_TOPIC }),
    read: () => Promise.resolve(mqttMessages),
  },
  {
    subsystem: 'notify_nats',
    arnService: 'nats',
    keys: () => ({ address: need(nats, 'nats').url, subject: NATS_SUBJECT }),
    read: () => Promise.resolve(natsMessages),
  },
  {
    subsystem: 'notify_amqp',
    arnService: 'amqp',
    keys: () => ({ url: need(rabbit, 'rabbitmq').url, exchange: EXCHANGE, routing_key: ROUTING_KEY }),
    read: () => Promise.resolve(amqpMessages),
  },
];

/** The target names the console answered, by subsystem. */
const added = new Map<string, string>();

const arnOf = (s: Service): string => {
  const id = need(added.get(s.subsystem), s.subsystem).split(':')[1] ?? '';
  return `arn:minio:sqs:us-east-1:${id}:${s.arnService}`;
};

/**
 * `"<eventName> <bucket>/<key>"` for every S3 event record in what a server holds, whatever wraps it
 * (an event log `{EventName, Key, Records}`, an access entry `[{Event, EventTime}]`, a JSON column).
 */
function records(value: unknown): string[] {
  if (typeof value === 'string') {
    try {
      return records(JSON.parse(value));
    } catch {
      return [];
    }
  }
  if (Array.isArray(value)) return value.flatMap(records);
  if (value !== null && typeof value === 'object') {
    const r = value as {
      eventName?: unknown;
      s3?: { bucket?: { name?: string }; object?: { key?: string } };
    };
    const key = r.s3?.object?.key;
    if (typeof r.eventName === 'string' && key !== undefined) {
      return [`${r.eventName} ${r.s3?.bucket?.name ?? ''}/${decodeURIComponent(key)}`];
    }
    return Object.values(value).flatMap(records);
  }
  return [];
}

async function subscribeBrokers(): Promise<void> {
  const m = mqtt.connect(need(mosquitto, 'mosquitto').url, { reconnectPeriod: 0 });
  mqttSub = m;
  m.on('message', (_topic, payload) => mqttMessages.push(payload.toString('utf8')));
  await new Promise<void>((resolve, reject) => {
    m.once('connect', () => resolve());
    m.once('error', reject);
  });
  await m.subscribeAsync(MQTT_TOPIC, { qos: 1 });

  natsSub = await natsConnect({ servers: need(nats, 'nats').url, reconnect: false });
  natsSub.subscribe(NATS_SUBJECT, { callback: (_err, msg) => natsMessages.push(msg.string()) });
  await natsSub.flush();

  amqpSub = await amqp.connect(need(rabbit, 'rabbitmq').url);
  const channel = await amqpSub.createChannel();
  // The same declaration the target makes (direct, not durable), so whichever comes first wins.
  await channel.assertExchange(EXCHANGE, 'direct', { durable: false });
  const { queue } = await channel.assertQueue('', { exclusive: true });
  await channel.bindQueue(queue, EXCHANGE, ROUTING_KEY);
  await channel.consume(queue, (msg) => msg !== null && amqpMessages.push(msg.content.toString('utf8')), {
    noAck: true,
  });
}

beforeAll(async () => {
  // All at once: RabbitMQ alone takes 10–20 s. Each result is kept so afterAll stops what started.
  const started = await Promise.allSettled([
    startRedis().then((s) => (redis = s)),
    startPostgres().then((s) => (postgres = s)),
    startMariaDb().then((s) => (mariadb = s)),
    startMosquitto().then((s) => (mosquitto = s)),
    startNatsServer().then((s) => (nats = s)),
    startRabbitMq().then((s) => (rabbit = s)),
    startEngine({ drives: 4 }).then((e) => (engine = e)),
  ]);
  const failed = started.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed.length > 0)
    throw new AggregateError(
      failed.map((r) => r.reason as unknown),
      'a server did not start',
    );

  redisReader = await need(redis, 'redis').client();
  await subscribeBrokers();
  consoleApp = await startConsole(need(engine, 'engine').url, { region: 'us-east-1' });
  client = new ConsoleClient(consoleApp.url);
  await client.login(need(engine, 'engine').accessKey, need(engine, 'engine').secretKey);
  expect((await client.json('POST', '/api/v1/buckets', { json: { name: BUCKET } })).status).toBe(201);
}, 180_000);

afterAll(async () => {
  await mqttSub?.endAsync(true).catch(() => undefined);
  await natsSub?.close().catch(() => undefined);
  await amqpSub?.close().catch(() => undefined);
  await consoleApp?.close();
  if (consoleApp !== undefined) await removeDir(consoleApp.dataDir);
  await engine?.stop();
  // redis's destroy closes the reader it handed out.
  await Promise.allSettled([
    redis?.destroy(),
    postgres?.destroy(),
    mariadb?.destroy(),
    mosquitto?.destroy(),
    nats?.destroy(),
    rabbit?.destroy(),
  ]);
}, 60_000);

describe('notification targets of real servers through the console', () => {
  it('adds one target per service under the id the server chooses; a restart is needed', async () => {
    for (const s of SERVICES) {
      const answer = await client.json<{ restart: boolean; name?: string }>(
        'PUT',
        `/api/v1/configs/${s.subsystem}`,
        {
          json: { key_values: Object.entries(s.keys()).map(([key, value]) => ({ key, value })) },
        },
      );
      expect({ subsystem: s.subsystem, status: answer.status, restart: answer.body.restart }).toEqual({
        subsystem: s.subsystem,
        status: 200,
        restart: true,
      });
      expect(answer.body.name).toMatch(new RegExp(`^${s.subsystem}:\\d+$`));
      added.set(s.subsystem, answer.body.name ?? '');
    }
    expect((await client.json('GET', '/api/v1/service/restart')).body).toEqual({ restart_required: true });
  });

  it('restarts the engine once for all of them', async () => {
    const restarted = await client.json('POST', '/api/v1/service/restart', { json: {} });
    expect(restarted).toEqual({ status: 200, body: {} });
    expect((await client.json('GET', '/api/v1/service/restart')).body).toEqual({ restart_required: false });
  });

  it('lists every target online with its ARN', async () => {
    const expected = SERVICES.map((s) => ({
      service: s.arnService,
      account_id: need(added.get(s.subsystem), s.subsystem).split(':')[1],
      status: 'online',
    }));
    let endpoints: Endpoint[] = [];
    // A target connects on its own after the restart: poll until each says online (bounded).
    await waitFor(
      async () => {
        const got = await client.json<{ notification_endpoints: Endpoint[] }>(
          'GET',
          '/api/v1/admin/notification_endpoints',
        );
        endpoints = got.body.notification_endpoints;
        return expected.every((e) => endpoints.some((g) => JSON.stringify(g) === JSON.stringify(e)));
      },
      'every target online',
      30_000,
    ).catch(() => undefined);
    expect(endpoints).toEqual(expect.arrayContaining(expected));

    const arns = await client.json<{ arns: string[] }>('GET', '/api/v1/admin/arns');
    expect(arns.body.arns).toEqual(expect.arrayContaining(SERVICES.map(arnOf)));
  });

  it('subscribes the bucket to every ARN', async () => {
    for (const s of SERVICES) {
      const sub = await client.json('POST', `/api/v1/buckets/${BUCKET}/events`, {
        json: { configuration: { arn: arnOf(s), events: ['put', 'delete'] }, ignoreExisting: false },
      });
      expect({ arn: arnOf(s), ...sub }).toEqual({ arn: arnOf(s), status: 201, body: {} });
    }
    const list = await client.json<{ events: { arn: string }[] }>('GET', `/api/v1/buckets/${BUCKET}/events`);
    expect(list.body.events.map((e) => e.arn).sort()).toEqual(SERVICES.map(arnOf).sort());
  });

  it("delivers an upload and a delete to each real server, read back with the server's client", async () => {
    const fd = new FormData();
    fd.append('file', new Blob(['hello'], { type: 'text/plain' }), 'note.txt');
    const up = await client.json('POST', `/api/v1/buckets/${BUCKET}/objects/upload?prefix=docs%2F`, {
      body: fd,
    });
    expect(up.status).toBe(200);
    const del = await client.request(
      'DELETE',
      `/api/v1/buckets/${BUCKET}/objects?path=${encodeURIComponent(OBJECT)}`,
    );
    expect(del.status).toBeLessThan(300);

    const want = [`s3:ObjectCreated:Put ${BUCKET}/${OBJECT}`, `s3:ObjectRemoved:Delete ${BUCKET}/${OBJECT}`];
    const got: Record<string, string[]> = {};
    await waitFor(
      async () => {
        for (const s of SERVICES) got[s.arnService] = records(await s.read()).sort();
        return SERVICES.every((s) => (got[s.arnService]?.length ?? 0) >= want.length);
      },
      'the events at every server',
      30_000,
    ).catch(() => undefined);
    expect(got).toEqual(Object.fromEntries(SERVICES.map((s) => [s.arnService, want])));
  });
});
