/**
 * The admin trace and console log streams over HTTP (issue 11, wire doc §3.10–3.11): a PUT shows
 * up in the trace with its timing and bytes, madmin's filters (errors only, threshold, internal)
 * apply, a failed request is an ERROR entry of the console log (live and replayed), only callers
 * allowed admin:ServerTrace / admin:ConsoleLog may open them, a client that leaves is forgotten
 * (tracing is free again), and MinIO's own madmin-go decodes both streams.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateBucketCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { startHttpEngine, type HttpEngine } from './helpers/http-engine.js';
import { sdkClient } from './helpers/sdk-client.js';
import { openAdminStream } from './helpers/admin-stream.js';
import { adminCall, adminOk, type Keys } from './helpers/admin-calls.js';
import { buildMadminProbe, runMadminProbe } from './helpers/madmin-probe.js';
import { requireSystemDeps } from './helpers/system-deps.js';
import type { ConsoleLogEntry, TraceInfo } from '../src/logging/index.js';

const ROOT: Keys = { accessKey: 'COFFERTESTROOTTRACE1', secretKey: 'coffer-test-root-secret-trace-0123456' };
const BUCKET = 'traced';
const S3_ONLY = { s3: 'true', internal: 'false', err: 'false', threshold: '0s' };

let engine: HttpEngine;
let url: string;
let s3: S3Client;

beforeAll(async () => {
  engine = await startHttpEngine({ name: 'trace', ...ROOT });
  url = `http://127.0.0.1:${engine.port}`;
  s3 = sdkClient(url, ROOT);
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
});

afterAll(async () => {
  s3?.destroy();
  await engine?.close();
});

/** Wait until the engine has `n` trace subscribers' worth of listening (the stream is set up). */
async function untilListening(listening: boolean): Promise<void> {
  for (let i = 0; i < 200 && engine.context.trace.listening !== listening; i++) {
    await new Promise((r) => setTimeout(r, 10));
  }
  expect(engine.context.trace.listening).toBe(listening);
}

describe('admin trace', () => {
  it('shows a PUT with its function name, status, client, bytes and timing', async () => {
    expect(engine.context.trace.listening).toBe(false);
    const trace = await openAdminStream<TraceInfo>(url, ROOT, 'trace', S3_ONLY);
    expect(trace.status).toBe(200);
    expect(trace.headers['content-type']).toBe('text/event-stream');
    await untilListening(true);
    const body = 'x'.repeat(4096);
    const before = Date.now();
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'a/put.txt', Body: body }));
    const put = await trace.find((t) => t.funcname === 's3.PutObject');
    trace.close();
    expect(put).toMatchObject({
      type: 4,
      nodename: `127.0.0.1:${engine.port}`,
      path: `/${BUCKET}/a/put.txt`,
      http: { request: { method: 'PUT', client: '127.0.0.1' }, response: { statuscode: 200 } },
    });
    expect(put.dur).toBeGreaterThan(0);
    expect(put.http?.stats.latency).toBe(put.dur);
    expect(put.http?.stats.inputbytes).toBeGreaterThanOrEqual(4096);
    expect(put.http?.stats.outputbytes).toBeGreaterThan(0);
    expect(Date.parse(put.time)).toBeGreaterThanOrEqual(before - 1000);
    // The signature never leaves the engine.
    const authorization = put.http?.request.headers?.Authorization?.[0] ?? '';
    expect(authorization).toContain('Signature=*REDACTED*');
    // Once the client hung up, nobody listens: requests are no longer described.
    await untilListening(false);
  });

  it('applies the errors-only, internal and threshold filters', async () => {
    const errors = await openAdminStream<TraceInfo>(url, ROOT, 'trace', { ...S3_ONLY, err: 'true' });
    const internal = await openAdminStream<TraceInfo>(url, ROOT, 'trace', { ...S3_ONLY, internal: 'true' });
    const slowOnly = await openAdminStream<TraceInfo>(url, ROOT, 'trace', { ...S3_ONLY, threshold: '1h' });
    await untilListening(true);
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'ok.txt', Body: 'ok' }));
    await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'missing.txt' })).catch(() => undefined);
    await adminOk({ url }, ROOT, 'GET', 'info');
    // Errors only: the 404 comes, the 200 PUT before it did not.
    const first = await errors.find(() => true);
    expect(first).toMatchObject({ funcname: 's3.GetObject', http: { response: { statuscode: 404 } } });
    // Internal: admin calls (under /minio/) are shown, as type internal.
    const info = await internal.find((t) => t.funcname === 'admin.ServerInfo');
    expect(info).toMatchObject({ type: 8, path: '/minio/admin/v3/info' });
    // A threshold of an hour leaves every call out (the stream only keeps alive).
    await new Promise((r) => setTimeout(r, 1200));
    for (const stream of [errors, internal, slowOnly]) stream.close();
    expect(slowOnly.received()).toBeGreaterThan(0);
    expect(await slowOnly.next()).toBeUndefined();
    await untilListening(false);
  });

  it('refuses a threshold that is not a Go duration', async () => {
    const answer = await adminCall({ url }, ROOT, 'GET', 'trace', {
      query: { ...S3_ONLY, threshold: '10 seconds' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ Code: 'XMinioAdminInvalidRequest' });
  });

  it('needs admin:ServerTrace; admin:ConsoleLog for the log', async () => {
    await adminOk({ url }, ROOT, 'PUT', 'add-canned-policy', {
      query: { name: 'trace-only' },
      body: { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: ['admin:ServerTrace'] }] },
    });
    await adminOk({ url }, ROOT, 'PUT', 'add-user', {
      query: { accessKey: 'tracer' },
      body: { secretKey: 'tracer-secret-123', status: 'enabled' },
      encrypt: true,
    });
    await adminOk({ url }, ROOT, 'PUT', 'set-user-or-group-policy', {
      query: { policyName: 'trace-only', userOrGroup: 'tracer', isGroup: 'false' },
    });
    const tracer: Keys = { accessKey: 'tracer', secretKey: 'tracer-secret-123' };
    const allowed = await openAdminStream<TraceInfo>(url, tracer, 'trace', S3_ONLY);
    expect(allowed.status).toBe(200);
    allowed.close();
    const log = await adminCall({ url }, tracer, 'GET', 'log', {
      query: { limit: '1', logType: 'ALL', node: '' },
    });
    expect(log.status).toBe(403);
    expect(log.json).toMatchObject({ Code: 'AccessDenied' });
    await untilListening(false);
  });
});

