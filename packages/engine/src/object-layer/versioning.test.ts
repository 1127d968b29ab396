import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { AccessDenied } from '../common/errors.js';
import {
  BucketNotEmpty,
  ObjectIsDeleteMarker,
  ObjectNotFound,
  PreconditionFailed,
  VersionNotFound,
} from './errors.js';
import { openObjectLayer } from './index.js';
import type { ErasureObjectLayer } from './erasure-object-layer.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(n = 4): Promise<ErasureObjectLayer> {
  const root = await mkdtemp(join(tmpdir(), 'coffer-ver-'));
  const { layer } = await openObjectLayer({
    drives: Array.from({ length: n }, (_, i) => join(root, `d${i}`)),
  });
  cleanups.push(async () => {
    await layer.close();
    await rm(root, { recursive: true, force: true });
  });
  return layer;
}

const put = (layer: ErasureObjectLayer, bucket: string, key: string, text: string) =>
  layer.putObject(bucket, key, Readable.from([Buffer.from(text)]), { size: Buffer.byteLength(text) });

async function text(
  layer: ErasureObjectLayer,
  bucket: string,
  key: string,
  versionId?: string,
): Promise<string> {
  const { stream } = await layer.getObject(bucket, key, versionId ? { versionId } : {});
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

async function setVersioning(
  layer: ErasureObjectLayer,
  bucket: string,
  status: 'Enabled' | 'Suspended',
): Promise<void> {
  await layer.updateBucketMetadata(bucket, (m) => {
    m.versioning = status;
  });
}

describe('versioning', () => {
  it('keeps every version when enabled and hides the key behind a delete marker', async () => {
    const layer = await setup();
    await layer.makeBucket('ver');
    await setVersioning(layer, 'ver', 'Enabled');
    const v1 = await put(layer, 'ver', 'k', 'one');
    const v2 = await put(layer, 'ver', 'k', 'two');
    expect(v1.versionId).not.toBe('null');
    expect(v1.versionId).not.toBe(v2.versionId);
    expect(await text(layer, 'ver', 'k')).toBe('two');
    expect(await text(layer, 'ver', 'k', v1.versionId)).toBe('one');
    const del = await layer.deleteObject('ver', 'k');
    expect(del.deleteMarker).toBe(true);
    const latest = await layer.getObject('ver', 'k').catch((e: unknown) => e);
    expect(latest).toBeInstanceOf(ObjectIsDeleteMarker);
    expect((latest as ObjectIsDeleteMarker).explicitVersion).toBe(false);
    expect((latest as ObjectIsDeleteMarker).versionId).toBe(del.versionId);
    const explicit = await layer
      .getObjectInfo('ver', 'k', { versionId: del.versionId ?? '' })
      .catch((e: unknown) => e);
    expect(explicit).toBeInstanceOf(ObjectIsDeleteMarker);
    expect((explicit as ObjectIsDeleteMarker).explicitVersion).toBe(true);
    expect((await layer.listObjects('ver', { maxKeys: 10 })).objects).toHaveLength(0);
    const versions = await layer.listObjectVersions('ver', { maxKeys: 10 });
    expect(versions.versions.map((v) => [v.versionId, v.deleteMarker, v.isLatest])).toEqual([
      [del.versionId, true, true],
      [v2.versionId, false, false],
      [v1.versionId, false, false],
    ]);
    await expect(layer.deleteBucket('ver')).rejects.toBeInstanceOf(BucketNotEmpty);
    // Removing the marker brings the object back.
    const removed = await layer.deleteObject('ver', 'k', { versionId: del.versionId ?? '' });
    expect(removed).toEqual({ versionId: del.versionId, deleteMarker: true });
    expect(await text(layer, 'ver', 'k')).toBe('two');
    await layer.deleteObject('ver', 'k', { versionId: v2.versionId });
    expect(await text(layer, 'ver', 'k')).toBe('one');
    await expect(layer.getObjectInfo('ver', 'k', { versionId: v2.versionId })).rejects.toBeInstanceOf(
      VersionNotFound,
    );
    await layer.deleteObject('ver', 'k', { versionId: v1.versionId });
    await expect(layer.getObjectInfo('ver', 'k')).rejects.toBeInstanceOf(ObjectNotFound);
    await layer.deleteBucket('ver');
  });

  it('replaces the null version when suspended and unversioned', async () => {
    const layer = await setup();
    await layer.makeBucket('sus');
    await put(layer, 'sus', 'k', 'plain');
    expect((await layer.listObjectVersions('sus', { maxKeys: 10 })).versions.map((v) => v.versionId)).toEqual(
      ['null'],
    );
    await setVersioning(layer, 'sus', 'Enabled');
    const v1 = await put(layer, 'sus', 'k', 'versioned');
    await setVersioning(layer, 'sus', 'Suspended');
    const n1 = await put(layer, 'sus', 'k', 'null-1');
    expect(n1.versionId).toBe('null');
    await put(layer, 'sus', 'k', 'null-2');
    let versions = (await layer.listObjectVersions('sus', { maxKeys: 10 })).versions;
    expect(versions.map((v) => v.versionId)).toEqual(['null', v1.versionId]);
    expect(await text(layer, 'sus', 'k')).toBe('null-2');
    const del = await layer.deleteObject('sus', 'k');
    expect(del).toEqual({ versionId: 'null', deleteMarker: true });
    versions = (await layer.listObjectVersions('sus', { maxKeys: 10 })).versions;
    expect(versions.map((v) => [v.versionId, v.deleteMarker])).toEqual([
      ['null', true],
      [v1.versionId, false],
    ]);
    expect(await text(layer, 'sus', 'k', v1.versionId)).toBe('versioned');
  });

  it('names the null version a suspended write replaces, latest or not', async () => {
    const layer = await setup();
    await layer.makeBucket('nul');
    await put(layer, 'nul', 'k', 'before-versioning');
    await setVersioning(layer, 'nul', 'Enabled');
    const v1 = await put(layer, 'nul', 'k', 'v1');
    await setVersioning(layer, 'nul', 'Suspended');
    const seen: [string | undefined, string | undefined, number | undefined][] = [];
    const watch = (
      current: { versionId: string } | undefined,
      replaced?: { versionId: string; size: number },
    ) => {
      seen.push([current?.versionId, replaced?.versionId, replaced?.size]);
    };
    await layer.putObject('nul', 'k', Readable.from([Buffer.from('n')]), { size: 1, precondition: watch });
    // The latest was v1; the replaced one the null version below it.
    expect(seen).toEqual([[v1.versionId, 'null', 'before-versioning'.length]]);
    expect((await layer.listObjectVersions('nul', { maxKeys: 10 })).versions.map((v) => v.versionId)).toEqual(
      ['null', v1.versionId],
    );
    // Enabled: nothing is replaced.
    await setVersioning(layer, 'nul', 'Enabled');
    await layer.putObject('nul', 'k', Readable.from([Buffer.from('e')]), { size: 1, precondition: watch });
    expect(seen[1]).toEqual(['null', undefined, undefined]);
    expect(await text(layer, 'nul', 'k', 'null')).toBe('n');
  });

  it('calls the delete guard and the put precondition', async () => {
    const layer = await setup();
    await layer.makeBucket('guard');
    await setVersioning(layer, 'guard', 'Enabled');
    const v1 = await put(layer, 'guard', 'k', 'locked');
    await expect(
      layer.deleteObject('guard', 'k', {
        versionId: v1.versionId,
        guard: () => {
          throw new AccessDenied('retention');
        },
      }),
    ).rejects.toBeInstanceOf(AccessDenied);
    expect(await text(layer, 'guard', 'k', v1.versionId)).toBe('locked');
    const seen: (string | undefined)[] = [];
    await expect(
      layer.putObject('guard', 'k', Readable.from([Buffer.from('x')]), {
        size: 1,
        precondition: (current) => {
          seen.push(current?.etag);
          throw new PreconditionFailed('If-None-Match');
        },
      }),
    ).rejects.toBeInstanceOf(PreconditionFailed);
    expect(seen).toEqual([v1.etag]);
    expect((await layer.listObjectVersions('guard', { maxKeys: 10 })).versions).toHaveLength(1);
  });

  it('serialises concurrent writers of one key', async () => {
    const layer = await setup();
    await layer.makeBucket('race');
    await setVersioning(layer, 'race', 'Enabled');
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => put(layer, 'race', 'k', `v${i}`)));
    const versions = (await layer.listObjectVersions('race', { maxKeys: 100 })).versions;
    expect(versions).toHaveLength(20);
    expect(new Set(versions.map((v) => v.versionId))).toEqual(new Set(results.map((r) => r.versionId)));
    const times = versions.map((v) => v.lastModified.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
