/**
 * The NATS notification target against a real nats-server (Debian's nats-server, started by the
 * test on a free loopback port with JetStream on): core NATS events arrive at a subscriber as MinIO's
 * JSON, in order; with `jetstream=on` they are stored in the stream that captures the subject (and
 * `send` rejects when no stream does); the server stopped → `send` rejects and `isActive` is false,
 * started again → `send` works; bad values are refused with MinIO's messages.
 * End to end: an engine configured with a JetStream target stores a bucket's S3 put/delete events
 * in the stream, in order, also across a server outage (the stream's file store survives it).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type NatsConnection } from 'nats';
import { staticConfig } from '../src/config/index.js';
import { natsTargetFactory } from '../src/notify/targets/nats.js';
import { startNotifyEngine } from './helpers/notify-engine.js';
import { logLines, targetEvent, waitFor } from './helpers/target-events.js';
import { startNatsServer } from './helpers/servers/nats.js';
import type { TestBroker } from './helpers/servers/child-server.js';
import { requireSystemDeps } from './helpers/system-deps.js';

let broker: TestBroker;

/** A subscriber of `subject` collecting the payloads that arrive. */
async function subscriber(subject: string): Promise<{ messages: string[]; close: () => Promise<void> }> {
  const nc: NatsConnection = await connect({ servers: broker.url, reconnect: false });
  const messages: string[] = [];
  const sub = nc.subscribe(subject, { callback: (_err, msg) => messages.push(msg.string()) });
  await nc.flush();
  return {
    messages,
    close: async () => {
      sub.unsubscribe();
      await nc.close().catch(() => undefined);
    },
  };
}

function values(extra: Record<string, string>): ReadonlyMap<string, string> {
  return staticConfig({ 'notify_nats:1': { enable: 'on', address: broker.url, ...extra } }).get(
    'notify_nats',
    '1',
  );
}

beforeAll(async () => {
  await requireSystemDeps(['nats']);
  broker = await startNatsServer();
  console.info(`nats-server ready in ${broker.startMs} ms`);
});

afterAll(async () => {
  await broker?.destroy();
});