describe('admin console log', () => {
  it('streams an error entry live and replays it to a later client', async () => {
    const live = await openAdminStream<ConsoleLogEntry>(url, ROOT, 'log', {
      node: '',
      limit: '0',
      logType: 'ALL',
    });
    expect(live.status).toBe(200);
    const layer = engine.context.objectLayer;
    const original = layer.listObjects;
    // A fault below the handler: the request fails with a 500, which the engine logs as an error.
    layer.listObjects = () => Promise.reject(new Error('forced listing failure for the console log'));
    let requestId = '';
    try {
      await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    } catch (err) {
      requestId = (err as { $metadata: { requestId?: string } }).$metadata.requestId ?? '';
    } finally {
      layer.listObjects = original;
    }
    expect(requestId).not.toBe('');
    // The SDK retries a 500: the entry of the attempt whose answer it kept.
    const entry = await live.find((e) => e.requestID === requestId);
    live.close();
    expect(entry).toMatchObject({
      level: 'ERROR',
      errKind: 'MINIO',
      requestID: requestId,
      api: { name: 'ListObjectsV2', args: { bucket: BUCKET } },
      error: { message: 'forced listing failure for the console log' },
      ConsoleMsg: '',
      node: `127.0.0.1:${engine.port}`,
    });
    expect(entry.error?.source.length).toBeGreaterThan(0);

    engine.context.consoleLog.info('a console line after the error');
    const later = await openAdminStream<ConsoleLogEntry>(url, ROOT, 'log', {
      node: '',
      limit: '2',
      logType: 'ALL',
    });
    const replayed = [await later.next(), await later.next()];
    later.close();
    expect(replayed.map((e) => e?.level)).toEqual(['ERROR', 'INFO']);
    expect(replayed[1]?.ConsoleMsg).toBe('a console line after the error');
    // Another node's entries only: nothing is replayed.
    const elsewhere = await openAdminStream<ConsoleLogEntry>(url, ROOT, 'log', {
      node: 'other:9000',
      limit: '5',
      logType: 'ALL',
    });
    await new Promise((r) => setTimeout(r, 700));
    elsewhere.close();
    expect(await elsewhere.next()).toBeUndefined();
    expect(elsewhere.received()).toBeGreaterThan(0);
  });
});

describe('madmin-go (Debian 2.0.7) reads the streams', () => {
  let probe: string;
  beforeAll(async () => {
    await requireSystemDeps(['go', 'madmin-go']);
    probe = await buildMadminProbe();
  }, 300_000);

  it('ServiceTrace decodes the trace of a PUT; GetLogs decodes a replayed entry', async () => {
    engine.context.consoleLog.info('a line for madmin');
    const { code, report } = await runMadminProbe(
      probe,
      'trace',
      { url, accessKey: ROOT.accessKey, secretKey: ROOT.secretKey },
      { MADMIN_BUCKET: BUCKET },
    );
    const r = report as {
      trace: {
        type: number;
        funcname: string;
        path: string;
        dur: number;
        http: { response: { statuscode: number } };
      };
      log: { level: string; ConsoleMsg: string; node: string };
      errors: Record<string, string>;
    };
    expect(r.errors).toEqual({});
    expect(code).toBe(0);
    expect(r.trace).toMatchObject({
      type: 4,
      funcname: 's3.PutObject',
      path: `/${BUCKET}/madmin-probe-trace`,
      http: { response: { statuscode: 403 } },
    });
    expect(r.trace.dur).toBeGreaterThan(0);
    expect(r.log).toMatchObject({ node: `127.0.0.1:${engine.port}` });
    expect(r.log.level).toMatch(/^(INFO|ERROR)$/);
  }, 120_000);
});
