/**
 * Bucket quota (wire doc §3.7): the admin API's `madmin.BucketQuota` document, kept as JSON in the
 * bucket's configs (`configs.quota`, which admin accountinfo also reports), and its enforcement on
 * the S3 write paths.
 *
 * The document: `{"quota":N,"size":N,"rate":0,"requests":0,"quotatype":"hard"}`. `size` is the
 * limit in bytes; `quota` is its older name (madmin-go before 2023, e.g. Debian's 2.0.7, sends only
 * `quota`), so both are read and both written. A size of 0 (or an empty body) removes the quota.
 *
 * Two types, as MinIO's admin API had them in 2021: `hard` refuses writes (below), `fifo` never
 * refuses a write — after each scanner cycle the oldest unlocked versions of a bucket over its FIFO
 * quota are removed until it is back within it (`background/fifo-quota.ts`).
 *
 * Enforcement of a hard quota: a write that would take the bucket past its limit is refused with 400
 * XMinioAdminBucketQuotaExceeded before its body is read, so nothing is stored. "Would take past"
 * is `used + size > limit`, where `used` is the usage tracker's estimate (last scan + running
 * delta + writes in flight, `usage-tracker.ts`) and `size` the declared length (Content-Length or
 * the decoded length of an aws-chunked body), less the size of the null version an unversioned
 * overwrite replaces (MinIO does not credit it). A body of unknown length (aws-chunked without a
 * decoded length, POST form uploads) is checked again once its size is known, before the layer
 * commits it. Parts of a multipart upload are checked one by one as MinIO does (a part alone must
 * fit), and the assembled object again at completion. MinIO refuses at `used + size >= limit`;
 * this engine lets a bucket fill exactly to its limit, which is what a console user setting
 * "1 GiB" expects.
 */
import { AdminConfigBadJson, AdminInvalidArgument, BucketQuotaExceeded } from './errors.js';
import { ObjectIsDeleteMarker, ObjectNotFound, VersionNotFound } from '../object-layer/errors.js';
import { keyVersioning } from '../object-layer/key-versioning.js';
import type {
  BucketMetadata,
  ObjectInfo,
  ObjectLayer,
  PutObjectOptions,
  WriteBodyOptions,
} from '../object-layer/types.js';
import type { BucketMetadataService } from './bucket-metadata.js';
import type { BucketUsageTracker, UsageReservation } from './usage-tracker.js';

/** What quota checks need of the engine (an `EngineContext` has them). */
export interface QuotaServices {
  objectLayer: ObjectLayer;
  usageTracker: BucketUsageTracker;
  bucketMetadata: BucketMetadataService;
}

/** madmin's quota types: `hard` refuses writes past the limit; `fifo` trims the oldest versions instead. */
export type QuotaType = 'hard' | 'fifo';

export interface BucketQuota {
  /** The limit in bytes (> 0). */
  size: number;
  type: QuotaType;
  /** Stored and reported as sent; not enforced (MinIO enforces neither). */
  rate: number;
  requests: number;
}

function count(doc: Record<string, unknown>, name: string): number {
  const v = doc[name];
  if (v === undefined || v === null) return 0;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) {
    throw new AdminConfigBadJson(`${name} must be a non-negative integer`);
  }
  return v;
}

/**
 * Parse a set-bucket-quota body; undefined asks to remove the quota (empty body, or a zero size).
 * A limit with a type other than `hard` or `fifo` is refused, as madmin's `BucketQuota.IsValid`
 * (2021) does; the type is compared exactly (madmin's constants are lower case).
 */
export function parseQuotaRequest(body: Buffer): BucketQuota | undefined {
  const text = body.toString('utf8').trim();
  if (text === '') return undefined;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new AdminConfigBadJson(
      `JSON configuration provided is of incorrect format: ${(err as Error).message}`,
    );
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new AdminConfigBadJson('JSON configuration provided is of incorrect format: expected an object');
  }
  const fields = doc as Record<string, unknown>;
  const size = count(fields, 'size') || count(fields, 'quota');
  const rate = count(fields, 'rate');
  const requests = count(fields, 'requests');
  const type = fields.quotatype;
  if (type !== undefined && type !== null && typeof type !== 'string') {
    throw new AdminConfigBadJson('quotatype must be a string');
  }
  if (size === 0) return undefined;
  if (type !== 'hard' && type !== 'fifo') {
    throw new AdminInvalidArgument(
      `Invalid quota type '${String(type ?? '')}': the quota type must be "hard" or "fifo"`,
    );
  }
  return { size, type, rate, requests };
}

/** The stored (and reported) JSON form: madmin's BucketQuota with both the new and the old size field. */
export function quotaJson(quota: BucketQuota): Record<string, unknown> {
  return {
    quota: quota.size,
    size: quota.size,
    rate: quota.rate,
    requests: quota.requests,
    quotatype: quota.type,
  };
}

