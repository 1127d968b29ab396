import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { MetaOp } from '../storage/drive.js';
import { objectKey } from '../storage/meta-keys.js';
import type { ObjectRecord } from '../storage/records.js';
import { openObjectLayer } from './index.js';
import type { ErasureObjectLayer } from './erasure-object-layer.js';
import { listObjects, listObjectVersions, type ListingStats } from './listing.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(n = 4): Promise<ErasureObjectLayer> {
  const root = await mkdtemp(join(tmpdir(), 'coffer-list-'));
  const { layer } = await openObjectLayer({
    drives: Array.from({ length: n }, (_, i) => join(root, `d${i}`)),
  });
  cleanups.push(async () => {
    await layer.close();
    await rm(root, { recursive: true, force: true });
  });
  return layer;
}

const put = (layer: ErasureObjectLayer, bucket: string, key: string) =>
  layer.putObject(bucket, key, Readable.from([Buffer.from(key)]), { size: Buffer.byteLength(key) });

describe('listing', () => {
  it('lists with prefix, delimiter, after and maxKeys in UTF-8 byte order', async () => {
    const layer = await setup();
    await layer.makeBucket('list');
    const keys = ['a', 'a/b', 'a/c/d', 'a/c/e', 'b', 'b/x', 'c', 'é', 'z', 'Z', 'a-b', '日本/語'];
    for (const k of keys) await put(layer, 'list', k);
    const all = await layer.listObjects('list', { maxKeys: 100 });
    expect(all.objects.map((o) => o.key)).toEqual(
      [...keys].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y))),
    );
    expect(all.isTruncated).toBe(false);

    const top = await layer.listObjects('list', { delimiter: '/', maxKeys: 100 });
    expect(top.objects.map((o) => o.key)).toEqual(['Z', 'a', 'a-b', 'b', 'c', 'z', 'é']);
    expect(top.commonPrefixes).toEqual(['a/', 'b/', '日本/']);

    const underA = await layer.listObjects('list', { prefix: 'a/', delimiter: '/', maxKeys: 100 });
    expect(underA.objects.map((o) => o.key)).toEqual(['a/b']);
    expect(underA.commonPrefixes).toEqual(['a/c/']);

    // Paging through the delimited listing one entry at a time visits everything exactly once.
    const seen: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await layer.listObjects('list', {
        delimiter: '/',
        maxKeys: 1,
        ...(after !== undefined ? { after } : {}),
      });
      seen.push(...page.objects.map((o) => o.key), ...page.commonPrefixes);
      if (!page.isTruncated) break;
      after = page.nextAfter;
    }
    expect(seen).toEqual(['Z', 'a', 'a-b', 'a/', 'b', 'b/', 'c', 'z', 'é', '日本/']);

    const afterB = await layer.listObjects('list', { after: 'b', maxKeys: 2 });
    expect(afterB.objects.map((o) => o.key)).toEqual(['b/x', 'c']);
    expect(afterB.isTruncated).toBe(true);
    expect(afterB.nextAfter).toBe('c');
    expect((await layer.listObjects('list', { maxKeys: 0 })).objects).toEqual([]);
  });

  it('lists versions and delete markers with key and version-id markers', async () => {
    const layer = await setup();
    await layer.makeBucket('vlist');
    await layer.updateBucketMetadata('vlist', (m) => {
      m.versioning = 'Enabled';
    });
    const a1 = await put(layer, 'vlist', 'a');
    const a2 = await put(layer, 'vlist', 'a');
    const dm = await layer.deleteObject('vlist', 'a');
    const b1 = await put(layer, 'vlist', 'b');
    await put(layer, 'vlist', 'dir/x');
    const first = await layer.listObjectVersions('vlist', { maxKeys: 2, delimiter: '/' });
    expect(first.versions.map((v) => v.versionId)).toEqual([dm.versionId, a2.versionId]);
    expect(first.versions[0]?.deleteMarker).toBe(true);
    expect(first.isTruncated).toBe(true);
    expect(first.nextKeyMarker).toBe('a');
    expect(first.nextVersionIdMarker).toBe(a2.versionId);
    const second = await layer.listObjectVersions('vlist', {
      maxKeys: 10,
      delimiter: '/',
      keyMarker: first.nextKeyMarker ?? '',
      versionIdMarker: first.nextVersionIdMarker ?? '',
    });
    expect(second.versions.map((v) => [v.key, v.versionId, v.isLatest])).toEqual([
      ['a', a1.versionId, false],
      ['b', b1.versionId, true],
    ]);
    expect(second.commonPrefixes).toEqual(['dir/']);
    expect(second.isTruncated).toBe(false);
    const afterKey = await layer.listObjectVersions('vlist', { maxKeys: 10, keyMarker: 'a' });
    expect(afterKey.versions.map((v) => v.key)).toEqual(['b', 'dir/x']);
    // The latest-only listing hides the key whose latest version is a delete marker.
    expect((await layer.listObjects('vlist', { maxKeys: 10 })).objects.map((o) => o.key)).toEqual([
      'b',
      'dir/x',
    ]);
  });

  it('visits O(page) index entries whatever the number of keys', async () => {
    const layer = await setup(4);
    await layer.makeBucket('huge');
    await put(layer, 'huge', 'a-first');
    const template = ((await layer.core.drives[0]?.get(objectKey('huge', 'a-first'))) as ObjectRecord)
      .versions[0];
    if (template === undefined) throw new Error('no template');
    const count = 200_000;
    // Build the index directly: 200k keys under one prefix (a 1k page must not walk them), on every drive.
    for (const drive of layer.core.drives) {
      for (let start = 0; start < count; start += 50_000) {
        const ops: MetaOp[] = [];
        for (let i = start; i < Math.min(count, start + 50_000); i++) {
          const key = `deep/${String(i).padStart(7, '0')}`;
          ops.push({
            key: objectKey('huge', key),
            value: { v: 1, versions: [template] } satisfies ObjectRecord,
          });
        }
        await drive.commit(ops);
      }
    }
    await put(layer, 'huge', 'z-last');
    const drives = layer.core.n;
    const stats: ListingStats = { visited: 0 };

    const top = listObjects(layer.core, 'huge', { delimiter: '/', maxKeys: 1000 }, stats);
    expect(top.objects.map((o) => o.key)).toEqual(['a-first', 'z-last']);
    expect(top.commonPrefixes).toEqual(['deep/']);
    expect(stats.visited).toBeLessThanOrEqual(5 * drives);

    const page = listObjects(
      layer.core,
      'huge',
      { prefix: 'deep/', maxKeys: 1000, after: 'deep/0100000' },
      stats,
    );
    expect(page.objects).toHaveLength(1000);
    expect(page.objects[0]?.key).toBe('deep/0100001');
    expect(page.isTruncated).toBe(true);
    expect(stats.visited).toBeLessThanOrEqual((1000 + 2) * drives);

    const versions = listObjectVersions(
      layer.core,
      'huge',
      { prefix: 'deep/0199', maxKeys: 1000, keyMarker: 'deep/0199500' },
      stats,
    );
    expect(versions.versions).toHaveLength(499);
    expect(stats.visited).toBeLessThanOrEqual((499 + 2) * drives);

    // What the console's rewind asks: versions of one folder level with the delimiter — the 200k
    // keys under deep/ are one common prefix, seeked past, never walked.
    const level = listObjectVersions(layer.core, 'huge', { delimiter: '/', maxKeys: 1000 }, stats);
    expect(level.versions.map((v) => v.key)).toEqual(['a-first', 'z-last']);
    expect(level.commonPrefixes).toEqual(['deep/']);
    expect(stats.visited).toBeLessThanOrEqual(5 * drives);
  });
});
