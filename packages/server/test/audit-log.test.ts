/**
 * Audit log search against the real engine (issue 11 §4; spec 2 §7 "Audit and session"): the
 * engine's audit_webhook target, configured through the console's Settings route, delivers each
 * request's audit entry to the console's ingest endpoint; requests made over S3 are then found by
 * their request id, bucket, API name and status patterns, in both orders, page by page and within
 * a time range. Only accounts allowed admin:ServerTrace search (and see 'log-search' in their
 * session); deliveries without the token are refused; a small store keeps only its newest records.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogRecord } from '@coffer/contract';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';
import { s3Client } from './helpers/s3-client.js';

const TOKEN = 'audit-test-token-0123456789';
const BUCKET = 'audit-bucket';

let engine: EngineHandle;
let consoleApp: RunningConsole;
let root: ConsoleClient;
/** Request ids of the S3 calls below, in the order they were made. */
const ids: { put: string[]; missing: string } = { put: [], missing: '' };
let between: { start: string; end: string };

type Search = { status: number; body: { results: AuditLogRecord[]; code?: string } };

function search(client: ConsoleClient, query: string): Promise<Search> {
  return client.json('GET', `/api/v1/logs/search?q=reqinfo&${query}`) as Promise<Search>;
}

/** Search until the entry of `requestId` has been delivered (deliveries are asynchronous). */
async function waitForRequest(requestId: string): Promise<AuditLogRecord> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = await search(root, `fp=request_id:${encodeURIComponent(requestId)}`);
    expect(found.status).toBe(200);
    if (found.body.results[0]) return found.body.results[0];
    if (Date.now() > deadline) throw new Error(`request ${requestId} never reached the audit log`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A signed S3 request through a presigned URL, answering the engine's request id. */
async function s3Request(method: 'PUT' | 'GET', key: string, body?: string): Promise<string> {
  const s3 = s3Client(engine.url, engine);
  const url =
    method === 'PUT'
      ? await s3.presignedPutObject(BUCKET, key, 600)
      : await s3.presignedGetObject(BUCKET, key, 600);
  const res = await fetch(url, {
    method,
    ...(body !== undefined ? { body } : {}),
    headers: { 'user-agent': 'audit-test/1.0' },
  });
  await res.arrayBuffer();
  const id = res.headers.get('x-amz-request-id');
  if (!id) throw new Error('no request id');
  return id;
}

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  consoleApp = await startConsole(engine.url, { auditLog: { token: TOKEN } });
  root = new ConsoleClient(consoleApp.url);
  await root.login(engine.accessKey, engine.secretKey);
  const set = await root.json('PUT', '/api/v1/configs/audit_webhook:coffer', {
    json: {
      key_values: [
        { key: 'endpoint', value: `${consoleApp.url}/api/v1/logs/audit` },
        { key: 'auth_token', value: TOKEN },
      ],
    },
  });
  expect(set).toEqual({ status: 200, body: { restart: false } });
  await s3Client(engine.url, engine).makeBucket(BUCKET, 'us-east-1');
  const start = new Date(Date.now() - 1).toISOString();
  for (const name of ['one.txt', 'two.txt', 'three.txt'])
    ids.put.push(await s3Request('PUT', `docs/${name}`, name));
  ids.missing = await s3Request('GET', 'docs/missing.txt');
  await waitForRequest(ids.missing);
  for (const id of ids.put) await waitForRequest(id);
  // After the deliveries: an entry's time is when the engine finished the request, which may be
  // a moment after the client read the answer.
  between = { start, end: new Date().toISOString() };
}, 120_000);

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
});