describe('notify_nats target', () => {
  it('publishes create and delete events to the subject, in order', async () => {
    const sink = await subscriber('minio.events');
    const target = natsTargetFactory.create(
      '1',
      values({ subject: 'minio.events', ping_interval: '20' }),
      () => undefined,
    );
    try {
      expect(target.service).toBe('nats');
      const created = targetEvent('s3:ObjectCreated:Put', 'photos', 'x/y z.png', { sequence: 1 });
      const removed = targetEvent('s3:ObjectRemoved:Delete', 'photos', 'x/y z.png', { sequence: 2 });
      await target.send(created);
      await target.send(removed);
      await waitFor(() => sink.messages.length >= 2, 'two NATS messages');
      expect(sink.messages.map((m) => JSON.parse(m) as unknown)).toEqual([created, removed]);
      expect(await target.isActive()).toBe(true);
    } finally {
      await target.close();
      await sink.close();
    }
  });

  it('with jetstream=on the events are stored in the stream that captures the subject', async () => {
    const admin = await connect({ servers: broker.url, reconnect: false });
    const jsm = await admin.jetstreamManager();
    await jsm.streams.add({ name: 'MINIO', subjects: ['minio.js.>'] });
    const target = natsTargetFactory.create(
      'js',
      values({ subject: 'minio.js.bucket', jetstream: 'on' }),
      () => undefined,
    );
    try {
      const events = Array.from({ length: 5 }, (_, i) =>
        targetEvent('s3:ObjectCreated:Put', 'docs', `k${i}`, { sequence: i + 1 }),
      );
      for (const event of events) await target.send(event);
      const info = await jsm.streams.info('MINIO');
      expect(info.state.messages).toBe(5);
      const stored = await Promise.all(events.map((_, i) => jsm.streams.getMessage('MINIO', { seq: i + 1 })));
      expect(stored.map((m) => JSON.parse(new TextDecoder().decode(m.data)) as unknown)).toEqual(events);
      expect(stored.every((m) => m.subject === 'minio.js.bucket')).toBe(true);
    } finally {
      await target.close();
      await jsm.streams.delete('MINIO');
      await admin.close();
    }
  });

  it('with jetstream=on and no stream for the subject, send rejects (no acknowledgement)', async () => {
    const target = natsTargetFactory.create(
      'nostream',
      values({ subject: 'nowhere.events', jetstream: 'on' }),
      () => undefined,
    );
    try {
      await expect(target.send(targetEvent('s3:ObjectCreated:Put', 'b', 'k'))).rejects.toThrow();
    } finally {
      await target.close();
    }
  });

  it('server down: send rejects and isActive is false; server back: send works again', async () => {
    const { lines, log } = logLines();
    const target = natsTargetFactory.create(
      'outage',
      values({ subject: 'minio.outage', username: '', password: '', token: '' }),
      log,
    );
    let sink = await subscriber('minio.outage');
    try {
      await target.send(targetEvent('s3:ObjectCreated:Put', 'b', 'before'));
      await waitFor(() => sink.messages.length === 1, 'the event before the outage');
      await sink.close();

      await broker.stop();
      await expect(target.send(targetEvent('s3:ObjectCreated:Put', 'b', 'during'))).rejects.toThrow();
      expect(await target.isActive()).toBe(false);

      const restartMs = await broker.start();
      console.info(`nats-server restarted in ${restartMs} ms`);
      sink = await subscriber('minio.outage');
      expect(await target.isActive()).toBe(true);
      await target.send(targetEvent('s3:ObjectCreated:Put', 'b', 'after'));
      await waitFor(() => sink.messages.length === 1, 'the event after the outage');
      expect(JSON.parse(sink.messages[0] ?? '{}')).toMatchObject({ Key: 'b/after' });
      expect(lines.length).toBeLessThan(5);
    } finally {
      await target.close();
      await sink.close();
    }
  });

  it('authenticates with username/password or token; wrong credentials make send reject', async () => {
    const byUser = await startNatsServer({ user: { name: 'minio', password: 'nats-pass-1' } });
    const byToken = await startNatsServer({ token: 'nats-token-1' });
    const target = (address: string, extra: Record<string, string>) =>
      natsTargetFactory.create(
        'auth',
        staticConfig({ 'notify_nats:auth': { address, subject: 'minio.auth', ...extra } }).get(
          'notify_nats',
          'auth',
        ),
        () => undefined,
      );
    const received = async (address: string, auth: { user?: string; pass?: string; token?: string }) => {
      const nc = await connect({ servers: address, reconnect: false, ...auth });
      const messages: string[] = [];
      nc.subscribe('minio.auth', { callback: (_err, msg) => messages.push(msg.string()) });
      await nc.flush();
      return { messages, close: () => nc.close() };
    };
    const cases: {
      server: TestBroker;
      good: Record<string, string>;
      bad: Record<string, string>;
      auth: { user?: string; pass?: string; token?: string };
    }[] = [
      {
        server: byUser,
        good: { username: 'minio', password: 'nats-pass-1' },
        bad: { username: 'minio', password: 'nope' },
        auth: { user: 'minio', pass: 'nats-pass-1' },
      },
      {
        server: byToken,
        good: { token: 'nats-token-1' },
        bad: { token: 'nope' },
        auth: { token: 'nats-token-1' },
      },
    ];
    try {
      for (const { server, good, bad, auth } of cases) {
        const sink = await received(server.url, auth);
        const ok = target(server.url, good);
        const refused = target(server.url, bad);
        try {
          await ok.send(targetEvent('s3:ObjectCreated:Put', 'b', 'authorised'));
          await waitFor(() => sink.messages.length === 1, 'the authorised event');
          await expect(refused.send(targetEvent('s3:ObjectCreated:Put', 'b', 'refused'))).rejects.toThrow(
            /authorization/i,
          );
          expect(await refused.isActive()).toBe(false);
          expect(sink.messages).toHaveLength(1);
        } finally {
          await ok.close();
          await refused.close();
          await sink.close();
        }
      }
    } finally {
      await byUser.destroy();
      await byToken.destroy();
    }
  });

  it('after close, send rejects', async () => {
    const target = natsTargetFactory.create('closed', values({ subject: 'minio.closed' }), () => undefined);
    await target.close();
    await expect(target.send(targetEvent('s3:ObjectCreated:Put', 'b', 'k'))).rejects.toThrow(/closed/);
  });

  it('refuses bad values with a clear error; streaming (STAN) is refused with a pointer to JetStream', () => {
    const make = (v: Record<string, string>) => () =>
      natsTargetFactory.create(
        'bad',
        staticConfig({ 'notify_nats:bad': v }).get('notify_nats', 'bad'),
        () => undefined,
      );
    expect(make({ address: '', subject: 's' })).toThrow('empty address');
    expect(make({ address: broker.url, subject: '' })).toThrow('empty subject');
    expect(make({ address: broker.url, subject: 'a.*' })).toThrow(/wildcard/);
    expect(make({ address: broker.url, subject: 's', username: 'u' })).toThrow(
      'username and password must be specified as a pair',
    );
    expect(make({ address: broker.url, subject: 's', client_cert: '/c.pem' })).toThrow(
      'cert and key must be specified as a pair',
    );
    expect(make({ address: broker.url, subject: 's', streaming: 'on', streaming_cluster_id: 'c' })).toThrow(
      /NATS Streaming is deprecated please migrate to JetStream/,
    );
    expect(make({ address: broker.url, subject: 's', jetstream: 'perhaps' })).toThrow(/jetstream: 'perhaps'/);
    expect(make({ address: broker.url, subject: 's', ping_interval: '-1' })).toThrow(/ping_interval/);
  });
});

