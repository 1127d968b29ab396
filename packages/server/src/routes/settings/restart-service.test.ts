/**
 * The restart wait against a small admin server whose answers the test scripts: a server that
 * restarts in place (no refusal, its uptime starts again), one that goes away and comes back, one
 * whose nodes report a failure, and one that never restarts (restart_failed once the wait ends).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdminClient, type AdminClient } from '@coffer/admin-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restartAndWait } from './restart-service.js';

interface Script {
  /** Uptime answered by /info, given how many /info calls came before. */
  info(call: number): { status: number; uptime?: number };
  restartAnswer?: unknown;
}

let script: Script;
let infoCalls = 0;
let restarts = 0;
let server: http.Server;
let admin: AdminClient;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      res.setHeader('content-type', 'application/json');
      if (path.endsWith('/service')) {
        restarts++;
        res.end(
          JSON.stringify(
            script.restartAnswer ?? { action: 'restart', dryRun: false, results: [{ host: 'h' }] },
          ),
        );
        return;
      }
      const answer = script.info(infoCalls++);
      res.statusCode = answer.status;
      res.end(
        answer.status === 200
          ? JSON.stringify({ mode: 'online', servers: [{ uptime: answer.uptime }] })
          : JSON.stringify({ Code: 'XMinioServerNotInitialized', Message: 'not ready' }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  admin = createAdminClient({
    endpoint: `http://127.0.0.1:${port}`,
    accessKey: 'a',
    secretKey: 'secret-key',
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function reset(next: Script): void {
  script = next;
  infoCalls = 0;
  restarts = 0;
}

describe('restartAndWait', () => {
  it('recognises an in-place restart by its uptime starting again', async () => {
    // Before the restart: up 100 s; then twice still the old process; then a new one.
    reset({ info: (n) => ({ status: 200, uptime: n === 0 ? 100 : n < 3 ? 100 : 0 }) });
    await restartAndWait(admin, { timeoutMs: 10_000, pollMs: 10 });
    expect(restarts).toBe(1);
    expect(infoCalls).toBe(4);
  });

  it('recognises an in-place restart of a server younger than one second (whole-second uptimes)', async () => {
    // Uptime counts from the process start, and from the restart once it was asked for: before the
    // fix the wait saw 0 then 0, 1 then 1… and gave up after its timeout.
    let startedAt = Date.now();
    let restartSeen = restarts;
    reset({
      info: () => {
        if (restarts !== restartSeen) {
          restartSeen = restarts;
          startedAt = Date.now();
        }
        return { status: 200, uptime: Math.floor((Date.now() - startedAt) / 1000) };
      },
    });
    restartSeen = 0;
    startedAt = Date.now();
    await restartAndWait(admin, { timeoutMs: 5_000, pollMs: 20 });
    expect(restarts).toBe(1);
  });

  it('recognises a restart that was not ready for a while, whatever its uptime', async () => {
    reset({
      info: (n) =>
        n === 0 ? { status: 200, uptime: 0 } : n < 4 ? { status: 503 } : { status: 200, uptime: 0 },
    });
    await restartAndWait(admin, { timeoutMs: 10_000, pollMs: 10 });
    expect(infoCalls).toBe(5);
  });

  it("fails with the nodes' error when the restart is refused", async () => {
    reset({
      info: () => ({ status: 200, uptime: 5 }),
      restartAnswer: { action: 'restart', dryRun: false, results: [{ host: 'n1', err: 'busy' }] },
    });
    await expect(restartAndWait(admin, { timeoutMs: 1_000, pollMs: 10 })).rejects.toMatchObject({
      message: 'n1: busy',
    });
  });

  it('answers restart_failed when the old process keeps answering', async () => {
    // The old process's uptime grows with the time since it was first asked.
    const started = Date.now() - 50_000;
    reset({ info: () => ({ status: 200, uptime: Math.floor((Date.now() - started) / 1000) }) });
    await expect(restartAndWait(admin, { timeoutMs: 600, pollMs: 20 })).rejects.toMatchObject({
      code: 'restart_failed',
      status: 503,
      detailedMessage: 'the server still answers as the process it was before the restart',
    });
  });
});
