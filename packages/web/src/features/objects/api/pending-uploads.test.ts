import { describe, expect, it } from 'vitest';
import {
  MAX_PENDING_UPLOADS,
  PENDING_UPLOADS_KEY,
  PendingUploads,
  sameFile,
  type PendingUpload,
} from './pending-uploads.js';

function memoryStorage(initial?: string) {
  const map = new Map<string, string>(initial !== undefined ? [[PENDING_UPLOADS_KEY, initial]] : []);
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    raw: () => map.get(PENDING_UPLOADS_KEY),
  };
}

const record = (n: number, over: Partial<PendingUpload> = {}): PendingUpload => ({
  bucket: 'b',
  key: `dir/file-${n}.bin`,
  uploadId: `id-${n}`,
  token: `t-${n}`,
  partSize: 5,
  fileName: `file-${n}.bin`,
  size: 100 + n,
  lastModified: 1000 + n,
  startedAt: n,
  ...over,
});

describe('PendingUploads', () => {
  it('saves, replaces by upload id, finds by bucket, key and file, removes', () => {
    const storage = memoryStorage();
    const pending = new PendingUploads(storage);
    pending.save(record(1));
    pending.save(record(2));
    pending.save(record(1, { partSize: 7 }));
    expect(pending.list().map((p) => [p.uploadId, p.partSize])).toEqual([
      ['id-2', 5],
      ['id-1', 7],
    ]);
    // Survives a "reload": a new instance over the same storage.
    const again = new PendingUploads(storage);
    const file = { name: 'file-2.bin', size: 102, lastModified: 1002 };
    expect(again.matching('b', 'dir/file-2.bin', file)?.uploadId).toBe('id-2');
    expect(again.matching('b', 'dir/file-2.bin', { ...file, lastModified: 5 })).toBeUndefined();
    expect(again.matching('b', 'dir/file-2.bin', { ...file, size: 1 })).toBeUndefined();
    expect(again.matching('other', 'dir/file-2.bin', file)).toBeUndefined();
    again.remove('id-2');
    expect(new PendingUploads(storage).list().map((p) => p.uploadId)).toEqual(['id-1']);
  });

  it('keeps only the newest records', () => {
    const pending = new PendingUploads(memoryStorage());
    for (let n = 0; n < MAX_PENDING_UPLOADS + 5; n++) pending.save(record(n));
    const list = pending.list();
    expect(list).toHaveLength(MAX_PENDING_UPLOADS);
    expect(list[0]?.uploadId).toBe('id-5');
  });

  it('treats unreadable or foreign storage as empty, and works without storage', () => {
    expect(new PendingUploads(memoryStorage('{not json')).list()).toEqual([]);
    expect(new PendingUploads(memoryStorage('{"a":1}')).list()).toEqual([]);
    expect(new PendingUploads(memoryStorage(JSON.stringify([{ bucket: 1 }, record(3)]))).list()).toEqual([
      record(3),
    ]);
    const none = new PendingUploads(undefined);
    none.save(record(1));
    expect(none.list()).toEqual([]);
    const full = new PendingUploads({
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    expect(() => full.save(record(1))).not.toThrow();
  });

  it('recognises the same file by name, size and last-modified time', () => {
    expect(sameFile(record(1), { name: 'file-1.bin', size: 101, lastModified: 1001 })).toBe(true);
    expect(sameFile(record(1), { name: 'file-1.bin', size: 101, lastModified: 1002 })).toBe(false);
  });
});
