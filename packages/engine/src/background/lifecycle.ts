/**
 * The lifecycle pass (issue 12 §2): after the scanner has measured a bucket, the bucket's
 * lifecycle configuration is applied to every version, in one paged walk of its versions
 * (a key's versions newest first, kept together across pages), then to its incomplete multipart
 * uploads. What it does, as S3 and MinIO define the actions:
 * - Expiration (Days after creation, or Date) of a current version: in a versioned bucket a delete
 *   marker is added (the data stays, now noncurrent), otherwise the object is removed;
 *   ExpiredObjectDeleteMarker removes a delete marker that is the key's only version.
 * - NoncurrentVersionExpiration: a version noncurrent for NoncurrentDays (counted from when its
 *   successor was written) is removed, except the NewerNoncurrentVersions newest noncurrent ones.
 * - Transition / NoncurrentVersionTransition: the version's bytes move to the named tier
 *   (`Tiering.transition`); a restored copy whose time is up is dropped again.
 * - AbortIncompleteMultipartUpload: uploads older than DaysAfterInitiation are aborted.
 * Filters (prefix, tags, object size) are matched per version. A version under legal hold or an
 * unexpired retention is never removed (MinIO skips it), and a guard under the object's lock
 * re-checks at removal. Removals go through the eventing layer (events are published).
 *
 * Time: a "day" is `dayMs` long (default 24 h, then rounded to the next midnight UTC as S3 does);
 * tests shorten it (engine option `lifecycleDayMs`, env `COFFER_ILM_DAY_SECONDS`), MinIO's own
 * ILM test settings do the same for its scanner.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { BucketMetadataService } from '../bucket/bucket-metadata.js';
import { ObjectLocked } from '../bucket/errors.js';
import { lifecycleRulesFor, type LifecycleConfiguration, type LifecycleRule } from '../bucket/lifecycle.js';
import { isDeleteProtected } from '../bucket/object-lock.js';
import type { ObjectInfo, ObjectLayer } from '../object-layer/types.js';
import { isDataRemote, isTransitioned, TRANSITION_FIELDS, type Tiering } from '../tier/index.js';

export const DAY_MS = 86_400_000;
const PAGE = 500;

export interface LifecycleServices {
  /** The eventing object layer (what handlers use). */
  objectLayer: Pick<
    ObjectLayer,
    | 'listObjectVersions'
    | 'deleteObject'
    | 'getBucketMetadata'
    | 'listMultipartUploads'
    | 'abortMultipartUpload'
  >;
  bucketMetadata: Pick<BucketMetadataService, 'get'>;
  tiering: Pick<Tiering, 'transition' | 'expireRestore' | 'retryJournal'>;
  log: (line: string) => void;
  /** Length of a lifecycle day (default 24 h). */
  dayMs?: number;
  now?: () => number;
}

/** What one pass did, for logs and tests. */
export interface LifecycleOutcome {
  expired: number;
  transitioned: number;
  aborted: number;
  lockedSkipped: number;
}

/** When something `days` lifecycle days after `from` is due. */
export function dueTime(from: number, days: number, dayMs: number): number {
  const at = from + days * dayMs;
  // S3 rounds to the next midnight UTC; only meaningful for real days.
  return dayMs === DAY_MS ? Math.ceil(at / DAY_MS) * DAY_MS : at;
}

function tagsOf(info: ObjectInfo): { key: string; value: string }[] {
  if (info.tagging === undefined || info.tagging === '') return [];
  return [...new URLSearchParams(info.tagging)].map(([key, value]) => ({ key, value }));
}

function rulesFor(config: LifecycleConfiguration, v: ObjectInfo): LifecycleRule[] {
  return lifecycleRulesFor(config, { key: v.key, size: v.size, tags: tagsOf(v) });
}

class LifecyclePass {
  readonly outcome: LifecycleOutcome = { expired: 0, transitioned: 0, aborted: 0, lockedSkipped: 0 };
  private readonly dayMs: number;
  private readonly now: number;

