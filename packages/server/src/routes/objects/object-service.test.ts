/**
 * Delete outcomes and search bounds with a fake S3 (XML listings, DeleteObjects answers): a
 * partial failure must be an error carrying exact counts, never a success.
 */
import { Readable } from 'node:stream';
import type { Client } from 'minio';
import { describe, expect, it } from 'vitest';
import { ConsoleError } from '../../errors.js';
import { deleteObject, deleteObjects, listObjects } from './object-service.js';

function listXml(keys: string[], truncated: boolean): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><EncodingType>url</EncodingType>' +
    keys
      .map(
        (k) =>
          `<Contents><Key>${encodeURIComponent(k).replace(/%2F/g, '/')}</Key><Size>1</Size><ETag>"e"</ETag><LastModified>2025-01-01T00:00:00.000Z</LastModified></Contents>`,
      )
      .join('') +
    `<IsTruncated>${truncated}</IsTruncated></ListBucketResult>`
  );
}

/** A bucket of `keys`; removeObjects refuses the keys in `locked`. */
function fakeS3(keys: string[], locked: Set<string> = new Set(), pageSize = 1000) {
  const listed: string[] = [];
  const s3 = {
    async makeRequestAsync(o: { query: string }) {
      listed.push(o.query);
      const q = new URLSearchParams(o.query);
      const prefix = q.get('prefix') ?? '';
      const after = q.get('start-after') ?? '';
      const max = Math.min(pageSize, Number(q.get('max-keys') ?? 1000));
      const match = keys.filter((k) => k.startsWith(prefix) && k > after).sort();
      const page = match.slice(0, max);
      return Readable.from([Buffer.from(listXml(page, match.length > max))]);
    },
    async removeObjects(_bucket: string, items: { name: string }[]) {
      const errors = items
        .filter((i) => locked.has(i.name))
        .map((i) => ({
          Key: i.name,
          Code: 'AccessDenied',
          Message: 'Object is WORM protected and cannot be overwritten',
        }));
      keys = keys.filter((k) => !items.some((i) => i.name === k) || locked.has(k));
      return errors;
    },
  };
  return { s3: s3 as unknown as Client, listed, keys: () => keys };
}

const many = (n: number, prefix: string): string[] =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(5, '0')}`);

describe('recursive delete', () => {
  it('deletes page by page and counts exactly', async () => {
    const f = fakeS3(many(2500, 'dir/'));
    const outcome = await deleteObject(f.s3, 'b', { path: 'dir/', recursive: true, all_versions: false });
    expect(outcome).toEqual({ deleted: 2500, failed: 0, errors: [] });
    expect(f.keys()).toEqual([]);
    expect(f.listed.length).toBe(3);
  });

  it('reports a partial failure as an error with the exact outcome and the first status', async () => {
    const keys = many(1500, 'dir/');
    const locked = new Set(keys.filter((_, i) => i % 100 === 0));
    const f = fakeS3(keys, locked);
    const err = await deleteObject(f.s3, 'b', { path: 'dir/', recursive: true, all_versions: false }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ConsoleError);
    const ce = err as ConsoleError;
    expect(ce.code).toBe('partial_failure');
    expect(ce.status).toBe(403);
    expect(ce.message).toBe('15 of 1500 objects could not be deleted');
    expect(ce.outcome).toMatchObject({ deleted: 1485, failed: 15 });
    expect(ce.outcome?.errors[0]).toEqual({
      path: 'dir/00000',
      code: 'AccessDenied',
      message: 'Object is WORM protected and cannot be overwritten',
    });
    expect(f.keys().sort()).toEqual([...locked].sort());
  });

  it('delete-objects mixes single keys and folders, in batches of 1,000', async () => {
    const f = fakeS3([...many(1200, 'a/'), 'x', 'y']);
    const list = [
      ...many(1200, 'a/').map((path) => ({ path, recursive: false })),
      { path: 'x', recursive: false },
    ];
    expect(await deleteObjects(f.s3, 'b', list)).toEqual({ deleted: 1201, failed: 0, errors: [] });
    expect(f.keys()).toEqual(['y']);
  });
});

describe('search', () => {
  it('stops after the scan budget with a continuation, and resumes after the last key examined', async () => {
    const keys = many(60_000, 'k/');
    const f = fakeS3(keys);
    const q = {
      prefix: '',
      with_versions: false,
      with_metadata: false,
      recursive: false,
      limit: 1000,
      search: 'no-match',
    };
    const first = await listObjects(f.s3, 'b', q);
    expect(first.objects).toEqual([]);
    expect(first.scanned).toBeLessThanOrEqual(50_000);
    expect(first.continuation).toBeDefined();
    // Resume until done: on a starved machine the time budget may end a page before the key
    // budget does, so the number of pages is not fixed — every key is examined exactly once.
    let scanned = first.scanned ?? 0;
    let continuation = first.continuation;
    let pages = 1;
    while (continuation !== undefined && pages < 100) {
      const next = await listObjects(f.s3, 'b', { ...q, continuation });
      expect(next.objects).toEqual([]);
      scanned += next.scanned ?? 0;
      continuation = next.continuation;
      pages += 1;
    }
    expect(continuation).toBeUndefined();
    expect(scanned).toBe(60_000);
  });

  it('stops at limit matches mid-page and continues from the last match', async () => {
    const f = fakeS3(many(3000, 'k/'));
    const q = {
      prefix: 'k/',
      with_versions: false,
      with_metadata: false,
      recursive: false,
      limit: 3,
      search: '1',
    };
    const first = await listObjects(f.s3, 'b', q);
    expect(first.objects.map((o) => o.name)).toEqual(['k/00001', 'k/00010', 'k/00011']);
    const second = await listObjects(f.s3, 'b', { ...q, continuation: first.continuation });
    expect(second.objects.map((o) => o.name)).toEqual(['k/00012', 'k/00013', 'k/00014']);
  });
});
