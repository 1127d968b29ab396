/**
 * The MQTT notification target against a real Mosquitto (Debian's mosquitto, started by the test on
 * a free loopback port): events arrive at a subscriber of the topic as MinIO's JSON, in order, at
 * QoS 0 and 1; the broker stopped → `send` rejects and `isActive` is false, started again → the
 * target reconnects by itself and `send` works; bad values are refused with MinIO's messages.
 * End to end: an engine configured with the target sends a bucket's S3 put/delete events to a
 * subscriber with a persistent session, in order, also across a broker outage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt from 'mqtt';
import { staticConfig } from '../src/config/index.js';
import { mqttTargetFactory } from '../src/notify/targets/mqtt.js';
import { startNotifyEngine } from './helpers/notify-engine.js';
import { logLines, targetEvent, waitFor } from './helpers/target-events.js';
import { startMosquitto } from './helpers/servers/mosquitto.js';
import type { TestBroker } from './helpers/servers/child-server.js';
import { requireSystemDeps } from './helpers/system-deps.js';

let broker: TestBroker;

/** MinIO's broker form: `tcp://host:port`. */
const brokerAddress = (): string => broker.url.replace(/^mqtt:/, 'tcp:');

/** A subscriber of `topic` (QoS 1) collecting the payloads that arrive. */
async function subscriber(topic: string): Promise<{ messages: string[]; close: () => Promise<void> }> {
  const client = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
  const messages: string[] = [];
  client.on('message', (_topic, payload) => messages.push(payload.toString('utf8')));
  await client.subscribeAsync(topic, { qos: 1 });
  return { messages, close: () => client.endAsync(true).catch(() => undefined) };
}

function values(extra: Record<string, string>): ReadonlyMap<string, string> {
  return staticConfig({ 'notify_mqtt:1': { enable: 'on', broker: brokerAddress(), ...extra } }).get(
    'notify_mqtt',
    '1',
  );
}

beforeAll(async () => {
  await requireSystemDeps(['mosquitto']);
  broker = await startMosquitto();
  console.info(`mosquitto ready in ${broker.startMs} ms`);
});

afterAll(async () => {
  await broker?.destroy();
});

describe('notify_mqtt target', () => {
  it.each([0, 1, 2])('publishes create and delete events to the topic at QoS %i, in order', async (qos) => {
    const topic = `minio/events/q${qos}`;
    const sink = await subscriber(topic);
    const { lines, log } = logLines();
    const target = mqttTargetFactory.create(
      '1',
      values({
        topic,
        qos: String(qos),
        username: 'events',
        password: 's3cr3t-pass',
        keep_alive_interval: '30s',
      }),
      log,
    );
    try {
      expect(target.service).toBe('mqtt');
      await waitFor(() => target.isActive(), 'the target to connect');
      const created = targetEvent('s3:ObjectCreated:Put', 'photos', 'a b/c.jpg', { sequence: 1 });
      const removed = targetEvent('s3:ObjectRemoved:Delete', 'photos', 'a b/c.jpg', { sequence: 2 });
      await target.send(created);
      await target.send(removed);
      await waitFor(() => sink.messages.length >= 2, 'two MQTT messages');
      expect(sink.messages.map((m) => JSON.parse(m) as unknown)).toEqual([created, removed]);
      expect(lines.join('\n')).not.toContain('s3cr3t-pass');
    } finally {
      await target.close();
      await sink.close();
    }
  });

  it('broker down: send rejects and isActive is false; broker back: the target reconnects and send works', async () => {
    const topic = 'minio/outage';
    const target = mqttTargetFactory.create(
      'outage',
      values({ topic, qos: '1', reconnect_interval: '200ms' }),
      () => undefined,
    );
    let sink = await subscriber(topic);
    try {
      await waitFor(() => target.isActive(), 'the target to connect');
      await target.send(targetEvent('s3:ObjectCreated:Put', 'b', 'before'));
      await waitFor(() => sink.messages.length === 1, 'the event before the outage');
      await sink.close();

      await broker.stop();
      await expect(target.send(targetEvent('s3:ObjectCreated:Put', 'b', 'during'))).rejects.toThrow(
        /not connected/,
      );
      expect(await target.isActive()).toBe(false);

      const restartMs = await broker.start();
      console.info(`mosquitto restarted in ${restartMs} ms`);
      sink = await subscriber(topic);
      await waitFor(() => target.isActive(), 'the target to reconnect');
      await target.send(targetEvent('s3:ObjectCreated:Put', 'b', 'after'));
      await waitFor(() => sink.messages.length === 1, 'the event after the outage');
      expect(JSON.parse(sink.messages[0] ?? '{}')).toMatchObject({ Key: 'b/after' });
    } finally {
      await target.close();
      await sink.close();
    }
  });

  it('a target created while the broker is down connects once it is up', async () => {
    await broker.stop();
    const target = mqttTargetFactory.create(
      'late',
      values({ topic: 'minio/late', qos: '1', reconnect_interval: '200ms' }),
      () => undefined,
    );
    try {
      expect(await target.isActive()).toBe(false);
      await broker.start();
      const sink = await subscriber('minio/late');
      await waitFor(() => target.isActive(), 'the target to connect');
      await target.send(targetEvent('s3:ObjectCreated:Put', 'b', 'late'));
      await waitFor(() => sink.messages.length === 1, 'the event');
      await sink.close();
    } finally {
      await target.close();
    }
  });

  it('sends the username and password; a wrong password keeps it offline and never reaches the log', async () => {
    const secured = await startMosquitto({ users: { minio: 'right-pass-1' } });
    const brokerAt = secured.url.replace(/^mqtt:/, 'tcp:');
    const sub = await mqtt.connectAsync(secured.url, {
      username: 'minio',
      password: 'right-pass-1',
      reconnectPeriod: 0,
    });
    const got: string[] = [];
    sub.on('message', (_topic, payload) => got.push(payload.toString('utf8')));
    await sub.subscribeAsync('minio/auth', { qos: 1 });
    const make = (password: string, log: (line: string) => void) =>
      mqttTargetFactory.create(
        'auth',
        staticConfig({
          'notify_mqtt:auth': {
            broker: brokerAt,
            topic: 'minio/auth',
            qos: '1',
            username: 'minio',
            password,
          },
        }).get('notify_mqtt', 'auth'),
        log,
      );
    const good = make('right-pass-1', () => undefined);
    const { lines, log } = logLines();
    const bad = make('wrong-pass-2', log);
    try {
      await waitFor(() => good.isActive(), 'the target with the right password to connect');
      await good.send(targetEvent('s3:ObjectCreated:Put', 'b', 'authorised'));
      await waitFor(() => got.length === 1, 'the event');
      expect(JSON.parse(got[0] ?? '{}')).toMatchObject({ Key: 'b/authorised' });

      await waitFor(() => lines.length > 0, 'the refused connection to be logged');
      expect(await bad.isActive()).toBe(false);
      await expect(bad.send(targetEvent('s3:ObjectCreated:Put', 'b', 'refused'))).rejects.toThrow(
        /not connected/,
      );
      expect(lines.join('\n')).toMatch(/Not authorized|Bad username or password/i);
      expect(lines.join('\n')).not.toContain('wrong-pass-2');
    } finally {
      await good.close();
      await bad.close();
      await sub.endAsync(true);
      await secured.destroy();
    }
  });

  it('after close, send rejects', async () => {
    const target = mqttTargetFactory.create('closed', values({ topic: 'minio/closed' }), () => undefined);
    await target.close();
    await expect(target.send(targetEvent('s3:ObjectCreated:Put', 'b', 'k'))).rejects.toThrow();
    expect(await target.isActive()).toBe(false);
  });

  it('refuses bad values with a clear error', () => {
    const make = (v: Record<string, string>) => () =>
      mqttTargetFactory.create(
        'bad',
        staticConfig({ 'notify_mqtt:bad': v }).get('notify_mqtt', 'bad'),
        () => undefined,
      );
    expect(make({ broker: 'http://localhost:1883', topic: 't' })).toThrow(
      'unknown protocol in broker address',
    );
    expect(make({ broker: '', topic: 't' })).toThrow(/broker: '' is not a broker address/);
    expect(make({ broker: brokerAddress(), topic: '' })).toThrow(/topic/);
    expect(make({ broker: brokerAddress(), topic: 'a/#' })).toThrow(/wildcard/);
    expect(make({ broker: brokerAddress(), topic: 't', qos: '3' })).toThrow(/qos: '3'/);
    expect(make({ broker: brokerAddress(), topic: 't', qos: '0', queue_dir: '/tmp/q' })).toThrow(
      'qos should be set to 1 or 2 if queueDir is set',
    );
    expect(make({ broker: brokerAddress(), topic: 't', reconnect_interval: '5 seconds' })).toThrow(
      /reconnect_interval: '5 seconds' is not a duration/,
    );
  });
});