  constructor(
    private readonly services: LifecycleServices,
    private readonly bucket: string,
    private readonly config: LifecycleConfiguration,
    private readonly versioned: boolean,
  ) {
    this.dayMs = services.dayMs ?? DAY_MS;
    this.now = (services.now ?? Date.now)();
  }

  private due(from: Date, days: number | undefined, date: Date | undefined): boolean {
    if (date !== undefined) return this.now >= date.getTime();
    return days !== undefined && this.now >= dueTime(from.getTime(), days, this.dayMs);
  }

  /** Removes one version by id unless object lock keeps it. */
  private async removeVersion(v: ObjectInfo): Promise<void> {
    if (isDeleteProtected(v, this.now)) {
      this.outcome.lockedSkipped++;
      return;
    }
    try {
      await this.services.objectLayer.deleteObject(this.bucket, v.key, {
        versionId: v.versionId,
        guard: (target) => {
          if (isDeleteProtected(target, Date.now())) throw new ObjectLocked();
        },
      });
      this.outcome.expired++;
    } catch (error) {
      if (error instanceof ObjectLocked) this.outcome.lockedSkipped++;
      else throw error;
    }
  }

  private async transition(v: ObjectInfo, tier: string): Promise<void> {
    if (await this.services.tiering.transition(this.bucket, v.key, v.versionId, tier))
      this.outcome.transitioned++;
  }

  /** A restored copy whose time is up goes back to the tier only. */
  private async expireRestore(v: ObjectInfo): Promise<void> {
    if (isTransitioned(v) && !isDataRemote(v) && v.internal[TRANSITION_FIELDS.restoreExpiry] !== undefined) {
      await this.services.tiering.expireRestore(this.bucket, v.key, v.versionId, new Date(this.now));
    }
  }

  private async current(v: ObjectInfo, onlyVersion: boolean): Promise<void> {
    if (v.deleteMarker) {
      const rules = this.config.rules.filter(
        (r) => r.status === 'Enabled' && v.key.startsWith(r.filter.prefix) && r.filter.tags.length === 0,
      );
      if (onlyVersion && rules.some((r) => r.expiration?.expiredObjectDeleteMarker === true)) {
        await this.removeVersion(v);
      }
      return;
    }
    await this.expireRestore(v);
    const rules = rulesFor(this.config, v);
    const expire = rules.find(
      (r) => r.expiration && this.due(v.lastModified, r.expiration.days, r.expiration.date),
    );
    if (expire !== undefined) {
      if (!this.versioned) return this.removeVersion(v);
      // A delete marker hides the version; object lock does not stop that (the data stays).
      await this.services.objectLayer.deleteObject(this.bucket, v.key, {});
      this.outcome.expired++;
      return;
    }
    if (isTransitioned(v)) return;
    for (const rule of rules) {
      const t = rule.transitions.find((x) => this.due(v.lastModified, x.days, x.date));
      if (t !== undefined) return this.transition(v, t.storageClass);
    }
  }

  /** `index`: 0 for the newest noncurrent version; `since`: when it became noncurrent. */
  private async noncurrent(v: ObjectInfo, index: number, since: Date): Promise<void> {
    await this.expireRestore(v);
    const rules = v.deleteMarker
      ? this.config.rules.filter((r) => r.status === 'Enabled' && v.key.startsWith(r.filter.prefix))
      : rulesFor(this.config, v);
    for (const rule of rules) {
      const e = rule.noncurrentVersionExpiration;
      if (e === undefined) continue;
      if (e.newerNoncurrentVersions !== undefined && index < e.newerNoncurrentVersions) continue;
      if (this.due(since, e.noncurrentDays, undefined)) return this.removeVersion(v);
    }
    if (v.deleteMarker || isTransitioned(v)) return;
    for (const rule of rules) {
      const t = rule.noncurrentVersionTransitions.find((x) => this.due(since, x.noncurrentDays, undefined));
      if (t !== undefined) return this.transition(v, t.storageClass);
    }
  }

