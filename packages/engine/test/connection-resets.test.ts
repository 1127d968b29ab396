/**
 * 200 concurrent AWS SDK v3 clients, retries off, against an engine process whose open-file limit
 * (soft and hard, `prlimit`) is far below what 200 streamed uploads would hold at once (issue 14 §7).
 * Each upload holds its socket plus a shard file per drive; without admission by a descriptor
 * budget the process ran out of descriptors mid-burst and libuv answered connections accepted at
 * that moment by closing them: ECONNRESET. Now every request is answered: 200, or — for one that
 * waited MinIO's 10 s requests deadline for a slot — 503 SlowDown with Retry-After, which every
 * SDK retries. No connection is ever reset.
 *
 * Keep-alive is off (a connection per request, the way many short-lived CLI clients talk), so every
 * request passes through accept, where exhaustion shows as a reset.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineProcess } from './helpers/engine-process.js';

const CLIENTS = 200;
const ROUNDS = 2;
/** Far below 200 × (socket + 4 shard files); the guard still admits 200 connections (288). */
const OPEN_FILE_LIMIT = 640;
const body = randomBytes(512 * 1024);
const bucket = 'resets';

let engine: EngineProcess;

function client(): S3Client {
  return new S3Client({
    endpoint: engine.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: engine.accessKey, secretAccessKey: engine.secretKey },
    maxAttempts: 1,
    requestHandler: new NodeHttpHandler({ httpAgent: new http.Agent({ keepAlive: false }) }),
  });
}

/** 'ok', 'SlowDown <Retry-After>' for a 503 SlowDown, or what else went wrong. */
async function outcome(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'ok';
  } catch (err) {
    const e = err as Error & {
      code?: string;
      $metadata?: { httpStatusCode?: number };
      $response?: { headers?: Record<string, string> };
    };
    const status = e.$metadata?.httpStatusCode;
    if (status === 503 && e.name === 'SlowDown')
      return `SlowDown ${e.$response?.headers?.['retry-after'] ?? 'no Retry-After'}`;
    return `${status ?? e.code ?? ''} ${e.name}: ${e.message}`.slice(0, 120);
  }
}

describe('200 concurrent SDK clients under a low open-file limit', () => {
  beforeAll(async () => {
    engine = await startEngine({ openFileLimit: OPEN_FILE_LIMIT, env: { UV_THREADPOOL_SIZE: '16' } });
    await client().send(new CreateBucketCommand({ Bucket: bucket }));
  }, 60_000);
  afterAll(async () => {
    await engine?.destroy();
  });

  it('answers every PUT and GET — no reset — and stays within its descriptors', async () => {
    const outcomes = new Map<string, number>();
    const count = (what: string): void => {
      outcomes.set(what, (outcomes.get(what) ?? 0) + 1);
    };
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, i) => {
        const s3 = client();
        for (let round = 0; round < ROUNDS; round++) {
          const key = `c${i}/r${round}`;
          const put = await outcome(() =>
            s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body })),
          );
          count(`PUT ${put}`);
          if (put !== 'ok') continue;
          count(
            `GET ${await outcome(async () => {
              const got = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
              const bytes = await got.Body!.transformToByteArray();
              if (!Buffer.from(bytes).equals(body)) throw new Error('content differs');
            })}`,
          );
        }
      }),
    );
    // Only answers: 200, or SlowDown with its Retry-After. A reset, a hang-up or a 5xx other than
    // SlowDown fails the test (the message lists every outcome).
    const unexpected = [...outcomes].filter(([what]) => !/^(PUT|GET) (ok|SlowDown \d+)$/.test(what));
    expect(unexpected, JSON.stringify(Object.fromEntries(outcomes))).toEqual([]);
    expect(outcomes.get('PUT ok') ?? 0).toBeGreaterThan(0);
    expect(engine.output()).not.toMatch(/is now offline|EMFILE/);
  }, 120_000);
});