describe('notify_mqtt end to end through the engine', () => {
  it('S3 puts and deletes arrive in order at a subscriber, also across a broker outage', async () => {
    // A persistent session at QoS 1: the broker keeps what arrives while the subscriber reconnects.
    const sub = await mqtt.connectAsync(broker.url, {
      clientId: 'coffer-e2e-sub',
      clean: false,
      reconnectPeriod: 100,
    });
    const got: { EventName: string; Key: string }[] = [];
    sub.on('message', (_topic, payload) =>
      got.push(JSON.parse(payload.toString('utf8')) as { EventName: string; Key: string }),
    );
    await sub.subscribeAsync('minio/e2e', { qos: 1 });
    const engine = await startNotifyEngine(
      staticConfig({
        'notify_mqtt:1': {
          enable: 'on',
          broker: brokerAddress(),
          topic: 'minio/e2e',
          qos: '1',
          reconnect_interval: '100ms',
        },
      }),
    );
    try {
      await engine.subscribe('e2e-mqtt', ['arn:minio:sqs:us-east-1:1:mqtt']);
      await engine.put('e2e-mqtt', 'a.txt', 'alpha');
      await engine.put('e2e-mqtt', 'dir/b c.txt', 'beta');
      await engine.remove('e2e-mqtt', 'a.txt');
      await waitFor(() => got.length >= 3, 'three events');
      expect(got).toEqual([
        expect.objectContaining({ EventName: 's3:ObjectCreated:Put', Key: 'e2e-mqtt/a.txt' }),
        expect.objectContaining({ EventName: 's3:ObjectCreated:Put', Key: 'e2e-mqtt/dir/b c.txt' }),
        expect.objectContaining({ EventName: 's3:ObjectRemoved:Delete', Key: 'e2e-mqtt/a.txt' }),
      ]);

      await broker.stop();
      const keys = Array.from({ length: 5 }, (_, i) => `outage-${i}`);
      for (const key of keys) await engine.put('e2e-mqtt', key, key);
      await broker.start();
      await waitFor(() => got.length >= 8, 'the five events put during the outage');
      expect(got.slice(3).map((e) => e.Key)).toEqual(keys.map((k) => `e2e-mqtt/${k}`));
    } finally {
      await engine.close();
      await sub.endAsync(true);
    }
  });
});
