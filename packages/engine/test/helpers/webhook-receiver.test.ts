// The test webhook receiver itself: records requests, answers the configured status, keeps its
// port across stop()/start().
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

describe('webhook receiver', () => {
  let rx: WebhookReceiver;
  beforeAll(async () => {
    rx = await startWebhookReceiver();
  });
  afterAll(async () => {
    await rx.stop();
  });

  it('records posts, answers the status, restarts on the same port', async () => {
    const waiting = rx.waitFor(2);
    await fetch(rx.url + '/a', { method: 'POST', body: '{"n":1}', headers: { 'x-t': 'v' } });
    rx.setStatus(503);
    const second = await fetch(rx.url + '/b', { method: 'POST', body: '{"n":2}' });
    expect(second.status).toBe(503);
    await waiting;
    expect(rx.json()).toEqual([{ n: 1 }, { n: 2 }]);
    expect(rx.posts()[0]?.headers['x-t']).toBe('v');
    const port = rx.port;
    await rx.stop();
    await expect(fetch(rx.url, { method: 'POST', body: 'x' })).rejects.toThrow();
    await rx.start();
    expect(rx.port).toBe(port);
    rx.setStatus(200);
    expect((await fetch(rx.url, { method: 'POST', body: '{}' })).status).toBe(200);
    await rx.waitFor(3);
  });
});
