/**
 * The Kafka notification target (kafkajs) against the Kafka stand-in broker
 * (`helpers/standins/kafka.ts`, real wire protocol; no Kafka server package exists here): events
 * arrive as MinIO sends them (key `<bucket>/<object>`, value `{EventName, Key, Records}`), in
 * order; with the broker down `send` rejects and `isActive` is false, and once it is back `send`
 * works again; bad values are refused with MinIO's messages.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kafkaTargetFactory } from '../src/notify/targets/kafka.js';
import type { NotificationTarget } from '../src/notify/index.js';
import { startKafkaStandin, type KafkaStandin } from './helpers/standins/kafka.js';
import { targetEvent } from './helpers/target-events.js';

const values = (entries: Record<string, string>): Map<string, string> => new Map(Object.entries(entries));

describe('notify_kafka target', () => {
  let broker: KafkaStandin;
  let target: NotificationTarget;

  beforeAll(async () => {
    broker = await startKafkaStandin();
    target = kafkaTargetFactory.create(
      '1',
      values({ enable: 'on', brokers: broker.address, topic: 'bucketevents', version: '2.8.0' }),
      () => {},
    );
  });

  afterAll(async () => {
    await target.close();
    await broker.stop();
  });

  it('publishes create and delete events as MinIO does, in order', async () => {
    expect(target.service).toBe('kafka');
    expect(await target.isActive()).toBe(true);
    const put = targetEvent('s3:ObjectCreated:Put', 'photos', 'a dir/cat.jpg', { size: 11 });
    const del = targetEvent('s3:ObjectRemoved:Delete', 'photos', 'a dir/cat.jpg');
    await target.send(put);
    await target.send(del);
    // send resolved: the broker already has both (acks=-1), no waiting needed.
    const records = broker.records('bucketevents');
    expect(records.map((r) => r.key)).toEqual(['photos/a dir/cat.jpg', 'photos/a dir/cat.jpg']);
    const [first, second] = records.map((r) => JSON.parse(r.value ?? '') as Record<string, unknown>);
    expect(first).toEqual(JSON.parse(JSON.stringify(put)));
    expect(second).toEqual(JSON.parse(JSON.stringify(del)));
    expect(first).toMatchObject({
      EventName: 's3:ObjectCreated:Put',
      Key: 'photos/a dir/cat.jpg',
      Records: [{ s3: { bucket: { name: 'photos' }, object: { key: 'a+dir%2Fcat.jpg', size: 11 } } }],
    });
    expect(records.map((r) => r.offset)).toEqual([0, 1]);
    expect(broker.errors).toEqual([]);
  });

  it('rejects while the broker is down and delivers again once it is back', async () => {
    await broker.stop();
    expect(await target.isActive()).toBe(false);
    const during = targetEvent('s3:ObjectCreated:Put', 'photos', 'during-outage.txt', { size: 3 });
    await expect(target.send(during)).rejects.toThrow();
    await broker.start();
    expect(await target.isActive()).toBe(true);
    // The core retries the same event: it lands once, after the earlier ones.
    await target.send(during);
    const keys = broker.records('bucketevents').map((r) => r.key);
    expect(keys).toEqual(['photos/a dir/cat.jpg', 'photos/a dir/cat.jpg', 'photos/during-outage.txt']);
    expect(broker.errors).toEqual([]);
  });

  it('the stand-in refuses a request it does not implement, as a broker closes on one', async () => {
    // Request header v1 for API key 1 (Fetch) v4: not offered by the stand-in.
    const body = Buffer.alloc(10);
    body.writeInt16BE(1, 0);
    body.writeInt16BE(4, 2);
    body.writeInt32BE(7, 4);
    body.writeInt16BE(-1, 8);
    const size = Buffer.alloc(4);
    size.writeInt32BE(body.length);
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(broker.port, '127.0.0.1', () => socket.write(Buffer.concat([size, body])));
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    expect(broker.errors.splice(0)).toEqual(['API 1: API key 1 is not implemented']);
  });

  it('authenticates with SASL/PLAIN when sasl is on, and fails on a wrong password', async () => {
    const secured = await startKafkaStandin({ sasl: { username: 'minio', password: 's3cret' } });
    const config = (password: string): Map<string, string> =>
      values({
        enable: 'on',
        brokers: secured.address,
        topic: 'secured',
        sasl: 'on',
        sasl_mechanism: 'plain',
        sasl_username: 'minio',
        sasl_password: password,
      });
    const good = kafkaTargetFactory.create('good', config('s3cret'), () => {});
    const bad = kafkaTargetFactory.create('bad', config('wrong'), () => {});
    try {
      await good.send(targetEvent('s3:ObjectCreated:Put', 'b', 'k', { size: 1 }));
      expect(secured.records('secured').map((r) => r.key)).toEqual(['b/k']);
      await expect(bad.send(targetEvent('s3:ObjectCreated:Put', 'b', 'k2', { size: 1 }))).rejects.toThrow(
        /Invalid username or password|SASL/,
      );
      expect(secured.records('secured')).toHaveLength(1);
      // Without sasl the broker refuses the connection's requests: the stand-in records it.
      const plain = kafkaTargetFactory.create(
        'plain',
        values({ enable: 'on', brokers: secured.address, topic: 'secured' }),
        () => {},
      );
      await expect(plain.send(targetEvent('s3:ObjectCreated:Put', 'b', 'k3', { size: 1 }))).rejects.toThrow();
      await plain.close();
      expect(secured.errors.length).toBeGreaterThan(0);
      expect(secured.errors.every((e) => e.includes('before SASL authentication'))).toBe(true);
    } finally {
      await good.close();
      await bad.close();
      await secured.stop();
    }
  });

  it('refuses bad values with MinIO messages', () => {
    const create = (entries: Record<string, string>): NotificationTarget =>
      kafkaTargetFactory.create('bad', values({ enable: 'on', topic: 't', ...entries }), () => {});
    expect(() => create({ brokers: '' })).toThrow('no broker address found');
    expect(() => create({ brokers: 'localhost' })).toThrow(/invalid broker address 'localhost'/);
    expect(() => create({ brokers: 'h:1', version: 'two' })).toThrow('invalid version `two`');
    expect(() => create({ brokers: 'h:1', topic: '' })).toThrow('empty topic');
    expect(() => create({ brokers: 'h:1', sasl: 'on', sasl_mechanism: 'md5' })).toThrow(
      /unknown sasl_mechanism 'md5'/,
    );
    expect(() => create({ brokers: 'h:1', tls: 'on', client_tls_cert: '/x.pem' })).toThrow(/client_tls_key/);
  });
});
