/**
 * `ObjectLayer` over erasure-coded drives: binds the operations of buckets.ts, objects.ts,
 * multipart.ts, listing.ts, system-files.ts and healing.ts to the shared `LayerCore`, and owns
 * the background housekeeping of a running layer — a periodic drive check (notices wiped or
 * removed drives) and a queue of objects to heal that reads report as damaged.
 *
 * Self-healing: when a check (the timer's, or one an I/O error set off) finds a drive empty — wiped,
 * or replaced by a fresh disk — while enough others hold the data, the drive is formatted into its
 * slot and refilled by a background `healAll`, with no restart; writes reach it again as soon as it
 * is formatted. Its progress is in `storageInfo` (`healing`, `healInfo`).
 */
import type { Readable } from 'node:stream';
import * as buckets from './buckets.js';
import type { LayerCore } from './core.js';
import * as healing from './healing.js';
import * as listing from './listing.js';
import * as multipart from './multipart.js';
import * as objects from './objects.js';
import * as system from './system-files.js';
import type {
  BucketInfo,
  BucketMetadata,
  ChecksumAlgorithm,
  ChecksumType,
  CompletePart,
  DataUsage,
  DeleteObjectOptions,
  DeleteObjectResult,
  GetObjectOptions,
  GetObjectResult,
  HealAllOptions,
  HealOptions,
  HealResultItem,
  ListMultipartUploadsOptions,
  ListMultipartUploadsResult,
  ListObjectVersionsOptions,
  ListObjectVersionsResult,
  ListObjectsOptions,
  ListObjectsResult,
  ListPartsResult,
  ObjectInfo,
  ObjectLayer,
  ObjectMetadataInput,
  ObjectPartInfo,
  PutObjectOptions,
  StorageInfo,
  WriteBodyOptions,
  WritePrecondition,
} from './types.js';

/** System file holding the last scanner result (background/scanner.ts writes it). */
export const DATA_USAGE_PATH = 'usage/data-usage.json';

export function emptyDataUsage(): DataUsage {
  return {
    lastUpdate: new Date(0),
    objectsCount: 0,
    versionsCount: 0,
    deleteMarkersCount: 0,
    objectsTotalSize: 0,
    bucketsCount: 0,
    buckets: {},
  };
}

export class ErasureObjectLayer implements ObjectLayer {
  private readonly monitor: NodeJS.Timeout;
  private readonly healQueue = new Map<string, { bucket: string; key: string }>();
  private healing: Promise<void> | undefined;
  /** A full heal started by the layer itself (fresh drives at startup); stopped by `close`. */
  private backgroundHeal: { controller: AbortController; done: Promise<void> } | undefined;

  constructor(
    readonly core: LayerCore,
    options: { driveCheckIntervalMs?: number } = {},
  ) {
    core.scheduleHeal = (bucket, key, reason) => this.enqueueHeal(bucket, key, reason);
    core.onDriveChecked = () => this.healEmptyDrives();
    this.monitor = setInterval(() => {
      void this.checkDrives({ healEmpty: true });
    }, options.driveCheckIntervalMs ?? 2000);
    this.monitor.unref();
  }

  /**
   * Re-checks every drive's format (wiped, removed, back online); with `healEmpty` (the timer's
   * check) a drive found empty is formatted and healed in the background. The checks that come
   * with a request (storage info, an admin heal) only look: the admin heal formats and heals by
   * itself, and reports what it found.
   */
  async checkDrives(options: { healEmpty?: boolean } = {}): Promise<void> {
    await Promise.all(this.core.drives.map((d) => d.check().catch(() => undefined)));
    if (options.healEmpty === true) this.healEmptyDrives();
  }

  /**
   * Starts the background heal of drives found without a format (wiped or replaced) when enough
   * drives are online to rebuild them; a heal already running picks them up on the next check.
   */
  private healEmptyDrives(): void {
    if (this.core.closed || this.backgroundHeal) return;
    const empty = this.core.drives.filter((d) => d.state === 'unformatted').map((d) => d.slot);
    if (empty.length === 0 || this.core.onlineCount() < this.core.readQuorum) return;
    this.core.log(
      `drive(s) ${empty.map((slot) => this.core.drives[slot]?.endpoint).join(', ')} found empty: formatting and healing them`,
    );
    this.healInBackground(empty);
  }

