/**
 * FIFO quota enforcement (MinIO's 2021 semantics): writes to a bucket with a FIFO quota are never
 * refused; after each scanner cycle has measured a bucket, one over its FIFO quota has its oldest
 * versions removed until its size is back at or below the quota (`fifo-selection.ts` chooses them).
 *
 * Removals go through the engine context's eventing object layer, one version at a time by version
 * id (in an unversioned bucket the `null` version: the object is gone), so each publishes
 * `s3:ObjectRemoved:Delete` with no request origin, as any change does. Each removal is guarded
 * under the object's lock: a version that gained a legal hold or retention since the walk, or
 * changed (a null version overwritten meanwhile), is left alone. The scanner measures the bucket
 * again after a trim, so the stored usage (and the hard-quota tracker's baseline) is the trimmed one.
 */
import { ObjectLocked } from '../bucket/errors.js';
import type { BucketMetadataService } from '../bucket/bucket-metadata.js';
import { isDeleteProtected } from '../bucket/object-lock.js';
import { ObjectNotFound, VersionNotFound } from '../object-layer/errors.js';
import type { BucketUsage, ObjectInfo, ObjectLayer } from '../object-layer/types.js';
import { planFifoTrim, type FifoCandidate } from './fifo-selection.js';

/** What the enforcer needs of the engine (an `EngineContext` has them). */
export interface FifoQuotaServices {
  /** The eventing object layer: each removal publishes its event. */
  objectLayer: Pick<ObjectLayer, 'listObjectVersions' | 'deleteObject'>;
  bucketMetadata: Pick<BucketMetadataService, 'get'>;
  log: (line: string) => void;
  /** The clock for retention checks, ms since the epoch (tests move it). */
  now?: () => number;
}

/** What one pass over a bucket did. */
export interface FifoTrim {
  bucket: string;
  quota: number;
  /** The bucket's size as the walk found it. */
  seenBytes: number;
  removed: FifoCandidate[];
  removedBytes: number;
  /** Versions kept by object lock (passed over in the walk or refused at removal). */
  lockedSkipped: number;
}

/** The version changed between the walk and its removal: leave it. */
class CandidateChanged extends Error {}

/** How many removed versions a log line names before it only counts them. */
const LOGGED_NAMES = 10;

/**
 * Trim `bucket` if it has a FIFO quota and `usage` (the scanner's figures) says it is over it.
 * Returns undefined when nothing was to be done; never throws except when `signal` aborts (a
 * failure is logged and the next cycle tries again).
 */
export async function enforceFifoQuota(
  services: FifoQuotaServices,
  bucket: string,
  usage: BucketUsage,
  signal?: AbortSignal,
): Promise<FifoTrim | undefined> {
  try {
    const quota = await services.bucketMetadata.get(bucket, 'quota');
    if (quota?.type !== 'fifo' || usage.size <= quota.size) return undefined;
    return await trim(services, bucket, quota.size, usage.size, signal);
  } catch (err) {
    if (signal?.aborted === true) throw err;
    // A bucket removed since it was scanned has nothing left to trim.
    if (err instanceof Error && err.name === 'BucketNotFound') return undefined;
    services.log(`fifo quota: bucket ${bucket}: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  }
}

async function trim(
  services: FifoQuotaServices,
  bucket: string,
  quota: number,
  estimate: number,
  signal: AbortSignal | undefined,
): Promise<FifoTrim> {
  const now = services.now ?? Date.now;
  const layer = services.objectLayer;
  const plan = await planFifoTrim(layer, bucket, quota, estimate, now(), signal);
  const result: FifoTrim = {
    bucket,
    quota,
    seenBytes: plan.seenBytes,
    removed: [],
    removedBytes: 0,
    lockedSkipped: plan.lockedSkipped,
  };
  // Back within the quota by the time of the walk (deletes since the scan): nothing to do or say.
  if (plan.seenBytes <= quota) return result;
  for (const victim of plan.victims) {
    signal?.throwIfAborted();
    const guard = (target: ObjectInfo): void => {
      if (target.deleteMarker || target.lastModified.getTime() !== victim.modified)
        throw new CandidateChanged();
      if (isDeleteProtected(target, now())) throw new ObjectLocked(undefined, { bucket, key: victim.key });
    };
    try {
      const done = await layer.deleteObject(bucket, victim.key, { versionId: victim.versionId, guard });
      // Removed by someone else since the walk.
      if (done.noop === true) continue;
      result.removed.push(victim);
      result.removedBytes += victim.size;
    } catch (err) {
      if (err instanceof ObjectLocked) result.lockedSkipped++;
      else if (!isStale(err)) throw err;
    }
  }
  logTrim(services.log, result);
  return result;
}

/** Gone or replaced since the walk: whatever is there now is not this candidate. */
function isStale(err: unknown): boolean {
  return err instanceof CandidateChanged || err instanceof ObjectNotFound || err instanceof VersionNotFound;
}

function logTrim(log: (line: string) => void, t: FifoTrim): void {
  const names = t.removed.slice(0, LOGGED_NAMES).map((c) => `${c.key} (version ${c.versionId}, ${c.size} B)`);
  const more = t.removed.length > LOGGED_NAMES ? `, and ${t.removed.length - LOGGED_NAMES} more` : '';
  const locked = t.lockedSkipped > 0 ? `; ${t.lockedSkipped} locked version(s) kept` : '';
  const left = t.seenBytes - t.removedBytes;
  log(
    `fifo quota: bucket ${t.bucket} held ${t.seenBytes} B, over its quota of ${t.quota} B; removed ` +
      `${t.removed.length} oldest version(s), ${t.removedBytes} B${t.removed.length > 0 ? `: ${names.join(', ')}${more}` : ''}` +
      `${locked}; ${left} B left${left > t.quota ? ' (still over: locked or new versions)' : ''}`,
  );
}

/**
 * The scanner's per-bucket hook (`ScannerOptions.afterBucket`): trims a bucket over its FIFO quota
 * and tells the scanner whether to measure it again.
 */
export function fifoQuotaHook(
  services: FifoQuotaServices,
): (bucket: string, usage: BucketUsage, signal: AbortSignal) => Promise<boolean> {
  return async (bucket, usage, signal) => {
    const result = await enforceFifoQuota(services, bucket, usage, signal);
    return result !== undefined && result.removed.length > 0;
  };
}
