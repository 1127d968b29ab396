/**
 * The logging system's delivery with a real HTTP receiver: entries persisted in `queue_dir` survive
 * a target outage and a restart (a new system over the same directory) and arrive in order; a full
 * queue drops and counts new entries; `batch_size` > 1 sends newline-separated documents; a
 * configuration change applies at once (dynamic sub-systems).
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticConfig } from '../config/types.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/helpers/webhook-receiver.js';
import { LoggingSystem } from './logging-system.js';
import type { AuditEntry, AuditRequest } from './entries.js';

let receiver: WebhookReceiver;
let root: string;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  root = await mkdtemp(join(tmpdir(), 'coffer-logging-'));
});

afterAll(async () => {
  await receiver?.stop();
  await rm(root, { recursive: true, force: true });
});

function request(n: number): AuditRequest {
  return {
    api: 'PutObject',
    bucket: 'b',
    object: `k${n}`,
    statusCode: 200,
    rx: n,
    tx: 0,
    timeToResponseNs: 1000,
    remoteHost: '127.0.0.1',
    requestId: `REQ${String(n).padStart(4, '0')}`,
    userAgent: 'test',
    requestPath: `/b/k${n}`,
    requestHost: 'localhost',
    requestQuery: {},
    requestHeader: {},
    responseHeader: {},
    time: new Date(),
  };
}

/** Request ids of every audit entry received, batches split into their documents. */
function receivedIds(): string[] {
  return receiver
    .posts()
    .flatMap((r) => r.body.split('\n'))
    .map((line) => (JSON.parse(line) as AuditEntry).requestID);
}

async function waitForIds(count: number): Promise<string[]> {
  for (let n = 1; ; n++) {
    await receiver.waitFor(n);
    if (receivedIds().length >= count) return receivedIds();
  }
}

describe('logging system delivery', () => {
  it('queue_dir: entries survive an outage and a restart, then arrive in order', async () => {
    const dir = join(root, 'queue');
    const config = staticConfig({
      audit_webhook: { enable: 'on', endpoint: `${receiver.url}/a`, queue_dir: dir },
    });
    receiver.clear();
    await receiver.stop();
    const first = new LoggingSystem(config, { deploymentId: 'dep-1' });
    for (let i = 0; i < 20; i++) first.audit(request(i));
    await first.close();
    const files = (await readdir(join(dir, 'audit_webhook-_'))).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(20);

    await receiver.start();
    const second = new LoggingSystem(config, { deploymentId: 'dep-1' });
    for (let i = 20; i < 25; i++) second.audit(request(i));
    const ids = await waitForIds(25);
    expect(ids).toEqual(Array.from({ length: 25 }, (_, i) => request(i).requestId));
    await second.targets().audit[0]?.queue.drained();
    await second.close();
    // Delivered entries leave the directory.
    expect((await readdir(join(dir, 'audit_webhook-_'))).filter((f) => f.endsWith('.json'))).toEqual([]);
  });

  it('a full queue drops new entries and counts them; the oldest are delivered', async () => {
    receiver.clear();
    await receiver.stop();
    const config = staticConfig({
      audit_webhook: { enable: 'on', endpoint: `${receiver.url}/a`, queue_size: '3' },
    });
    const system = new LoggingSystem(config, { deploymentId: 'dep-1' });
    for (let i = 0; i < 10; i++) system.audit(request(i));
    const queue = system.targets().audit[0]?.queue;
    expect(queue?.dropped).toBe(7);
    await receiver.start();
    const ids = await waitForIds(3);
    expect(ids).toEqual(['REQ0000', 'REQ0001', 'REQ0002']);
    await system.close();
  });

  it('batch_size sends several entries per request, newline-separated', async () => {
    receiver.clear();
    await receiver.stop();
    const config = staticConfig({
      audit_webhook: { enable: 'on', endpoint: `${receiver.url}/a`, batch_size: '4' },
    });
    const system = new LoggingSystem(config, { deploymentId: 'dep-1' });
    for (let i = 0; i < 8; i++) system.audit(request(i));
    await receiver.start();
    const ids = await waitForIds(8);
    expect(ids).toEqual(Array.from({ length: 8 }, (_, i) => request(i).requestId));
    expect(receiver.posts().map((r) => r.body.split('\n').length)).toEqual([4, 4]);
    await system.close();
  });

  it('a configuration change applies at once: targets added, their token changed, removed', async () => {
    receiver.clear();
    const config = staticConfig();
    const system = new LoggingSystem(config, { deploymentId: 'dep-1' });
    expect(system.auditEnabled).toBe(false);
    config.set('audit_webhook:x', { enable: 'on', endpoint: `${receiver.url}/x`, auth_token: 'one' });
    expect(system.auditEnabled).toBe(true);
    system.audit(request(1));
    await receiver.waitFor(1);
    config.set('audit_webhook:x', { enable: 'on', endpoint: `${receiver.url}/x`, auth_token: 'two' });
    system.audit(request(2));
    await receiver.waitFor(2);
    expect(receiver.posts().map((r) => r.headers.authorization)).toEqual(['Bearer one', 'Bearer two']);
    config.set('audit_webhook:x', { enable: 'off' });
    expect(system.auditEnabled).toBe(false);
    await system.close();
  });

  it('proxy: deliveries to a plain http endpoint go through the configured proxy', async () => {
    receiver.clear();
    const proxied: string[] = [];
    // A minimal forward proxy: the request line names the whole URL, which it fetches.
    const proxy = http.createServer((req, res) => {
      proxied.push(req.url ?? '');
      const forward = http.request(req.url ?? '', { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forward.on('error', () => res.writeHead(502).end());
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const config = staticConfig({
      logger_webhook: { enable: 'on', endpoint: `${receiver.url}/logs`, proxy: proxyUrl },
    });
    const system = new LoggingSystem(config, { deploymentId: 'dep-1' });
    try {
      system.error({ message: 'through the proxy' });
      await receiver.waitFor(1);
      expect(proxied).toEqual([`${receiver.url}/logs`]);
      expect(receiver.json<{ message: string }>()[0]?.message).toBe('through the proxy');
    } finally {
      await system.close();
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });
});