/** Bytes the bucket holds now, as far as the engine knows. */
async function usedBytes(engine: QuotaServices, bucket: string): Promise<number> {
  const tracker = engine.usageTracker;
  await tracker.ready();
  return tracker.used(bucket);
}

/** The bucket's quota when it refuses writes (a hard one); a FIFO quota never does. */
export function hardQuotaOf(engine: QuotaServices, meta: BucketMetadata): BucketQuota | undefined {
  const quota = engine.bucketMetadata.fromMetadata(meta, 'quota');
  return quota?.type === 'hard' ? quota : undefined;
}

/**
 * Throw XMinioAdminBucketQuotaExceeded when `bytes` more would take the bucket past its hard quota;
 * `credit` is what the write frees at the same time (the null version an overwrite replaces).
 */
export async function enforceQuota(
  engine: QuotaServices,
  meta: BucketMetadata,
  bytes: number,
  credit = 0,
): Promise<void> {
  const quota = hardQuotaOf(engine, meta);
  if (quota === undefined) return;
  const used = await usedBytes(engine, meta.name);
  if (used - credit + Math.max(0, bytes) > quota.size) {
    throw new BucketQuotaExceeded('Bucket quota exceeded', { bucket: meta.name });
  }
}

/** Size of the null version a write to `key` would replace (0 when there is none). */
async function nullVersionSize(engine: QuotaServices, bucket: string, key: string): Promise<number> {
  try {
    const current = await engine.objectLayer.getObjectInfo(bucket, key, { versionId: 'null' });
    return current.deleteMarker ? 0 : current.size;
  } catch (err) {
    if (
      err instanceof ObjectNotFound ||
      err instanceof VersionNotFound ||
      err instanceof ObjectIsDeleteMarker
    ) {
      return 0;
    }
    throw err;
  }
}

/** The quota side of one object write (PutObject, CopyObject, POST, CompleteMultipartUpload). */
export interface QuotaWrite {
  /** Wrap the body's `verify`: re-checks the quota with the received size when it was not declared. */
  verify(inner?: WriteBodyOptions['verify']): WriteBodyOptions['verify'];
  /** Wrap the commit precondition: learns the size of the null version an unversioned or suspended write replaces. */
  precondition(inner?: PutObjectOptions['precondition']): PutObjectOptions['precondition'];
  /** The write committed: account for it. */
  done(info: ObjectInfo): void;
  /** The write failed: release what it reserved. */
  failed(): void;
}

/**
 * Check the quota for a write of `size` bytes (-1: not known yet) and reserve the room, before the
 * body is read. Every write goes through here, with or without a quota, so the running usage delta
 * stays right if a quota is set later.
 */
export async function beginQuotaWrite(
  engine: QuotaServices,
  meta: BucketMetadata,
  key: string,
  size: number,
): Promise<QuotaWrite> {
  const bucket = meta.name;
  const quota = hardQuotaOf(engine, meta);
  // Only a write where versioning is not Enabled for the key replaces a version: the null one.
  const replaces = keyVersioning(meta, key) !== 'Enabled';
  // With a quota, an overwrite is judged by what it adds, not by its whole size.
  const credit = quota !== undefined && replaces ? await nullVersionSize(engine, bucket, key) : 0;
  if (quota !== undefined) await enforceQuota(engine, meta, size, credit);
  const tracker = engine.usageTracker;
  const reservation: UsageReservation | undefined = tracker.reserve(bucket, Math.max(0, size - credit));
  let replaced = 0;
  return {
    verify: (inner) => {
      if (quota === undefined || size >= 0) return inner;
      return async (digests) => {
        await inner?.(digests);
        // Our own reservation was 0 bytes: `used` is everyone else's usage.
        const used = await usedBytes(engine, bucket);
        if (used - credit + digests.size > quota.size) {
          throw new BucketQuotaExceeded('Bucket quota exceeded', { bucket });
        }
      };
    },
    precondition: (inner) => {
      if (!replaces || tracker === undefined) return inner;
      return (current, replacedVersion) => {
        inner?.(current, replacedVersion);
        // The null version may sit below newer versions (written before versioning was enabled,
        // then suspended): the layer names it whether it is the latest or not.
        replaced = replacedVersion !== undefined && !replacedVersion.deleteMarker ? replacedVersion.size : 0;
      };
    },
    done: (info) => {
      reservation?.settle(info.size - replaced);
    },
    failed: () => {
      reservation?.release();
    },
  };
}

/** Record bytes removed by a delete (the size of the version the layer removed). */
export function recordRemoved(engine: QuotaServices, bucket: string, removed: ObjectInfo | undefined): void {
  if (removed === undefined || removed.deleteMarker) return;
  engine.usageTracker.record(bucket, -removed.size);
}
