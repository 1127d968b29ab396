/**
 * The NSQ notification target (nsqjs) against the nsqd stand-in (`helpers/standins/nsq.ts`, real
 * TCP `  V2` protocol; no NSQ package exists here): each event is one PUB of MinIO's event JSON
 * to the topic, in order; with nsqd down `send` rejects and `isActive` is false, and once it is
 * back `send` works again; bad values are refused with MinIO's messages.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nsqTargetFactory } from '../src/notify/targets/nsq.js';
import type { NotificationTarget } from '../src/notify/index.js';
import { startNsqStandin, type NsqStandin } from './helpers/standins/nsq.js';
import { targetEvent } from './helpers/target-events.js';

const values = (entries: Record<string, string>): Map<string, string> => new Map(Object.entries(entries));

describe('notify_nsq target', () => {
  let nsqd: NsqStandin;
  let target: NotificationTarget;

  beforeAll(async () => {
    nsqd = await startNsqStandin();
    target = nsqTargetFactory.create(
      '1',
      values({ enable: 'on', nsqd_address: nsqd.address, topic: 'bucketevents', tls: 'off' }),
      () => {},
    );
  });

  afterAll(async () => {
    await target.close();
    await nsqd.stop();
  });

  it('publishes create and delete events as MinIO does, in order', async () => {
    expect(target.service).toBe('nsq');
    expect(await target.isActive()).toBe(true);
    const put = targetEvent('s3:ObjectCreated:Put', 'photos', 'a dir/cat.jpg', { size: 11 });
    const del = targetEvent('s3:ObjectRemoved:Delete', 'photos', 'a dir/cat.jpg');
    await target.send(put);
    await target.send(del);
    // send resolved on nsqd's OK: the messages are in the topic already.
    const messages = nsqd.messages('bucketevents').map((m) => JSON.parse(m) as unknown);
    expect(messages).toEqual([JSON.parse(JSON.stringify(put)), JSON.parse(JSON.stringify(del))]);
    expect(messages[0]).toMatchObject({ EventName: 's3:ObjectCreated:Put', Key: 'photos/a dir/cat.jpg' });
    expect(nsqd.identities[0]).toMatchObject({ feature_negotiation: true, client_id: 'coffer' });
    expect(nsqd.errors).toEqual([]);
  });

  it('rejects while nsqd is down and publishes again once it is back', async () => {
    await nsqd.stop();
    expect(await target.isActive()).toBe(false);
    const during = targetEvent('s3:ObjectCreated:Put', 'photos', 'during-outage.txt', { size: 3 });
    await expect(target.send(during)).rejects.toThrow();
    await nsqd.start();
    expect(await target.isActive()).toBe(true);
    await target.send(during);
    const keys = nsqd.messages('bucketevents').map((m) => (JSON.parse(m) as { Key: string }).Key);
    expect(keys).toEqual(['photos/a dir/cat.jpg', 'photos/a dir/cat.jpg', 'photos/during-outage.txt']);
    expect(nsqd.errors).toEqual([]);
  });

  it('the stand-in refuses a malformed frame as nsqd does', async () => {
    const reply = await new Promise<Buffer>((resolve, reject) => {
      const socket = net.connect(nsqd.tcpPort, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks)));
      socket.on('error', reject);
      socket.write('  V2PUB bad/topic\n\u0000\u0000\u0000\u0001x');
    });
    expect(reply.readInt32BE(4)).toBe(1); // error frame
    expect(reply.subarray(8).toString()).toMatch(/^E_BAD_TOPIC/);
    expect(nsqd.errors.splice(0)).toHaveLength(1);
    const ping = await fetch(`http://127.0.0.1:${nsqd.httpPort}/ping`);
    expect(await ping.text()).toBe('OK');
  });

  it('refuses bad values with MinIO messages', () => {
    const create = (entries: Record<string, string>): NotificationTarget =>
      nsqTargetFactory.create('bad', values({ enable: 'on', ...entries }), () => {});
    expect(() => create({ topic: 't' })).toThrow('empty nsqdAddress');
    expect(() => create({ nsqd_address: '127.0.0.1:4150' })).toThrow('empty topic');
    expect(() => create({ nsqd_address: 'nsqd', topic: 't' })).toThrow(/invalid nsqd_address 'nsqd'/);
    expect(() => create({ nsqd_address: 'h:4150', topic: 'a/b' })).toThrow(/invalid topic 'a\/b'/);
  });
});
