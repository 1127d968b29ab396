/** The messaging targets' value parsing: MinIO's syntaxes accepted, anything else refused naming the key. */
import { describe, expect, it } from 'vitest';
import { checkQueueKeys, duration, flag, unsigned, withTimeout } from './broker-values.js';
import { parseAmqpArgs } from './amqp.js';
import { parseMqttArgs } from './mqtt.js';
import { parseNatsArgs } from './nats.js';

const kv = (entries: Record<string, string>): ReadonlyMap<string, string> => new Map(Object.entries(entries));

describe('broker values', () => {
  it('flags: on/off and their synonyms; unset is the fallback; anything else is refused', () => {
    expect(flag(kv({ a: 'on' }), 'a')).toBe(true);
    expect(flag(kv({ a: 'TRUE' }), 'a')).toBe(true);
    expect(flag(kv({ a: 'off' }), 'a', true)).toBe(false);
    expect(flag(kv({}), 'a', true)).toBe(true);
    expect(() => flag(kv({ a: 'sometimes' }), 'a')).toThrow("a: 'sometimes' is not a boolean value");
  });

  it('durations: Go syntax in milliseconds; a bare number other than 0 is refused', () => {
    expect(duration(kv({ d: '10s' }), 'd', 1)).toBe(10_000);
    expect(duration(kv({ d: '1m30s' }), 'd', 1)).toBe(90_000);
    expect(duration(kv({ d: '250ms' }), 'd', 1)).toBe(250);
    expect(duration(kv({ d: '1.5h' }), 'd', 1)).toBe(5_400_000);
    expect(duration(kv({ d: '0' }), 'd', 1)).toBe(0);
    expect(duration(kv({ d: '1d' }), 'd', 1)).toBe(86_400_000);
    expect(duration(kv({}), 'd', 7)).toBe(7);
    expect(() => duration(kv({ d: '10' }), 'd', 1)).toThrow("d: '10' is not a duration");
    expect(() => duration(kv({ d: '10sx' }), 'd', 1)).toThrow(/not a duration/);
  });

  it('unsigned integers within a bound', () => {
    expect(unsigned(kv({ n: '2' }), 'n', 0, 2)).toBe(2);
    expect(unsigned(kv({}), 'n', 1, 2)).toBe(1);
    expect(() => unsigned(kv({ n: '3' }), 'n', 0, 2)).toThrow("n: '3' is not a whole number between 0 and 2");
    expect(() => unsigned(kv({ n: '-1' }), 'n', 0, 2)).toThrow(/whole number/);
  });

  it('queue keys: queue_dir must be absolute, queue_limit a number', () => {
    expect(checkQueueKeys(kv({ queue_dir: '/var/q', queue_limit: '100000' }))).toEqual({
      queueDir: '/var/q',
    });
    expect(() => checkQueueKeys(kv({ queue_dir: 'q' }))).toThrow('queueDir path should be absolute');
    expect(() => checkQueueKeys(kv({ queue_limit: 'lots' }))).toThrow(/queue_limit/);
  });

  it('withTimeout rejects a promise that never settles, passes one that does', async () => {
    await expect(withTimeout(new Promise(() => undefined), 10, 'stalled')).rejects.toThrow('stalled');
    await expect(withTimeout(Promise.resolve(5), 1000, 'x')).resolves.toBe(5);
  });
});

describe('target arguments', () => {
  it('amqp: MinIO defaults (direct exchange, transient, no confirms) and the keys as given', () => {
    expect(parseAmqpArgs(kv({ url: 'amqp://u:p@h:5672' }))).toMatchObject({
      exchange: '',
      exchangeType: 'direct',
      deliveryMode: 0,
      publisherConfirms: false,
    });
    expect(
      parseAmqpArgs(
        kv({
          url: 'amqps://h',
          exchange: 'e',
          routing_key: 'r',
          exchange_type: 'x-delayed-message',
          durable: 'on',
        }),
      ),
    ).toMatchObject({ exchange: 'e', routingKey: 'r', exchangeType: 'x-delayed-message', durable: true });
  });

  it("mqtt: MinIO's schemes map to mqtt.js's; reconnect defaults to 1 s; keep-alive in seconds", () => {
    expect(parseMqttArgs(kv({ broker: 'tcp://h:1883', topic: 't' }))).toMatchObject({
      broker: 'mqtt://h:1883',
      qos: 0,
      reconnectIntervalMs: 1000,
      keepAliveSeconds: undefined,
    });
    expect(
      parseMqttArgs(kv({ broker: 'tcps://h:8883', topic: 't', keep_alive_interval: '30s' })),
    ).toMatchObject({
      broker: 'mqtts://h:8883',
      keepAliveSeconds: 30,
    });
    expect(parseMqttArgs(kv({ broker: 'wss://h/mqtt', topic: 't' })).broker).toBe('wss://h/mqtt');
    expect(parseMqttArgs(kv({ broker: 'mqtt://h', topic: 't' })).broker).toBe('mqtt://h');
  });

  it('nats: ping_interval as whole seconds (MinIO) or a duration (its help text)', () => {
    expect(parseNatsArgs(kv({ address: 'h:4222', subject: 's', ping_interval: '20' })).pingInterval).toBe(20);
    expect(parseNatsArgs(kv({ address: 'h:4222', subject: 's', ping_interval: '2m' })).pingInterval).toBe(
      120,
    );
    expect(parseNatsArgs(kv({ address: 'h:4222', subject: 's', ping_interval: '0' })).pingInterval).toBe(0);
    expect(() => parseNatsArgs(kv({ address: 'h:4222', subject: 's', ping_interval: '-1' }))).toThrow(
      /ping_interval/,
    );
  });

  it('nats: address and subject kept; jetstream flag read', () => {
    expect(parseNatsArgs(kv({ address: 'h:4222', subject: 'a.b', jetstream: 'on' }))).toMatchObject({
      address: 'h:4222',
      subject: 'a.b',
      jetstream: true,
      tls: false,
    });
  });
});
