/**
 * The AMQP notification target against a real RabbitMQ (Debian's rabbitmq-server, started by the
 * test on a free loopback port): events published to a declared exchange arrive at a bound queue
 * as MinIO's JSON with its headers, in order; publisher confirms; the broker stopped → `send`
 * rejects and `isActive` is false, started again → `send` works; bad values are refused clearly.
 * End to end: an engine configured with the target sends a bucket's S3 put/delete events to a
 * durable queue, in order, also across a broker outage (the notification core retries).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import amqp, { type Channel, type ChannelModel, type ConsumeMessage } from 'amqplib';
import { staticConfig } from '../src/config/index.js';
import { amqpTargetFactory } from '../src/notify/targets/amqp.js';
import type { NotificationTarget } from '../src/notify/index.js';
import { startNotifyEngine } from './helpers/notify-engine.js';
import { logLines, targetEvent, waitFor } from './helpers/target-events.js';
import { startRabbitMq } from './helpers/servers/rabbitmq.js';
import type { TestBroker } from './helpers/servers/child-server.js';
import { requireSystemDeps } from './helpers/system-deps.js';

let broker: TestBroker;

/** A consumer: an exclusive queue bound to `exchange` with `routingKey`, collecting what arrives. */
async function consumer(
  exchange: string,
  type: string,
  routingKey: string,
): Promise<{ messages: ConsumeMessage[]; close: () => Promise<void> }> {
  const connection: ChannelModel = await amqp.connect(broker.url);
  const channel: Channel = await connection.createChannel();
  await channel.assertExchange(exchange, type, { durable: false });
  const { queue } = await channel.assertQueue('', { exclusive: true });
  await channel.bindQueue(queue, exchange, routingKey);
  const messages: ConsumeMessage[] = [];
  await channel.consume(
    queue,
    (msg) => {
      if (msg !== null) messages.push(msg);
    },
    { noAck: true },
  );
  return { messages, close: () => connection.close().catch(() => undefined) };
}

function values(extra: Record<string, string>): ReadonlyMap<string, string> {
  return staticConfig({ 'notify_amqp:1': { enable: 'on', url: broker.url, ...extra } }).get(
    'notify_amqp',
    '1',
  );
}

beforeAll(async () => {
  await requireSystemDeps(['rabbitmq']);
  broker = await startRabbitMq();
  console.info(`rabbitmq-server ready in ${broker.startMs} ms`);
});

afterAll(async () => {
  await broker?.destroy();
});

