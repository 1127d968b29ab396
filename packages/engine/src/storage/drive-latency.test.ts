import { describe, expect, it } from 'vitest';
import { DriveLatency } from './drive-latency.js';

describe('drive latency', () => {
  it('averages per API over the current minute, then the last complete one, and forgets old ones', async () => {
    let now = 0;
    const latency = new DriveLatency(() => now);
    latency.observe('storage.ReadFileStream', 100);
    latency.observe('storage.ReadFileStream', 300);
    expect(latency.snapshot()).toEqual({ 'storage.ReadFileStream': 200 });
    now = 61_000;
    latency.observe('storage.WriteMetadata', 50);
    expect(latency.snapshot()).toEqual({ 'storage.ReadFileStream': 200, 'storage.WriteMetadata': 50 });
    now = 300_000;
    expect(latency.snapshot()).toEqual({});
    expect(await latency.time('storage.RenameData', () => Promise.resolve(7))).toBe(7);
    expect(Object.keys(latency.snapshot())).toEqual(['storage.RenameData']);
  });
});