/** The events stored in `stream`, in sequence order. */
async function streamEvents(stream: string): Promise<{ EventName: string; Key: string }[]> {
  const nc = await connect({ servers: broker.url, reconnect: false });
  try {
    const jsm = await nc.jetstreamManager();
    const { state } = await jsm.streams.info(stream);
    const out: { EventName: string; Key: string }[] = [];
    for (let seq = state.first_seq; seq <= state.last_seq && state.messages > 0; seq++) {
      const msg = await jsm.streams.getMessage(stream, { seq });
      out.push(JSON.parse(new TextDecoder().decode(msg.data)) as { EventName: string; Key: string });
    }
    return out;
  } finally {
    await nc.close();
  }
}

describe('notify_nats end to end through the engine', () => {
  it('S3 puts and deletes are stored in order in the JetStream stream, also across a server outage', async () => {
    const admin = await connect({ servers: broker.url, reconnect: false });
    await (await admin.jetstreamManager()).streams.add({ name: 'E2E', subjects: ['e2e.>'] });
    await admin.close();
    const engine = await startNotifyEngine(
      staticConfig({
        'notify_nats:1': { enable: 'on', address: broker.url, subject: 'e2e.events', jetstream: 'on' },
      }),
    );
    try {
      await engine.subscribe('e2e-nats', ['arn:minio:sqs:us-east-1:1:nats']);
      await engine.put('e2e-nats', 'a.txt', 'alpha');
      await engine.put('e2e-nats', 'dir/b c.txt', 'beta');
      await engine.remove('e2e-nats', 'a.txt');
      let stored: { EventName: string; Key: string }[] = [];
      await waitFor(async () => (stored = await streamEvents('E2E')).length >= 3, 'three stored events');
      expect(stored).toEqual([
        expect.objectContaining({ EventName: 's3:ObjectCreated:Put', Key: 'e2e-nats/a.txt' }),
        expect.objectContaining({ EventName: 's3:ObjectCreated:Put', Key: 'e2e-nats/dir/b c.txt' }),
        expect.objectContaining({ EventName: 's3:ObjectRemoved:Delete', Key: 'e2e-nats/a.txt' }),
      ]);

      await broker.stop();
      const keys = Array.from({ length: 5 }, (_, i) => `outage-${i}`);
      for (const key of keys) await engine.put('e2e-nats', key, key);
      await broker.start();
      await waitFor(
        async () => (stored = await streamEvents('E2E').catch(() => [])).length >= 8,
        'the five events put during the outage',
      );
      expect(stored.slice(3).map((e) => e.Key)).toEqual(keys.map((k) => `e2e-nats/${k}`));
    } finally {
      await engine.close();
    }
  });

  it('100 events put while the server is down survive an engine restart (queue_dir) and arrive in order', async () => {
    const queueDir = await mkdtemp(path.join(os.tmpdir(), 'coffer-nats-queue-'));
    const admin = await connect({ servers: broker.url, reconnect: false });
    await (await admin.jetstreamManager()).streams.add({ name: 'RESTART', subjects: ['restart.>'] });
    await admin.close();
    const engine = await startNotifyEngine(
      staticConfig({
        'notify_nats:q': {
          enable: 'on',
          address: broker.url,
          subject: 'restart.events',
          jetstream: 'on',
          queue_dir: queueDir,
        },
      }),
    );
    try {
      await engine.subscribe('e2e-restart', ['arn:minio:sqs:us-east-1:q:nats']);
      await broker.stop();
      const keys = Array.from({ length: 100 }, (_, i) => `obj-${String(i).padStart(3, '0')}`);
      for (const key of keys) await engine.put('e2e-restart', key, key);
      await engine.restart();
      await broker.start();
      let stored: { EventName: string; Key: string }[] = [];
      await waitFor(
        async () => (stored = await streamEvents('RESTART').catch(() => [])).length >= 100,
        'the 100 queued events',
      );
      expect(stored.map((e) => e.Key)).toEqual(keys.map((k) => `e2e-restart/${k}`));
      expect(stored.every((e) => e.EventName === 's3:ObjectCreated:Put')).toBe(true);
    } finally {
      await engine.close();
      await rm(queueDir, { recursive: true, force: true });
    }
  });
});
