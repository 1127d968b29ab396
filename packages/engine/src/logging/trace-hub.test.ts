import { describe, expect, it } from 'vitest';
import { TRACE_TYPE, TraceHub, shouldTrace, type TraceInfo } from './trace-hub.js';
import { ConsoleLog } from './console-log.js';

function call(path: string, status: number, durNs: number, type: number = TRACE_TYPE.s3): TraceInfo {
  const time = new Date().toISOString();
  return {
    type,
    nodename: 'n:9000',
    funcname: 's3.PutObject',
    time,
    path,
    dur: durNs,
    http: {
      request: { time, proto: 'HTTP/1.1', method: 'PUT', client: '127.0.0.1' },
      response: { time, statuscode: status },
      stats: { inputbytes: 0, outputbytes: 0, latency: durNs, timetofirstbyte: 0 },
    },
  };
}

describe('trace hub', () => {
  it('listens only while a subscriber is there', () => {
    const hub = new TraceHub();
    expect(hub.listening).toBe(false);
    const feed = hub.subscribe({ types: TRACE_TYPE.s3, onlyErrors: false, thresholdNs: 0 });
    expect(hub.listening).toBe(true);
    expect(hub.wants(TRACE_TYPE.s3)).toBe(true);
    expect(hub.wants(TRACE_TYPE.internal)).toBe(false);
    feed.close();
    expect(hub.listening).toBe(false);
  });

  it('keeps at most its bound for a reader that does not read, counting what it drops', async () => {
    const hub = new TraceHub();
    const feed = hub.subscribe({ types: TRACE_TYPE.s3, onlyErrors: false, thresholdNs: 0 }, 10);
    for (let i = 0; i < 1000; i++) hub.publish(call(`/b/${i}`, 200, 5));
    expect(feed.dropped).toBe(990);
    const kept: string[] = [];
    for (let t = feed.poll(); t !== undefined; t = feed.poll()) kept.push(t.path);
    // The oldest are kept (what the reader has not seen yet comes in order); newer ones were dropped.
    expect(kept).toEqual([...Array(10).keys()].map((i) => `/b/${i}`));
    const waiting = feed.next();
    hub.close();
    expect(await waiting).toBeUndefined();
  });

  it('filters as MinIO: type, errors only, threshold, /minio/ paths only with internal', () => {
    const s3 = { types: TRACE_TYPE.s3, onlyErrors: false, thresholdNs: 0 };
    expect(shouldTrace(call('/b/k', 200, 5), s3)).toBe(true);
    expect(shouldTrace(call('/minio/admin/v3/info', 200, 5, TRACE_TYPE.internal), s3)).toBe(false);
    expect(shouldTrace(call('/minio/admin/v3/info', 200, 5, TRACE_TYPE.internal), { ...s3, types: 12 })).toBe(
      true,
    );
    expect(shouldTrace(call('/b/k', 200, 5), { ...s3, onlyErrors: true })).toBe(false);
    expect(shouldTrace(call('/b/k', 404, 5), { ...s3, onlyErrors: true })).toBe(true);
    expect(shouldTrace(call('/b/k', 200, 5), { ...s3, thresholdNs: 6 })).toBe(false);
    expect(shouldTrace(call('/b/k', 200, 6), { ...s3, thresholdNs: 6 })).toBe(true);
  });
});

describe('console log', () => {
  it('holds a bounded ring and replays the last entries a filter accepts', () => {
    const log = new ConsoleLog(() => 'n:9000', 5);
    for (let i = 0; i < 20; i++) log.info(`line ${i}`);
    const feed = log.subscribe({ node: '', mask: 127 }, 3);
    const replayed: string[] = [];
    for (let e = feed.poll(); e !== undefined; e = feed.poll()) replayed.push(e.ConsoleMsg);
    expect(replayed).toEqual(['line 17', 'line 18', 'line 19']);
    // ERROR only (mask 16): info lines are not sent.
    const errors = log.subscribe({ node: '', mask: 16 }, 10);
    log.info('more');
    expect(errors.poll()).toBeUndefined();
    feed.close();
    errors.close();
  });
});