describe('notify_amqp target', () => {
  it('publishes create and delete events to the exchange as MinIO JSON with its headers, in order', async () => {
    const sink = await consumer('coffer-events', 'direct', 'bucketlogs');
    const { lines, log } = logLines();
    const target = amqpTargetFactory.create(
      '1',
      values({
        exchange: 'coffer-events',
        exchange_type: 'direct',
        routing_key: 'bucketlogs',
        delivery_mode: '2',
      }),
      log,
    );
    try {
      expect(target.id).toBe('1');
      expect(target.service).toBe('amqp');
      const created = targetEvent('s3:ObjectCreated:Put', 'photos', '2026/a b.jpg', { sequence: 1 });
      const removed = targetEvent('s3:ObjectRemoved:Delete', 'photos', '2026/a b.jpg', { sequence: 2 });
      await target.send(created);
      await target.send(removed);
      await waitFor(() => sink.messages.length >= 2, 'two AMQP messages');
      expect(sink.messages.map((m) => JSON.parse(m.content.toString('utf8')) as unknown)).toEqual([
        created,
        removed,
      ]);
      const [first] = sink.messages;
      expect(first?.properties.contentType).toBe('application/json');
      expect(first?.properties.deliveryMode).toBe(2);
      expect(first?.properties.headers).toMatchObject({
        'minio-bucket': 'photos',
        'minio-event': 's3:ObjectCreated:Put',
      });
      expect(first?.fields.routingKey).toBe('bucketlogs');
      expect(JSON.parse(first?.content.toString('utf8') ?? '{}')).toMatchObject({
        Key: 'photos/2026/a b.jpg',
      });
      expect(await target.isActive()).toBe(true);
      expect(lines.join('\n')).not.toContain('guest:guest');
    } finally {
      await target.close();
      await sink.close();
    }
  });

  it('with publisher confirms, a fanout exchange gets every event once the broker acked it', async () => {
    const sink = await consumer('coffer-fanout', 'fanout', '');
    const target = amqpTargetFactory.create(
      'confirms',
      values({ exchange: 'coffer-fanout', exchange_type: 'fanout', publisher_confirms: 'on' }),
      () => undefined,
    );
    try {
      const events = Array.from({ length: 20 }, (_, i) =>
        targetEvent('s3:ObjectCreated:Put', 'docs', `k${i}`, { sequence: i + 1 }),
      );
      for (const event of events) await target.send(event);
      await waitFor(() => sink.messages.length >= 20, '20 confirmed messages');
      expect(
        sink.messages.map((m) => (JSON.parse(m.content.toString('utf8')) as { Key: string }).Key),
      ).toEqual(events.map((e) => e.Key));
    } finally {
      await target.close();
      await sink.close();
    }
  });

  it('mandatory=on: an event no queue takes is returned by the broker, and the target logs it', async () => {
    const { lines, log } = logLines();
    const target = amqpTargetFactory.create(
      'mandatory',
      values({
        exchange: 'coffer-unbound',
        exchange_type: 'direct',
        routing_key: 'nobody',
        mandatory: 'on',
        publisher_confirms: 'on',
      }),
      log,
    );
    try {
      await target.send(targetEvent('s3:ObjectCreated:Put', 'b', 'unroutable'));
      await waitFor(() => lines.some((l) => l.includes('returned')), 'the return to be logged');
    } finally {
      await target.close();
    }
  });

  it('an exchange declared with another type makes send reject (the broker refuses the declare)', async () => {
    const sink = await consumer('coffer-typed', 'topic', '#');
    const target = amqpTargetFactory.create(
      'mismatch',
      values({ exchange: 'coffer-typed', exchange_type: 'direct' }),
      () => undefined,
    );
    try {
      await expect(target.send(targetEvent('s3:ObjectCreated:Put', 'b', 'k'))).rejects.toThrow(
        /PRECONDITION_FAILED|inequivalent/,
      );
      expect(sink.messages).toHaveLength(0);
    } finally {
      await target.close();
      await sink.close();
    }
  });

  it('broker down: send rejects and isActive is false; broker back: send works again', async () => {
    const target = amqpTargetFactory.create(
      'outage',
      values({ exchange: 'coffer-outage', exchange_type: 'fanout', publisher_confirms: 'on' }),
      () => undefined,
    );
    let sink = await consumer('coffer-outage', 'fanout', '');
    try {
      await target.send(targetEvent('s3:ObjectCreated:Put', 'b', 'before'));
      await waitFor(() => sink.messages.length === 1, 'the event before the outage');
      await sink.close();

      await broker.stop();
      await expect(target.send(targetEvent('s3:ObjectCreated:Put', 'b', 'during'))).rejects.toThrow();
      expect(await target.isActive()).toBe(false);

      const restartMs = await broker.start();
      console.info(`rabbitmq-server restarted in ${restartMs} ms`);
      sink = await consumer('coffer-outage', 'fanout', '');
      expect(await target.isActive()).toBe(true);
      await target.send(targetEvent('s3:ObjectCreated:Put', 'b', 'after'));
      await waitFor(() => sink.messages.length === 1, 'the event after the outage');
      expect(JSON.parse(sink.messages[0]?.content.toString('utf8') ?? '{}')).toMatchObject({
        Key: 'b/after',
      });
    } finally {
      await target.close();
      await sink.close();
    }
  });

  it('a wrong password: send rejects, isActive is false, and the password never reaches the log', async () => {
    const { lines, log } = logLines();
    const url = broker.url.replace('guest:guest@', 'guest:wrong-pass-9@');
    const target = amqpTargetFactory.create('badauth', values({ url, exchange: 'coffer-events' }), log);
    try {
      await expect(target.send(targetEvent('s3:ObjectCreated:Put', 'b', 'k'))).rejects.toThrow(
        /ACCESS_REFUSED|403/,
      );
      expect(await target.isActive()).toBe(false);
      expect(lines.join('\n')).not.toContain('wrong-pass-9');
    } finally {
      await target.close();
    }
  });

  it('after close, send rejects', async () => {
    const target: NotificationTarget = amqpTargetFactory.create('closed', values({}), () => undefined);
    await target.close();
    await expect(target.send(targetEvent('s3:ObjectCreated:Put', 'b', 'k'))).rejects.toThrow(/closed/);
  });

  it('refuses bad values with a clear error', () => {
    const make = (v: Record<string, string>) => () =>
      amqpTargetFactory.create(
        'bad',
        staticConfig({ 'notify_amqp:bad': v }).get('notify_amqp', 'bad'),
        () => undefined,
      );
    expect(make({ url: 'http://localhost:5672' })).toThrow(
      "AMQP scheme must be either 'amqp://' or 'amqps://'",
    );
    expect(make({ url: '' })).toThrow("AMQP scheme must be either 'amqp://' or 'amqps://'");
    expect(make({ url: broker.url, exchange_type: 'sideways' })).toThrow(/exchange_type: 'sideways'/);
    expect(make({ url: broker.url, immediate: 'on' })).toThrow(/immediate/);
    expect(make({ url: broker.url, durable: 'maybe' })).toThrow(/durable: 'maybe' is not a boolean/);
    expect(make({ url: broker.url, delivery_mode: 'two' })).toThrow(/delivery_mode/);
    expect(make({ url: broker.url, queue_dir: 'relative/dir' })).toThrow('queueDir path should be absolute');
  });
});