  /** One key's versions, newest first. */
  async key(versions: ObjectInfo[]): Promise<void> {
    const [latest, ...older] = versions;
    if (latest === undefined) return;
    if (latest.isLatest) await this.current(latest, older.length === 0);
    const rest = latest.isLatest ? older : versions;
    let successor = latest.isLatest ? latest.lastModified : undefined;
    for (const [index, v] of rest.entries()) {
      await this.noncurrent(v, index, successor ?? v.lastModified);
      successor = v.lastModified;
    }
  }

  async uploads(): Promise<void> {
    const rules = this.config.rules.filter(
      (r) =>
        r.status === 'Enabled' &&
        r.abortIncompleteMultipartUploadDays !== undefined &&
        r.filter.tags.length === 0,
    );
    if (rules.length === 0) return;
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    for (;;) {
      const page = await this.services.objectLayer.listMultipartUploads(this.bucket, {
        maxUploads: PAGE,
        ...(keyMarker !== undefined ? { keyMarker } : {}),
        ...(uploadIdMarker !== undefined ? { uploadIdMarker } : {}),
      });
      for (const u of page.uploads) {
        const rule = rules.find(
          (r) =>
            u.key.startsWith(r.filter.prefix) &&
            this.due(u.initiated, r.abortIncompleteMultipartUploadDays, undefined),
        );
        if (rule === undefined) continue;
        await this.services.objectLayer
          .abortMultipartUpload(this.bucket, u.key, u.uploadId)
          .catch(() => undefined);
        this.outcome.aborted++;
      }
      if (!page.isTruncated) return;
      keyMarker = page.nextKeyMarker;
      uploadIdMarker = page.nextUploadIdMarker;
      await nextTurn();
    }
  }
}

/** Applies `bucket`'s lifecycle configuration once; undefined when it has none. */
export async function applyLifecycle(
  services: LifecycleServices,
  bucket: string,
  signal?: AbortSignal,
): Promise<LifecycleOutcome | undefined> {
  const config = await services.bucketMetadata.get(bucket, 'lifecycle');
  if (config === undefined) return undefined;
  const meta = await services.objectLayer.getBucketMetadata(bucket);
  const pass = new LifecyclePass(services, bucket, config, meta.versioning !== 'Unversioned');
  let keyMarker: string | undefined;
  let versionIdMarker: string | undefined;
  let pending: ObjectInfo[] = [];
  for (;;) {
    signal?.throwIfAborted();
    const page = await services.objectLayer.listObjectVersions(bucket, {
      maxKeys: PAGE,
      ...(keyMarker !== undefined ? { keyMarker } : {}),
      ...(versionIdMarker !== undefined ? { versionIdMarker } : {}),
    });
    for (const v of page.versions) {
      if (pending.length > 0 && pending[0]?.key !== v.key) {
        await pass.key(pending);
        pending = [];
      }
      pending.push(v);
    }
    if (!page.isTruncated) break;
    keyMarker = page.nextKeyMarker;
    versionIdMarker = page.nextVersionIdMarker;
    await nextTurn();
  }
  await pass.key(pending);
  await pass.uploads();
  return pass.outcome;
}

/**
 * The scanner hook (`AfterBucketScan`): the lifecycle pass of each measured bucket, plus the retry
 * of queued tier removals once per cycle; true (measure again) when it changed the bucket.
 */
export function lifecycleHook(
  services: LifecycleServices,
): (bucket: string, _usage: unknown, signal: AbortSignal) => Promise<boolean> {
  return async (bucket, _usage, signal) => {
    try {
      await services.tiering.retryJournal();
      const outcome = await applyLifecycle(services, bucket, signal);
      if (outcome === undefined) return false;
      const { expired, transitioned, aborted, lockedSkipped } = outcome;
      if (expired + transitioned + aborted + lockedSkipped > 0) {
        services.log(
          `lifecycle: ${bucket}: expired ${expired}, transitioned ${transitioned}, aborted ${aborted} uploads, kept ${lockedSkipped} locked`,
        );
      }
      return expired + transitioned + aborted > 0;
    } catch (error) {
      if (signal.aborted) throw error;
      services.log(`lifecycle: bucket ${bucket}: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  };
}
