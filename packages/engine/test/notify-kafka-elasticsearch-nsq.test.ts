/**
 * Bucket notifications to Kafka, Elasticsearch and NSQ, end to end: an engine started in-process
 * (`helpers/notify-engine.ts`: 4 temp drives, port 0) and a `staticConfig` naming `notify_kafka`,
 * `notify_elasticsearch` (namespace and access) and `notify_nsq` targets that point at the
 * protocol-level stand-ins (`helpers/standins/`; no server packages exist for them here); rules set
 * with the AWS SDK's PutBucketNotificationConfiguration; objects put and deleted over S3; the
 * events read back from the stand-ins. Also: the ARNs and online status in admin info, and an
 * outage per service — events made while the server is down arrive, in order, once it is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticConfig } from '../src/config/index.js';
import { elasticsearchDocumentId } from '../src/notify/targets/highwayhash.js';
import type { TargetEvent } from '../src/notify/index.js';
import { adminOk } from './helpers/admin-calls.js';
import { startNotifyEngine, type NotifyEngine } from './helpers/notify-engine.js';
import { startElasticsearchStandin, type ElasticsearchStandin } from './helpers/standins/elasticsearch.js';
import { startKafkaStandin, type KafkaStandin } from './helpers/standins/kafka.js';
import { startNsqStandin, type NsqStandin } from './helpers/standins/nsq.js';

let e2e: NotifyEngine;
let kafka: KafkaStandin;
let elastic: ElasticsearchStandin;
let nsqd: NsqStandin;

/** Polls engine-driven state (never a fixed sleep); rejects after 30 s. */
async function until(what: string, test: () => boolean): Promise<void> {
  const end = Date.now() + 30_000;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const subscribe = (bucket: string, arns: string[]): Promise<void> => e2e.subscribe(bucket, arns);
const put = (bucket: string, key: string, body: string): Promise<void> => e2e.put(bucket, key, body);
const del = (bucket: string, key: string): Promise<void> => e2e.remove(bucket, key);

const kafkaEvents = (): TargetEvent[] =>
  kafka.records('bucketevents').map((r) => JSON.parse(r.value ?? '') as TargetEvent);
const nsqEvents = (): TargetEvent[] => nsqd.messages('bucketevents').map((m) => JSON.parse(m) as TargetEvent);
const accessEvents = (): { eventName: string; s3: { object: { key: string } } }[] =>
  elastic
    .documents('events-log')
    .map(
      (d) => (d.source as { Records: { eventName: string; s3: { object: { key: string } } }[] }).Records[0],
    )
    .filter((r) => r !== undefined);

/** `<service>:<id>:<status>` of every target in admin info, sorted. */
async function targetStatuses(): Promise<string[]> {
  const info = (await adminOk(e2e.engine, e2e.root, 'GET', 'info')) as {
    services: { notifications?: Record<string, Record<string, { status: string }>[]>[] };
  };
  return (info.services.notifications ?? [])
    .flatMap((byService) =>
      Object.entries(byService).flatMap(([service, targets]) =>
        targets.flatMap((t) => Object.entries(t).map(([id, s]) => `${service}:${id}:${s.status}`)),
      ),
    )
    .sort();
}

beforeAll(async () => {
  kafka = await startKafkaStandin();
  elastic = await startElasticsearchStandin({ username: 'elastic', password: 'changeme' });
  nsqd = await startNsqStandin();
  const es = { enable: 'on', url: elastic.url, username: 'elastic', password: 'changeme' };
  e2e = await startNotifyEngine(
    staticConfig({
      'notify_kafka:1': { enable: 'on', brokers: kafka.address, topic: 'bucketevents' },
      'notify_elasticsearch:1': { ...es, index: 'objects', format: 'namespace' },
      'notify_elasticsearch:log': { ...es, index: 'events-log', format: 'access' },
      'notify_nsq:1': { enable: 'on', nsqd_address: nsqd.address, topic: 'bucketevents' },
    }),
  );
});

afterAll(async () => {
  await e2e?.close();
  await Promise.all([kafka?.stop(), elastic?.stop(), nsqd?.stop()]);
});

describe('kafka, elasticsearch and nsq targets through the engine', () => {
  it('lists their ARNs, online, in admin info', async () => {
    const info = (await adminOk(e2e.engine, e2e.root, 'GET', 'info')) as { sqsARN: string[] };
    expect([...info.sqsARN].sort()).toEqual([
      'arn:minio:sqs:us-east-1:1:elasticsearch',
      'arn:minio:sqs:us-east-1:1:kafka',
      'arn:minio:sqs:us-east-1:1:nsq',
      'arn:minio:sqs:us-east-1:log:elasticsearch',
    ]);
    expect(await targetStatuses()).toEqual([
      'elasticsearch:1:online',
      'elasticsearch:log:online',
      'kafka:1:online',
      'nsq:1:online',
    ]);
  });

  it('kafka: put and delete arrive as MinIO sends them, in order', async () => {
    await subscribe('kafka-bucket', ['arn:minio:sqs::1:kafka']);
    await put('kafka-bucket', 'a/one.txt', 'one');
    await put('kafka-bucket', 'two.txt', 'two!');
    await del('kafka-bucket', 'a/one.txt');
    const records = await kafka.waitFor('bucketevents', 3);
    expect(records.map((r) => r.key)).toEqual([
      'kafka-bucket/a/one.txt',
      'kafka-bucket/two.txt',
      'kafka-bucket/a/one.txt',
    ]);
    const events = kafkaEvents();
    expect(events.map((e) => e.EventName)).toEqual([
      's3:ObjectCreated:Put',
      's3:ObjectCreated:Put',
      's3:ObjectRemoved:Delete',
    ]);
    expect(events[1]?.Records[0]?.s3).toMatchObject({
      bucket: { name: 'kafka-bucket' },
      object: { key: 'two.txt', size: 4 },
    });
    expect(kafka.errors).toEqual([]);
  });

  it('elasticsearch: the namespace index mirrors the bucket, the access index logs each event', async () => {
    await subscribe('es-bucket', ['arn:minio:sqs::1:elasticsearch', 'arn:minio:sqs::log:elasticsearch']);
    await put('es-bucket', 'keep.txt', 'keep');
    await put('es-bucket', 'gone.txt', 'gone');
    await del('es-bucket', 'gone.txt');
    await until('three access documents', () => accessEvents().length >= 3);
    await until('the namespace delete', () => elastic.documents('objects').length === 1);
    expect(elastic.documents('objects').map((d) => d.id)).toEqual([
      elasticsearchDocumentId('es-bucket/keep.txt'),
    ]);
    expect(accessEvents().map((r) => `${r.eventName} ${r.s3.object.key}`)).toEqual([
      's3:ObjectCreated:Put keep.txt',
      's3:ObjectCreated:Put gone.txt',
      's3:ObjectRemoved:Delete gone.txt',
    ]);
    expect(elastic.indices()).toEqual(
      new Map([
        ['objects', 'create'],
        ['events-log', 'create'],
      ]),
    );
    expect(elastic.errors).toEqual([]);
  });

  it('nsq: put and delete arrive as MinIO sends them, in order', async () => {
    await subscribe('nsq-bucket', ['arn:minio:sqs::1:nsq']);
    await put('nsq-bucket', 'x.bin', 'x');
    await del('nsq-bucket', 'x.bin');
    await until('two nsq messages', () => nsqEvents().length >= 2);
    expect(nsqEvents().map((e) => `${e.EventName} ${e.Key}`)).toEqual([
      's3:ObjectCreated:Put nsq-bucket/x.bin',
      's3:ObjectRemoved:Delete nsq-bucket/x.bin',
    ]);
    expect(nsqd.errors).toEqual([]);
  });

  it('events made while each server is down arrive, in order, once it is back', async () => {
    await Promise.all([kafka.stop(), elastic.stop(), nsqd.stop()]);
    const keys = Array.from({ length: 10 }, (_, i) => `outage-${String(i).padStart(2, '0')}`);
    for (const key of keys) {
      await put('kafka-bucket', key, key);
      await put('es-bucket', key, key);
      await put('nsq-bucket', key, key);
    }
    // Admin info reuses a status for a few seconds: wait for it to turn (state, not a timer).
    const offline = [
      'elasticsearch:1:offline',
      'elasticsearch:log:offline',
      'kafka:1:offline',
      'nsq:1:offline',
    ];
    let statuses = await targetStatuses();
    const end = Date.now() + 30_000;
    while (JSON.stringify(statuses) !== JSON.stringify(offline) && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      statuses = await targetStatuses();
    }
    expect(statuses).toEqual([
      'elasticsearch:1:offline',
      'elasticsearch:log:offline',
      'kafka:1:offline',
      'nsq:1:offline',
    ]);
    await Promise.all([kafka.start(), elastic.start(), nsqd.start()]);
    await kafka.waitFor('bucketevents', 3 + keys.length);
    await until('nsq outage events', () => nsqEvents().length >= 2 + keys.length);
    await until('elasticsearch outage events', () => accessEvents().length >= 3 + keys.length);
    expect(
      kafkaEvents()
        .slice(3)
        .map((e) => e.Key),
    ).toEqual(keys.map((k) => `kafka-bucket/${k}`));
    expect(
      nsqEvents()
        .slice(2)
        .map((e) => e.Key),
    ).toEqual(keys.map((k) => `nsq-bucket/${k}`));
    expect(
      accessEvents()
        .slice(3)
        .map((r) => r.s3.object.key),
    ).toEqual(keys);
    await until('namespace documents', () => elastic.documents('objects').length === 1 + keys.length);
    expect([kafka.errors, elastic.errors, nsqd.errors]).toEqual([[], [], []]);
  });
});