/** Takes `n` messages from a durable `queue` (basic.get, polled), in queue order. */
async function drainQueue(queue: string, n: number): Promise<{ EventName: string; Key: string }[]> {
  const connection = await amqp.connect(broker.url);
  try {
    const channel = await connection.createChannel();
    const got: { EventName: string; Key: string }[] = [];
    await waitFor(async () => {
      const msg = await channel.get(queue, { noAck: true });
      if (msg !== false)
        got.push(JSON.parse(msg.content.toString('utf8')) as { EventName: string; Key: string });
      return got.length >= n;
    }, `${n} messages in ${queue}`);
    return got;
  } finally {
    await connection.close().catch(() => undefined);
  }
}

describe('notify_amqp end to end through the engine', () => {
  it('S3 puts and deletes arrive in order at the queue, also across a broker outage', async () => {
    const setup = await amqp.connect(broker.url);
    const channel = await setup.createChannel();
    await channel.assertExchange('minio-e2e', 'fanout', { durable: true });
    await channel.assertQueue('minio-e2e-queue', { durable: true });
    await channel.bindQueue('minio-e2e-queue', 'minio-e2e', '');
    await setup.close();
    const engine = await startNotifyEngine(
      staticConfig({
        'notify_amqp:1': {
          enable: 'on',
          url: broker.url,
          exchange: 'minio-e2e',
          exchange_type: 'fanout',
          durable: 'on',
          delivery_mode: '2',
          publisher_confirms: 'on',
        },
      }),
    );
    try {
      await engine.subscribe('e2e-amqp', ['arn:minio:sqs:us-east-1:1:amqp']);
      await engine.put('e2e-amqp', 'a.txt', 'alpha');
      await engine.put('e2e-amqp', 'dir/b c.txt', 'beta');
      await engine.remove('e2e-amqp', 'a.txt');
      expect(await drainQueue('minio-e2e-queue', 3)).toEqual([
        expect.objectContaining({ EventName: 's3:ObjectCreated:Put', Key: 'e2e-amqp/a.txt' }),
        expect.objectContaining({ EventName: 's3:ObjectCreated:Put', Key: 'e2e-amqp/dir/b c.txt' }),
        expect.objectContaining({ EventName: 's3:ObjectRemoved:Delete', Key: 'e2e-amqp/a.txt' }),
      ]);

      await broker.stop();
      const keys = Array.from({ length: 5 }, (_, i) => `outage-${i}`);
      for (const key of keys) await engine.put('e2e-amqp', key, key);
      await broker.start();
      const after = await drainQueue('minio-e2e-queue', 5);
      expect(after.map((e) => e.Key)).toEqual(keys.map((k) => `e2e-amqp/${k}`));
    } finally {
      await engine.close();
    }
  });
});
