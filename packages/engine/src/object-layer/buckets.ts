/**
 * Bucket operations. A bucket is a record on every drive (key 'b'<name>) plus a data directory per
 * drive; it exists when read-quorum drives hold its record. Records carry the settings the layer
 * itself acts on (versioning, object lock) and the raw config documents of the upper layers; the
 * newest record (by `updated`) wins among the drives that hold one. All changes go through the
 * per-bucket lock and update the in-process cache, so object writes read versioning without I/O.
 */
import { join } from 'node:path';
import {
  bucketKey,
  bucketRange,
  inlinePrefix,
  objectPrefix,
  uploadPrefix,
  afterPrefix,
  bucketFromKey,
} from '../storage/meta-keys.js';
import { decodeValue, type MetaOp } from '../storage/drive.js';
import type { BucketRecord, UploadRecord } from '../storage/records.js';
import type { LayerCore } from './core.js';
import { BucketAlreadyOwnedByYou, BucketNotEmpty, BucketNotFound } from './errors.js';
import { MergedCursor } from './merged-cursor.js';
import { validateBucketName } from './names.js';
import { toBucketMetadata } from './object-info.js';
import { resolveRaw } from './quorum.js';
import type { BucketInfo, BucketMetadata } from './types.js';

/** Quorum read of a bucket record, bypassing the cache. */
export function readBucketRecord(core: LayerCore, bucket: string): BucketRecord | undefined {
  const key = bucketKey(bucket);
  const records = core.readAll((d) => d.get(key) as BucketRecord | undefined);
  const answered = records.filter((r) => r !== null).length;
  core.requireReadQuorum(answered);
  const present = records.filter((r): r is BucketRecord => r !== null && r !== undefined);
  if (present.length < core.readQuorum) return undefined;
  return present.reduce((a, b) => (b.updated > a.updated ? b : a));
}

export function getBucketRecord(core: LayerCore, bucket: string): BucketRecord {
  const cached = core.bucketCache.get(bucket);
  if (cached) return cached;
  const record = readBucketRecord(core, bucket);
  if (record === undefined) throw new BucketNotFound('The specified bucket does not exist', { bucket });
  core.bucketCache.set(bucket, record);
  return record;
}

export async function makeBucket(
  core: LayerCore,
  bucket: string,
  options?: { objectLock?: boolean },
): Promise<void> {
  validateBucketName(bucket);
  await core.bucketLocks.exclusive(bucket, async () => {
    if (readBucketRecord(core, bucket) !== undefined) {
      throw new BucketAlreadyOwnedByYou(
        'Your previous request to create the named bucket succeeded and you already own it.',
        { bucket },
      );
    }
    core.requireWriteQuorumOnline();
    const now = Date.now();
    const lock = options?.objectLock === true;
    const record: BucketRecord = {
      name: bucket,
      created: now,
      // Object lock requires versioning (S3 turns it on with the lock).
      versioning: lock ? 'Enabled' : 'Unversioned',
      objectLockEnabled: lock,
      configs: {},
      updated: now,
    };
    const key = bucketKey(bucket);
    await core.commitEach(core.allSlots(), () => [{ key, value: record }], {
      rollback: () => [{ key, remove: true }],
    });
    await Promise.all(
      core.drives.map((d) =>
        d.ok ? d.mkdirs(join(d.paths.data, bucket)).catch(() => undefined) : undefined,
      ),
    );
    core.bucketCache.set(bucket, record);
  });
}

export function getBucketInfo(core: LayerCore, bucket: string): BucketInfo {
  const r = getBucketRecord(core, bucket);
  return { name: r.name, created: new Date(r.created) };
}

export function listBuckets(core: LayerCore): BucketInfo[] {
  const { start, end } = bucketRange();
  const cursor = new MergedCursor(core, start, end);
  const out: BucketInfo[] = [];
  try {
    core.requireReadQuorum(cursor.answered);
    for (let e = cursor.next(); e !== undefined; e = cursor.next()) {
      const present = e.values
        .filter((v): v is Buffer => v !== null && v !== undefined)
        .map((v) => decodeValue(v) as BucketRecord);
      if (present.length < core.readQuorum) continue;
      const newest = present.reduce((a, b) => (b.updated > a.updated ? b : a));
      out.push({ name: bucketFromKey(e.key), created: new Date(newest.created) });
    }
  } finally {
    cursor.close();
  }
  return out;
}

/** True when any key of the bucket still has a valid version or delete marker. */
function bucketHasObjects(core: LayerCore, bucket: string): boolean {
  const prefix = objectPrefix(bucket);
  const cursor = new MergedCursor(core, prefix, afterPrefix(prefix));
  try {
    for (let e = cursor.next(); e !== undefined; e = cursor.next()) {
      const resolved = resolveRaw(e.values, core.readQuorum);
      if (resolved.versions.length > 0) return true;
    }
    return false;
  } finally {
    cursor.close();
  }
}

export async function deleteBucket(
  core: LayerCore,
  bucket: string,
  options?: { force?: boolean },
): Promise<void> {
  await core.bucketLocks.exclusive(bucket, async () => {
    getBucketRecord(core, bucket);
    if (options?.force !== true && bucketHasObjects(core, bucket)) {
      throw new BucketNotEmpty('The bucket you tried to delete is not empty', { bucket });
    }
    core.requireWriteQuorumOnline();
    const uploads = new Set<string>();
    await core.commitEach(core.allSlots(), (d) => {
      const ops: MetaOp[] = [{ key: bucketKey(bucket), remove: true }];
      // Whatever is left (dangling entries, or everything when forced) goes with the bucket.
      for (const prefix of [objectPrefix(bucket), inlinePrefix(bucket), uploadPrefix(bucket)]) {
        for (const key of d.keys(prefix, afterPrefix(prefix)))
          ops.push({ key: Buffer.from(key), remove: true });
      }
      const up = uploadPrefix(bucket);
      for (let it = d.range(up, afterPrefix(up)), e = it.next(); e.done !== true; e = it.next()) {
        uploads.add((decodeValue(e.value.value) as UploadRecord).uploadId);
      }
      return ops;
    });
    core.bucketCache.delete(bucket);
    await Promise.all(
      core.drives.map(async (d) => {
        if (!d.ok) return;
        await d.remove(join(d.paths.data, bucket));
        for (const id of uploads) await d.remove(d.uploadDir(id));
      }),
    );
  });
}

export function getBucketMetadata(core: LayerCore, bucket: string): BucketMetadata {
  return toBucketMetadata(getBucketRecord(core, bucket));
}

export async function updateBucketMetadata(
  core: LayerCore,
  bucket: string,
  update: (meta: BucketMetadata) => void,
): Promise<BucketMetadata> {
  return core.bucketLocks.exclusive(bucket, async () => {
    const current = readBucketRecord(core, bucket);
    if (current === undefined) throw new BucketNotFound('The specified bucket does not exist', { bucket });
    const meta = toBucketMetadata(current);
    update(meta);
    const record: BucketRecord = {
      name: bucket,
      created: current.created,
      versioning: meta.versioning,
      ...(meta.versioningExcluded !== undefined ? { versioningExcluded: meta.versioningExcluded } : {}),
      objectLockEnabled: meta.objectLockEnabled,
      configs: { ...meta.configs },
      updated: Math.max(Date.now(), current.updated + 1),
    };
    const key = bucketKey(bucket);
    await core.commitEach(core.allSlots(), () => [{ key, value: record }], {
      rollback: () => [{ key, value: current }],
    });
    core.bucketCache.set(bucket, record);
    return toBucketMetadata(record);
  });
}