  private enqueueHeal(bucket: string, key: string, reason: string): void {
    if (this.core.closed) return;
    const id = `${bucket}\0${key}`;
    if (this.healQueue.has(id)) return;
    this.core.log(`scheduling heal of ${bucket}/${key}: ${reason}`);
    this.healQueue.set(id, { bucket, key });
    this.healing ??= this.drainHeals().finally(() => {
      this.healing = undefined;
    });
  }

  private async drainHeals(): Promise<void> {
    // Let the read that found the damage finish first.
    await new Promise((r) => setTimeout(r, 10));
    for (const [id, item] of this.healQueue) {
      this.healQueue.delete(id);
      if (this.core.closed) return;
      try {
        await this.checkDrives();
        // Deep: the damage a read reports may be a corrupt block in a file of the right size.
        await healing.healObject(this.core, item.bucket, item.key, { deep: true, removeDangling: false });
      } catch (error) {
        this.core.log(
          `heal of ${item.bucket}/${item.key} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }

  /** Runs `healAll` in the background for drives that were just formatted (marked as healing). */
  healInBackground(slots: number[]): void {
    if (this.backgroundHeal) return;
    for (const slot of slots) this.core.healingDrives.add(slot);
    const controller = new AbortController();
    const done = healing
      .healAll(this.core, { signal: controller.signal })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          this.core.log(
            `healing fresh drives failed: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      })
      .finally(() => {
        this.backgroundHeal = undefined;
      });
    this.backgroundHeal = { controller, done };
  }

  /** Resolves when the background heal queue is empty (tests). */
  async idle(): Promise<void> {
    while (this.healing || this.backgroundHeal) {
      await this.healing;
      await this.backgroundHeal?.done;
    }
  }

  // ---- Buckets ------------------------------------------------------------------------------

  makeBucket(bucket: string, options?: { objectLock?: boolean }): Promise<void> {
    return buckets.makeBucket(this.core, bucket, options);
  }
  async getBucketInfo(bucket: string): Promise<BucketInfo> {
    return buckets.getBucketInfo(this.core, bucket);
  }
  async listBuckets(): Promise<BucketInfo[]> {
    return buckets.listBuckets(this.core);
  }
  deleteBucket(bucket: string, options?: { force?: boolean }): Promise<void> {
    return buckets.deleteBucket(this.core, bucket, options);
  }
  async getBucketMetadata(bucket: string): Promise<BucketMetadata> {
    return buckets.getBucketMetadata(this.core, bucket);
  }
  updateBucketMetadata(bucket: string, update: (meta: BucketMetadata) => void): Promise<BucketMetadata> {
    return buckets.updateBucketMetadata(this.core, bucket, update);
  }

  // ---- Objects ------------------------------------------------------------------------------

  putObject(bucket: string, key: string, body: Readable, options: PutObjectOptions): Promise<ObjectInfo> {
    return objects.putObject(this.core, bucket, key, body, options);
  }
  getObject(bucket: string, key: string, options?: GetObjectOptions): Promise<GetObjectResult> {
    return objects.getObject(this.core, bucket, key, options);
  }
  getObjectInfo(bucket: string, key: string, options?: { versionId?: string }): Promise<ObjectInfo> {
    return objects.getObjectInfo(this.core, bucket, key, options);
  }
  deleteObject(bucket: string, key: string, options?: DeleteObjectOptions): Promise<DeleteObjectResult> {
    return objects.deleteObject(this.core, bucket, key, options);
  }
  updateObjectMetadata(
    bucket: string,
    key: string,
    versionId: string | undefined,
    update: (info: ObjectInfo) => void,
  ): Promise<ObjectInfo> {
    return objects.updateObjectMetadata(this.core, bucket, key, versionId, update);
  }
  async listObjects(bucket: string, options: ListObjectsOptions): Promise<ListObjectsResult> {
    return listing.listObjects(this.core, bucket, options);
  }
  async listObjectVersions(
    bucket: string,
    options: ListObjectVersionsOptions,
  ): Promise<ListObjectVersionsResult> {
    return listing.listObjectVersions(this.core, bucket, options);
  }

  // ---- Multipart ----------------------------------------------------------------------------

  newMultipartUpload(
    bucket: string,
    key: string,
    options: {
      metadata?: ObjectMetadataInput;
      checksumAlgorithm?: ChecksumAlgorithm;
      checksumType?: ChecksumType;
    },
  ): Promise<string> {
    return multipart.newMultipartUpload(this.core, bucket, key, options);
  }
  putObjectPart(
    bucket: string,
    key: string,
    uploadId: string,
    partNumber: number,
    body: Readable,
    options: WriteBodyOptions,
  ): Promise<ObjectPartInfo> {
    return multipart.putObjectPart(this.core, bucket, key, uploadId, partNumber, body, options);
  }
  async listParts(
    bucket: string,
    key: string,
    uploadId: string,
    options: { partNumberMarker?: number; maxParts: number },
  ): Promise<ListPartsResult> {
    return multipart.listParts(this.core, bucket, key, uploadId, options);
  }
  completeMultipartUpload(
    bucket: string,
    key: string,
    uploadId: string,
    parts: CompletePart[],
    options?: { precondition?: WritePrecondition },
  ): Promise<ObjectInfo> {
    return multipart.completeMultipartUpload(this.core, bucket, key, uploadId, parts, options);
  }
  abortMultipartUpload(bucket: string, key: string, uploadId: string): Promise<void> {
    return multipart.abortMultipartUpload(this.core, bucket, key, uploadId);
  }
  async listMultipartUploads(
    bucket: string,
    options: ListMultipartUploadsOptions,
  ): Promise<ListMultipartUploadsResult> {
    return multipart.listMultipartUploads(this.core, bucket, options);
  }

  // ---- System area --------------------------------------------------------------------------

  async readSystemFile(path: string): Promise<Buffer | undefined> {
    return system.readSystemFile(this.core, path);
  }
  writeSystemFile(path: string, data: Buffer): Promise<void> {
    return system.writeSystemFile(this.core, path, data);
  }
  deleteSystemFile(path: string): Promise<void> {
    return system.deleteSystemFile(this.core, path);
  }
  async listSystemFiles(prefix: string): Promise<string[]> {
    return system.listSystemFiles(this.core, prefix);
  }

  // ---- Administration -----------------------------------------------------------------------

  async storageInfo(): Promise<StorageInfo> {
    await this.checkDrives();
    const core = this.core;
    const drives = await Promise.all(
      core.drives.map(async (d) => {
        const space = await d.space();
        return {
          endpoint: d.endpoint,
          path: d.endpoint,
          state: d.state,
          uuid: d.driveId,
          totalSpace: space.total,
          usedSpace: space.used,
          availSpace: space.avail,
          healing: d.state === 'ok' && healing.isDriveHealing(core, d.slot),
          ...(d.state === 'ok' && healing.isDriveHealing(core, d.slot) && core.healProgress
            ? { healInfo: { ...core.healProgress, healedBuckets: [...core.healProgress.healedBuckets] } }
            : {}),
          poolIndex: 0,
          setIndex: 0,
          diskIndex: d.slot,
          latency: d.latency.snapshot(),
        };
      }),
    );
    return {
      deploymentId: core.deploymentId,
      drives,
      dataShards: core.dataShards,
      parityShards: core.parityShards,
      backendType: core.n === 1 ? 'FS' : 'Erasure',
    };
  }

  async dataUsage(): Promise<DataUsage> {
    const raw = system.readSystemFile(this.core, DATA_USAGE_PATH);
    if (raw === undefined) return emptyDataUsage();
    const parsed = JSON.parse(raw.toString('utf8')) as Omit<DataUsage, 'lastUpdate'> & { lastUpdate: string };
    return { ...parsed, lastUpdate: new Date(parsed.lastUpdate) };
  }

  async healObject(bucket: string, key: string, options?: HealOptions): Promise<HealResultItem[]> {
    await this.checkDrives();
    return healing.healObject(this.core, bucket, key, options ?? {});
  }

  async healAll(options: HealAllOptions): Promise<void> {
    await this.checkDrives();
    await healing.healAll(this.core, options);
  }

  async close(): Promise<void> {
    if (this.core.closed) return;
    this.core.closed = true;
    clearInterval(this.monitor);
    if (this.backgroundHeal) {
      this.backgroundHeal.controller.abort();
      await this.backgroundHeal.done;
    }
    await this.idle().catch(() => undefined);
    await this.core.digests.close();
    await Promise.all(this.core.drives.map((d) => d.close()));
  }
}