describe('audit log search', () => {
  it('finds an S3 request by its id with the fields of the spec', async () => {
    const record = await waitForRequest(ids.put[0] ?? '');
    expect(record).toMatchObject({
      api_name: 'PutObject',
      bucket: BUCKET,
      object: 'docs/one.txt',
      request_id: ids.put[0],
      user_agent: 'audit-test/1.0',
      response_status: 'OK',
      response_status_code: 200,
      request_content_length: 'one.txt'.length,
    });
    expect(record.time_to_response_ns).toBeGreaterThan(0);
    expect(record.remote_host).toMatch(/127\.0\.0\.1/);
    expect(Date.parse(record.time)).not.toBeNaN();
    const missing = await waitForRequest(ids.missing);
    expect(missing).toMatchObject({
      api_name: 'GetObject',
      response_status_code: 404,
      response_status: 'Not Found',
    });
  });

  it("filters with '*', '.', escapes and the status by code or text", async () => {
    const range = `timeStart=${encodeURIComponent(between.start)}&timeEnd=${encodeURIComponent(between.end)}`;
    const names = async (filters: string) =>
      (await search(root, `${range}&${filters}&order=timeAsc`)).body.results.map((r) => r.object);
    expect(await names(`fp=bucket:audit-b*&fp=api_name:PutObject`)).toEqual([
      'docs/one.txt',
      'docs/two.txt',
      'docs/three.txt',
    ]);
    expect(await names(`fp=object:docs/t..\\.txt&fp=api_name:PutObject`)).toEqual(['docs/two.txt']);
    // A literal '*' (escaped) matches nothing here; an unescaped one matches all three.
    expect(await names(`fp=object:docs/\\*&fp=api_name:PutObject`)).toEqual([]);
    expect(await names(`fp=response_status:404&fp=bucket:${BUCKET}`)).toEqual(['docs/missing.txt']);
    expect(await names(`fp=response_status:Not%20*&fp=bucket:${BUCKET}`)).toEqual(['docs/missing.txt']);
    expect(await names(`fp=response_status:4..&fp=bucket:${BUCKET}`)).toEqual(['docs/missing.txt']);
    expect(await names(`fp=bucket:audit`)).toEqual([]);
  });

  it('orders newest first by default, pages by pageSize and pageNo, and bounds by time', async () => {
    const filter = `fp=api_name:PutObject&fp=bucket:${BUCKET}`;
    const desc = (await search(root, filter)).body.results.map((r) => r.request_id);
    expect(desc).toEqual([...ids.put].reverse());
    const asc = (await search(root, `${filter}&order=timeAsc`)).body.results.map((r) => r.request_id);
    expect(asc).toEqual(ids.put);
    const pages = [];
    for (let pageNo = 0; pageNo < 4; pageNo += 1) {
      pages.push(
        (await search(root, `${filter}&pageSize=1&pageNo=${pageNo}`)).body.results.map((r) => r.request_id),
      );
    }
    expect(pages).toEqual([[ids.put[2]], [ids.put[1]], [ids.put[0]], []]);
    const before = encodeURIComponent(between.start);
    expect((await search(root, `${filter}&timeEnd=${before}`)).body.results).toEqual([]);
    expect(
      (await search(root, `${filter}&timeStart=${encodeURIComponent(between.end)}`)).body.results,
    ).toEqual([]);
  });

  it('refuses bad queries with a clear error', async () => {
    const bad = await search(root, 'fp=colour:red');
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid_request']);
    const size = await search(root, 'pageSize=101');
    expect([size.status, size.body.code]).toEqual([400, 'invalid_request']);
    const noQ = await root.json('GET', '/api/v1/logs/search');
    expect(noQ.status).toBe(400);
  });

  it("is for accounts allowed admin:ServerTrace, whose session lists 'log-search'", async () => {
    expect((await root.json<{ features: string[] }>('GET', '/api/v1/session')).body.features).toContain(
      'log-search',
    );
    const created = await root.json('POST', '/api/v1/users', {
      json: { accessKey: 'auditless', secretKey: 'auditless-secret', policies: ['readwrite'] },
    });
    expect(created.status).toBe(201);
    const user = new ConsoleClient(consoleApp.url);
    await user.login('auditless', 'auditless-secret');
    expect((await user.json<{ features: string[] }>('GET', '/api/v1/session')).body.features).toEqual([]);
    const refused = await search(user, `fp=request_id:${ids.missing}`);
    expect([refused.status, refused.body.code]).toEqual([403, 'access_denied']);
    const anonymous = await search(new ConsoleClient(consoleApp.url), '');
    expect(anonymous.status).toBe(401);
  });

  it('refuses deliveries without the token', async () => {
    const entry = JSON.stringify({
      time: new Date().toISOString(),
      api: { name: 'Forged' },
      requestID: 'forged',
    });
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789']) {
      const res = await fetch(`${consoleApp.url}/api/v1/logs/audit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: entry,
      });
      expect(res.status).toBe(401);
    }
    expect((await search(root, 'fp=request_id:forged')).body.results).toEqual([]);
  });
});

describe('retention', () => {
  it('keeps at most maxEntries, the newest, and takes batched deliveries', async () => {
    const small = await startConsole(engine.url, { auditLog: { token: TOKEN, maxEntries: 5 } });
    try {
      const t0 = Date.now() - 60_000;
      const lines = Array.from({ length: 12 }, (_, i) =>
        JSON.stringify({
          time: new Date(t0 + i * 1000).toISOString(),
          requestID: `req-${i}`,
          api: { name: 'PutObject', status: 'OK', statusCode: 200, timeToResponseInNS: '1000' },
        }),
      );
      // MinIO's batch_size > 1: newline-separated documents in one POST.
      const res = await fetch(`${small.url}/api/v1/logs/audit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
        body: lines.join('\n'),
      });
      expect(await res.json()).toEqual({ stored: 12 });
      const client = new ConsoleClient(small.url);
      await client.login(engine.accessKey, engine.secretKey);
      const kept = (await search(client, 'order=timeAsc')).body.results.map((r) => r.request_id);
      expect(kept).toEqual(['req-7', 'req-8', 'req-9', 'req-10', 'req-11']);
    } finally {
      await small.close();
      await removeDir(small.dataDir);
    }
  });
});
