/**
 * The Kafka notification target (`notify_kafka`, issue 10 §2) on kafkajs. As MinIO's: each event
 * is one message on `topic`, keyed `<bucket>/<object>`, its value the event JSON
 * (`{EventName, Key, Records}`), produced with acks from all in-sync replicas (`send` resolves once
 * the leader has committed it). `isActive` is MinIO's broker ping: a TCP connect to any broker.
 * kafkajs negotiates the protocol versions with the broker (ApiVersions), so `version` is validated
 * as MinIO does (sarama's `x.y.z`) but does not pin anything.
 */
import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import kafkajs, { type Producer, type SASLOptions } from 'kafkajs';
import { InvalidArgument } from '../../common/errors.js';
import { csv, isOn, type ConfigValues } from '../../config/types.js';
import type { NotificationTarget, TargetEvent, TargetFactory } from '../target.js';
import { canConnect, parseHostPort } from './tcp-address.js';

/** The parsed `notify_kafka` values a target runs with. */
export interface KafkaSettings {
  brokers: { host: string; port: number }[];
  topic: string;
  ssl?: ConnectionOptions | undefined;
  sasl?: SASLOptions | undefined;
}

const SASL_MECHANISMS: Record<string, 'plain' | 'scram-sha-256' | 'scram-sha-512'> = {
  plain: 'plain',
  sha256: 'scram-sha-256',
  sha512: 'scram-sha-512',
};

/** Validates the sub-system's values with MinIO's messages where MinIO has them. */
export function kafkaSettings(values: ConfigValues): KafkaSettings {
  const get = (key: string): string => (values.get(key) ?? '').trim();
  const brokerList = csv(values.get('brokers'));
  if (brokerList.length === 0) throw new InvalidArgument('no broker address found');
  const brokers = brokerList.map((broker) => parseHostPort(broker, 'broker address'));
  const topic = get('topic');
  if (topic === '') throw new InvalidArgument('empty topic');
  const version = get('version');
  // sarama's ParseKafkaVersion: `major.minor.patch` (0.x versions have four parts).
  if (version !== '' && !/^\d+\.\d+\.\d+(\.\d+)?$/.test(version)) {
    throw new InvalidArgument(`invalid version \`${version}\``);
  }
  let ssl: ConnectionOptions | undefined;
  if (isOn(values.get('tls'))) {
    ssl = { rejectUnauthorized: !isOn(values.get('tls_skip_verify')) };
    const cert = get('client_tls_cert');
    const key = get('client_tls_key');
    if ((cert === '') !== (key === '')) {
      throw new InvalidArgument('client_tls_cert and client_tls_key must be set together');
    }
    if (cert !== '') {
      try {
        ssl.cert = readFileSync(cert);
        ssl.key = readFileSync(key);
      } catch (error) {
        throw new InvalidArgument(`cannot read the client certificate: ${(error as Error).message}`);
      }
    }
  }
  let sasl: SASLOptions | undefined;
  if (isOn(values.get('sasl'))) {
    const mechanism = SASL_MECHANISMS[get('sasl_mechanism').toLowerCase() || 'plain'];
    if (mechanism === undefined) {
      throw new InvalidArgument(
        `unknown sasl_mechanism '${get('sasl_mechanism')}': use plain, sha256 or sha512`,
      );
    }
    const username = values.get('sasl_username') ?? '';
    const password = values.get('sasl_password') ?? '';
    if (username === '') throw new InvalidArgument('sasl_username is required when sasl is on');
    sasl = { mechanism, username, password } as SASLOptions;
  }
  return { brokers, topic, ssl, sasl };
}

class KafkaTarget implements NotificationTarget {
  readonly service = 'kafka' as const;
  private producer: Producer | undefined;
  private connecting: Promise<Producer> | undefined;
  private closed = false;

  constructor(
    readonly id: string,
    private readonly settings: KafkaSettings,
  ) {}

  async send(event: TargetEvent): Promise<void> {
    if (this.closed) throw new Error('kafka target is closed');
    const producer = await this.connect();
    try {
      await producer.send({
        topic: this.settings.topic,
        // -1: the leader answers once every in-sync replica has the record (sarama's WaitForAll).
        acks: -1,
        messages: [{ key: event.Key, value: JSON.stringify(event) }],
      });
    } catch (error) {
      // Start over on the next attempt: kafkajs keeps a half-broken cluster view after an outage.
      await this.drop();
      throw error;
    }
  }

  async isActive(): Promise<boolean> {
    for (const { host, port } of this.settings.brokers) {
      if (await canConnect(host, port, 2000)) return true;
    }
    return false;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.drop();
  }

  /** The connected producer, connecting once (concurrent callers share the attempt). */
  private connect(): Promise<Producer> {
    if (this.producer !== undefined) return Promise.resolve(this.producer);
    this.connecting ??= (async () => {
      const kafka = new kafkajs.Kafka({
        clientId: 'coffer',
        brokers: this.settings.brokers.map(({ host, port }) =>
          host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`,
        ),
        ssl: this.settings.ssl,
        sasl: this.settings.sasl,
        connectionTimeout: 2000,
        requestTimeout: 10_000,
        // A few quick retries only: the notification core retries a failed send later, in order.
        retry: { retries: 2, initialRetryTime: 100, maxRetryTime: 1000 },
        logLevel: kafkajs.logLevel.NOTHING,
      });
      const producer = kafka.producer({ allowAutoTopicCreation: true });
      try {
        await producer.connect();
      } catch (error) {
        await producer.disconnect().catch(() => undefined);
        throw error;
      }
      if (this.closed) {
        // Closed while connecting: release what was just opened.
        await producer.disconnect().catch(() => undefined);
        throw new Error('kafka target is closed');
      }
      this.producer = producer;
      return producer;
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async drop(): Promise<void> {
    const producer = this.producer;
    this.producer = undefined;
    await producer?.disconnect().catch(() => undefined);
  }
}

/** `notify_kafka` targets. */
export const kafkaTargetFactory: TargetFactory = {
  service: 'kafka',
  create: (id, values) => new KafkaTarget(id, kafkaSettings(values)),
};
