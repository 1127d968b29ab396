import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AuditLogRecord } from '@coffer/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { patternToRegExp } from './audit-pattern.js';
import { AuditStore } from './audit-store.js';

const record = (id: string, timeMs: number): { timeMs: number; record: AuditLogRecord } => ({
  timeMs,
  record: {
    time: new Date(timeMs).toISOString(),
    api_name: 'GetObject',
    bucket: 'b',
    object: 'o',
    remote_host: '127.0.0.1',
    request_id: id,
    user_agent: 'ua',
    response_status: 'OK',
    response_status_code: 200,
    request_content_length: 0,
    response_content_length: 1,
    time_to_response_ns: 5,
  },
});

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('patternToRegExp', () => {
  it("reads '*', '.', backslash escapes, and matches whole values", () => {
    expect(patternToRegExp('a*c').test('abbbc')).toBe(true);
    expect(patternToRegExp('a.c').test('abc')).toBe(true);
    expect(patternToRegExp('a.c').test('abbc')).toBe(false);
    expect(patternToRegExp('a\\.c').test('abc')).toBe(false);
    expect(patternToRegExp('a\\.c').test('a.c')).toBe(true);
    expect(patternToRegExp('a\\*').test('a*')).toBe(true);
    expect(patternToRegExp('a\\*').test('ab')).toBe(false);
    expect(patternToRegExp('(x)+[y]').test('(x)+[y]')).toBe(true);
    expect(patternToRegExp('bc').test('abcd')).toBe(false);
    expect(patternToRegExp('a-b/c').test('a-b/c')).toBe(true);
  });
});

describe('AuditStore retention', () => {
  it('deletes records older than the retention, and the oldest past maxEntries', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'audit-store-'));
    let now = 1_000_000;
    const store = await AuditStore.open({ dir, retentionMs: 10_000, maxEntries: 3, now: () => now });
    try {
      await store.add([record('old', now - 20_000), record('a', now - 5), record('b', now - 4)]);
      // The first write prunes at once: 'old' is past the retention.
      expect(store.count()).toBe(2);
      await store.add([record('c', now - 3), record('d', now - 2)]);
      expect(await store.prune()).toBe(1);
      const search = { filters: [], order: 'timeAsc' as const, pageNo: 0, pageSize: 100 };
      expect(store.search(search).map((r) => r.request_id)).toEqual(['b', 'c', 'd']);
      now += 20_000;
      await store.prune();
      expect(store.count()).toBe(0);
    } finally {
      await store.close();
    }
  });
});
