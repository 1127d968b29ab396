/**
 * The HTTP server's side of the in-place restart (`createHttpServer` with an
 * `EngineContextSource`): while the source answers a promise (the services are being rebuilt), a
 * request waits on its connection and is then served by the context the promise resolves to.
 * Waiting for state only: the new context is handed over after the server has seen the request.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineContext } from '../src/engine-context.js';
import { createHttpServer } from '../src/http/server.js';
import { fakeEngineContext } from './helpers/fake-engine-context.js';

let server: http.Server;
let port: number;
let current: EngineContext | Promise<EngineContext>;
let before: EngineContext;
let after: EngineContext;

beforeAll(async () => {
  before = await fakeEngineContext({ region: 'region-before' });
  after = await fakeEngineContext({ region: 'region-after' });
  current = before;
  server = createHttpServer(() => current);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  before.events.close();
  after.events.close();
});

function get(path: string): Promise<{ status: number; region: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          region: res.headers['x-amz-bucket-region'] as string | undefined,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('requests during a restart', () => {
  it('are served by the current context when there is no restart', async () => {
    expect(await get('/minio/health/live')).toEqual({ status: 200, region: 'region-before' });
  });

  it('wait for the new context and are served by it', async () => {
    let handOver: (context: EngineContext) => void = () => undefined;
    current = new Promise<EngineContext>((resolve) => {
      handOver = resolve;
    });
    const seen = new Promise<void>((resolve) => server.once('request', () => resolve()));
    const reply = get('/minio/health/live');
    await seen; // the request reached the server while the swap is still under way
    current = after;
    handOver(after);
    expect(await reply).toEqual({ status: 200, region: 'region-after' });
  });

  it('get 503 when the rebuild fails', async () => {
    const failing = Promise.reject(new Error('rebuild failed'));
    failing.catch(() => undefined); // handled by the server once the request arrives
    current = failing;
    expect((await get('/minio/health/live')).status).toBe(503);
    current = after;
  });
});
