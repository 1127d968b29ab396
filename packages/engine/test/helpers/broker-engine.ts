/**
 * An engine for the messaging targets' end-to-end tests: started in-process with `createEngine`
 * (4 temp drives, port 0) and a `staticConfig` naming the target under test, driven over HTTP by
 * the AWS SDK (PutBucketNotificationConfiguration, PUT, DELETE), and restartable on the same drives.
 * The notification core's retry is shortened so an outage test waits for state, not for a long
 * back-off.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  PutBucketNotificationConfigurationCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { createEngine, type Engine } from '../../src/engine.js';
import { staticConfig } from '../../src/config/index.js';
import { sdkClient } from './sdk-client.js';

const root = { accessKey: 'brokerroot', secretKey: 'broker-root-secret-123456' };

export interface BrokerEngine {
  engine: Engine;
  s3: S3Client;
  /** What the engine logged (a target's connection errors among them). */
  logs: string[];
  /** Creates `bucket` and sends its object created/removed events to `arn`. */
  subscribe(bucket: string, arn: string): Promise<void>;
  put(bucket: string, key: string, body: string): Promise<void>;
  remove(bucket: string, key: string): Promise<void>;
  /** Closes the engine and starts it again on the same drives and configuration. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** Starts an engine whose configuration is `config` (`{ 'notify_amqp:1': { enable: 'on', … } }`). */
export async function startBrokerEngine(
  config: Record<string, Record<string, string>>,
): Promise<BrokerEngine> {
  const dir = await mkdtemp(join(tmpdir(), 'coffer-broker-engine-'));
  const drives = [1, 2, 3, 4].map((i) => join(dir, `drive${i}`));
  for (const d of drives) await mkdir(d);
  const logs: string[] = [];
  const start = (): Promise<Engine> =>
    createEngine({
      address: '127.0.0.1:0',
      drives,
      dataDir: dir,
      rootUser: root.accessKey,
      rootPassword: root.secretKey,
      env: {},
      log: (line) => logs.push(line),
      scannerIntervalMs: 3_600_000,
      healIntervalMs: 3_600_000,
      config: staticConfig(config),
      notifyRetry: { minRetryMs: 50, maxRetryMs: 500 },
    });
  let engine = await start();
  let s3 = sdkClient(engine.url, root);
  const handle: BrokerEngine = {
    engine,
    s3,
    logs,
    async subscribe(bucket, arn) {
      await s3.send(new CreateBucketCommand({ Bucket: bucket }));
      await s3.send(
        new PutBucketNotificationConfigurationCommand({
          Bucket: bucket,
          NotificationConfiguration: {
            QueueConfigurations: [
              { Id: `to-${bucket}`, QueueArn: arn, Events: ['s3:ObjectCreated:*', 's3:ObjectRemoved:*'] },
            ],
          },
        }),
      );
    },
    async put(bucket, key, body) {
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
    },
    async remove(bucket, key) {
      await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async restart() {
      s3.destroy();
      await engine.close();
      engine = await start();
      s3 = sdkClient(engine.url, root);
      handle.engine = engine;
      handle.s3 = s3;
    },
    async close() {
      s3.destroy();
      await engine.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
  return handle;
}
