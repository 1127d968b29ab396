/**
 * Bucket replication (issue 12 §1): the workers that send a bucket's object changes to its remote
 * targets, driven by the object event hook.
 *
 * - **Intake.** One hub subscription, pre-filtered to buckets with a replication configuration
 *   (refreshed on every configuration change). For each change the rules (`rules.ts`) name the
 *   target ARNs; one task per ARN is written to the backlog on the drives (`backlog.ts`), and a
 *   new version is marked PENDING for each target before the task can run. Replicas
 *   (status REPLICA, written by another site's replication) are never sent on.
 * - **Workers.** Up to `workers` tasks run at once, highest rule priority first, in change order
 *   per object (a key's later task waits for its earlier one). Success removes the task and
 *   marks the version COMPLETED for that target; a failure marks it FAILED and retries the task
 *   with a doubling pause (`retry`); a target that cannot be reached (connection error, 5xx, keys refused) is
 *   held offline as a whole, so while it is down one probe per pause is made, not one per task.
 *   The backlog survives restarts: `start` loads what an earlier run left.
 * - **Existing objects.** A rule with ExistingObjectReplication makes a walk of the bucket's
 *   versions queue every version not yet COMPLETED for its target — when the configuration is
 *   set, at start, and on MinIO's `replication-reset` (resync) — with the same task path.
 */
import { randomUUID } from 'node:crypto';
import type { BucketMetadataService } from '../bucket/bucket-metadata.js';
import type { BucketTarget } from '../bucket/remote-targets.js';
import type { ReplicationConfiguration } from '../bucket/replication.js';
import {
  REPLICATION_STATUS_KEY,
  setTargetStatus,
  targetStatuses,
  type ReplicationStatus,
} from '../bucket/replication-status.js';
import type { ObjectEvent, ObjectEventHub } from '../events/index.js';
import type { ObjectLayer } from '../object-layer/types.js';
import { Backlog, type ReplicationTask, type TaskOp } from './backlog.js';
import { RemoteError, RemoteS3Client } from './remote-client.js';
import { remoteEndpointOf } from './remote-check.js';
import { replicateTask, type TargetView } from './replicate-op.js';
import { replicateToS3 } from './replicate-s3-op.js';
import { matchTargets, type ChangeKind } from './rules.js';
import { ReplicationStats } from './stats.js';
import type { TargetHealth } from '../bucket/remote-targets.js';

export interface ReplicationRetry {
  /** First pause after a failure (default 1 s); it doubles per failure. */
  initialMs?: number;
  /** Longest pause (default 60 s). */
  maxMs?: number;
}

export interface ReplicationOptions {
  objectLayer: ObjectLayer;
  events: ObjectEventHub;
  bucketMetadata: BucketMetadataService;
  log?: (line: string) => void;
  retry?: ReplicationRetry;
  /** Tasks in flight at once (default 4). */
  workers?: number;
  /** Per-request timeout towards a remote (default 30 s). */
  requestTimeoutMs?: number;
}

interface QueuedTask extends ReplicationTask {
  size: number;
  attempts: number;
  notBefore: number;
}

interface TargetState {
  target: BucketTarget;
  client: RemoteS3Client;
  /** What tasks see of the target (its bucket, wire flavour, object lock asked once). */
  view: TargetView;
  online: boolean;
  failures: number;
  notBefore: number;
  lastOnline?: Date;
  offlineSince?: number;
  downtimeMs: number;
  offlineCount: number;
  latency: { curr: number; avg: number; max: number; n: number };
}

/** A resync (`replication-reset`) of one bucket towards one target. */
export interface ResyncState {
  arn: string;
  resetId: string;
  startTime: Date;
  endTime?: Date;
  /** Ongoing while versions are queued or sent; Completed once the last one is; Failed if the walk failed. */
  status: 'Ongoing' | 'Completed' | 'Failed';
  queued: number;
  /** The walk has queued every version. */
  walked: boolean;
  replicatedCount: number;
  replicatedSize: number;
  failedCount: number;
  failedSize: number;
}

const HANDLER_NAME = 'replication';

/**
 * A listing page's versions with each key's versions oldest first (listings give newest first):
 * a plain S3 target (`replicate-s3-op.ts`) gets no version ids, so the order it receives them in
 * is the history it keeps and the last one its current object. (A key whose versions span two
 * pages is ordered within each page.) MinIO targets are told ids and times: order is moot there.
 */
function oldestFirstPerKey<T extends { key: string }>(versions: readonly T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < versions.length;) {
    let j = i;
    while (j < versions.length && versions[j]?.key === versions[i]?.key) j++;
    out.push(...versions.slice(i, j).reverse());
    i = j;
  }
  return out;
}

/** In-place changes of a version and the task that sends them. */
const METADATA_OPS: Partial<Record<string, TaskOp>> = {
  's3:ObjectCreated:PutTagging': 'tags',
  's3:ObjectCreated:DeleteTagging': 'tags',
  's3:ObjectCreated:PutRetention': 'lock',
  's3:ObjectCreated:PutLegalHold': 'lock',
};

export class ReplicationSystem {
  private readonly backlog: Backlog;
  private readonly queue: QueuedTask[] = [];
  private readonly busyKeys = new Set<string>();
  private readonly targets = new Map<string, TargetState>();
  private readonly replicating = new Set<string>();
  private readonly resyncs = new Map<string, ResyncState>();
  readonly stats = new ReplicationStats();
  private readonly log: (line: string) => void;
  private readonly initialMs: number;
  private readonly maxMs: number;
  private readonly workers: number;
  private running = 0;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private unsubscribe: (() => void) | undefined;
  private stopConfigWatch: (() => void) | undefined;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly options: ReplicationOptions) {
    this.backlog = new Backlog(options.objectLayer);
    this.log = options.log ?? (() => undefined);
    this.initialMs = options.retry?.initialMs ?? 1000;
    this.maxMs = options.retry?.maxMs ?? 60_000;
    this.workers = options.workers ?? 4;
  }

  /** Load the backlog left by an earlier run, subscribe to object changes, queue existing objects. */
  async start(): Promise<void> {
    const { bucketMetadata, events } = this.options;
    this.stopConfigWatch = bucketMetadata.onChange((change) => {
      if (change.kind === 'remoteTargets') this.dropTargets(change.bucket);
      if (change.kind !== 'replication') return;
      if (change.set) {
        this.replicating.add(change.bucket);
        this.walkExisting(change.bucket);
      } else this.replicating.delete(change.bucket);
    });
    for (const bucket of await this.options.objectLayer.listBuckets()) {
      const config = await bucketMetadata.get(bucket.name, 'replication').catch(() => undefined);
      if (config !== undefined) this.replicating.add(bucket.name);
    }
    this.unsubscribe = events.subscribe(
      { accept: (change) => this.replicating.has(change.bucket) },
      (event) => this.onEvent(event),
      { name: HANDLER_NAME, queueLimit: 65_536 },
    );
    for (const task of await this.backlog.load(this.log)) this.enqueue(task, 0);
    for (const bucket of this.replicating) this.walkExisting(bucket);
    this.pump();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe?.();
    this.stopConfigWatch?.();
    if (this.timer !== undefined) clearTimeout(this.timer);
    // Closing the clients ends the transfers in flight at once; their tasks stay in the backlog.
    for (const state of this.targets.values()) state.client.close();
    await Promise.allSettled([...this.inFlight]);
    this.targets.clear();
  }

  /** The health a target listing shows (online until a contact failed). */
  health(arn: string): TargetHealth {
    const s = this.targets.get(arn);
    const now = Date.now();
    const down = s?.offlineSince !== undefined ? now - s.offlineSince : 0;
    const ns = (ms: number): number => Math.round(ms * 1_000_000);
    return {
      online: s?.online ?? true,
      ...(s?.lastOnline !== undefined ? { lastOnline: s.lastOnline } : {}),
      totalDowntime: ns((s?.downtimeMs ?? 0) + down),
      offlineCount: s?.offlineCount ?? 0,
      latency: { curr: ns(s?.latency.curr ?? 0), avg: ns(s?.latency.avg ?? 0), max: ns(s?.latency.max ?? 0) },
    };
  }

  /** Tasks waiting (all buckets). */
  get backlogLength(): number {
    return this.queue.length;
  }

  /** `?replication-metrics` JSON of a bucket (`version` 2: MinIO's MetricsV2). */
  async metrics(bucket: string, version: 1 | 2): Promise<Record<string, unknown>> {
    const targets = (await this.options.bucketMetadata.get(bucket, 'remoteTargets'))?.targets ?? [];
    const limits = new Map(targets.map((t) => [t.arn, t.bandwidthLimit]));
    return version === 2 ? this.stats.metricsV2(bucket, limits) : this.stats.metrics(bucket, limits);
  }

  /**
   * MinIO's `replication-reset`: queue every version of `bucket` (older than `olderThan`, when
   * given) for `arn` again, replicated or not. Answers the reset's state.
   */
  resync(bucket: string, arn: string, olderThan?: Date, resetId: string = randomUUID()): ResyncState {
    const state: ResyncState = {
      arn,
      resetId,
      startTime: new Date(),
      status: 'Ongoing',
      queued: 0,
      walked: false,
      replicatedCount: 0,
      replicatedSize: 0,
      failedCount: 0,
      failedSize: 0,
    };
    this.resyncs.set(`${bucket}\0${arn}`, state);
    void this.walk(bucket, { arn, all: true, ...(olderThan !== undefined ? { olderThan } : {}) }, state);
    return state;
  }

  resyncState(bucket: string, arn: string): ResyncState | undefined {
    return this.resyncs.get(`${bucket}\0${arn}`);
  }

  // ---- intake -----------------------------------------------------------------------------------

  private async onEvent(event: ObjectEvent): Promise<void> {
    const config = await this.options.bucketMetadata.get(event.bucket, 'replication').catch(() => undefined);
    if (config === undefined || this.closed) return;
    const { name, bucket, key } = event;
    const versionId = event.versionId ?? 'null';
    const time = event.time.toISOString();
    if (name === 's3:ObjectRemoved:DeleteMarkerCreated') {
      await this.addTasks(config, { op: 'marker', bucket, key, versionId, time }, undefined, 'marker');
      return;
    }
    if (name === 's3:ObjectRemoved:Delete') {
      if (event.versionId === undefined) return;
      await this.addTasks(config, { op: 'delete', bucket, key, versionId, time }, undefined, 'delete');
      return;
    }
    const object = event.object;
    if (object === undefined || object.internal[REPLICATION_STATUS_KEY] === 'REPLICA') return;
    const tags = [...new URLSearchParams(object.tagging ?? '')].map(([k, v]) => ({ key: k, value: v }));
    const metadataOp = METADATA_OPS[name];
    if (metadataOp !== undefined) {
      // Only versions the target already has (or is about to get) take a metadata update.
      const sent = targetStatuses(object.internal);
      const matches = matchTargets(config, key, undefined, 'object').filter((m) => sent.has(m.arn));
      for (const m of matches) {
        await this.add({ op: metadataOp, bucket, key, versionId, time, arn: m.arn, priority: m.priority }, 0);
      }
      return;
    }
    if (!name.startsWith('s3:ObjectCreated:')) return;
    if (object.encryption?.kind === 'SSE-C') {
      // Its key is not stored: the plaintext cannot be read to send it. Say so on the version.
      const arns = matchTargets(config, key, tags, 'object').map((m) => m.arn);
      if (arns.length > 0) await this.setStatus(bucket, key, versionId, arns, 'FAILED');
      return;
    }
    await this.addTasks(
      config,
      { op: 'put', bucket, key, versionId, time },
      tags,
      'object',
      object.size,
      object.internal,
    );
  }

  private async addTasks(
    config: ReplicationConfiguration,
    base: { op: TaskOp; bucket: string; key: string; versionId: string; time: string },
    tags: { key: string; value: string }[] | undefined,
    kind: ChangeKind,
    size = 0,
    internal: Record<string, string> = {},
  ): Promise<void> {
    const matches = matchTargets(config, base.key, tags, kind);
    if (matches.length === 0) return;
    // The write handlers mark a version PENDING as they write it; only other writers need it here.
    const marked = targetStatuses(internal);
    if (base.op === 'put' && !matches.every((m) => marked.has(m.arn))) {
      await this.setStatus(
        base.bucket,
        base.key,
        base.versionId,
        matches.map((m) => m.arn),
        'PENDING',
      );
    }
    for (const m of matches) await this.add({ ...base, arn: m.arn, priority: m.priority }, size);
  }

  private async add(task: Omit<ReplicationTask, 'seq'>, size: number): Promise<void> {
    const stored = await this.backlog.add(task);
    this.enqueue(stored, size);
    this.pump();
  }

  private enqueue(task: ReplicationTask, size: number): void {
    this.queue.push({ ...task, size, attempts: 0, notBefore: 0 });
    this.stats.queued(task.bucket, task.arn, size);
  }

  /** Queue the versions of `bucket` that rules with ExistingObjectReplication have not sent yet. */
  private walkExisting(bucket: string): void {
    void this.walk(bucket, { all: false });
  }

  private async walk(
    bucket: string,
    scope: { arn?: string; all: boolean; olderThan?: Date },
    state?: ResyncState,
  ): Promise<void> {
    const layer = this.options.objectLayer;
    try {
      const config = await this.options.bucketMetadata.get(bucket, 'replication');
      if (config === undefined) throw new Error('no replication configuration');
      const queuedKeys = new Set(
        this.queue.filter((t) => t.bucket === bucket).map((t) => `${t.key}\0${t.versionId}\0${t.arn}`),
      );
      let keyMarker: string | undefined;
      let versionIdMarker: string | undefined;
      for (;;) {
        if (this.closed) return;
        const page = await layer.listObjectVersions(bucket, {
          maxKeys: 1000,
          ...(keyMarker !== undefined ? { keyMarker } : {}),
          ...(versionIdMarker !== undefined ? { versionIdMarker } : {}),
        });
        for (const v of oldestFirstPerKey(page.versions)) {
          if (scope.olderThan !== undefined && v.lastModified >= scope.olderThan) continue;
          if (v.internal[REPLICATION_STATUS_KEY] === 'REPLICA' || v.encryption?.kind === 'SSE-C') continue;
          const tags = v.deleteMarker
            ? undefined
            : [...new URLSearchParams(v.tagging ?? '')].map(([k, val]) => ({ key: k, value: val }));
          const statuses = targetStatuses(v.internal);
          for (const m of matchTargets(config, v.key, tags, v.deleteMarker ? 'marker' : 'object')) {
            if (scope.arn !== undefined && m.arn !== scope.arn) continue;
            if (queuedKeys.has(`${v.key}\0${v.versionId}\0${m.arn}`)) continue;
            if (!this.walkWants(config, m.arn, v.deleteMarker, statuses.get(m.arn), scope.all)) continue;
            const op: TaskOp = v.deleteMarker ? 'marker' : 'put';
            if (op === 'put' && statuses.get(m.arn) !== 'PENDING') {
              await this.setStatus(bucket, v.key, v.versionId, [m.arn], 'PENDING');
            }
            const base = {
              op,
              bucket,
              key: v.key,
              versionId: v.versionId,
              time: v.lastModified.toISOString(),
            };
            const reset = state !== undefined ? { resetId: state.resetId } : {};
            await this.add({ ...base, arn: m.arn, priority: m.priority, ...reset }, v.size);
            if (state !== undefined) state.queued++;
          }
        }
        if (!page.isTruncated) break;
        keyMarker = page.nextKeyMarker;
        versionIdMarker = page.nextVersionIdMarker;
      }
      if (state !== undefined) {
        state.walked = true;
        this.resyncProgress(bucket, state);
      }
    } catch (err) {
      if (state !== undefined) {
        state.status = 'Failed';
        state.endTime = new Date();
      }
      this.log(`replication: walking bucket ${bucket} failed: ${(err as Error).message}`);
    }
  }

  /**
   * Whether a walk queues a version for `arn`: a resync every version its existing-object rule
   * covers; the plain walk (configuration set, start) the versions not yet COMPLETED there — those
   * never marked only under an existing-object rule, those marked PENDING or FAILED (a task lost
   * with a dropped event) always. Delete markers only by resync.
   */
  private walkWants(
    config: ReplicationConfiguration,
    arn: string,
    deleteMarker: boolean,
    status: ReplicationStatus | undefined,
    resync: boolean,
  ): boolean {
    const existing = config.rules.some(
      (r) => r.status === 'Enabled' && r.destinationBucket === arn && r.existingObjectReplication,
    );
    if (resync) return existing;
    if (deleteMarker || status === 'COMPLETED') return false;
    return status !== undefined || existing;
  }

  // ---- workers ----------------------------------------------------------------------------------

  /** The next task that may run now: highest priority, first in change order, its key not busy. */
  private pick(now: number): QueuedTask | undefined {
    const seenKeys = new Set<string>();
    let best: QueuedTask | undefined;
    for (const task of this.queue) {
      const k = `${task.bucket}/${task.key}`;
      if (seenKeys.has(k)) continue;
      seenKeys.add(k);
      if (this.busyKeys.has(k) || task.notBefore > now) continue;
      const target = this.targets.get(task.arn);
      if (target !== undefined && target.notBefore > now) continue;
      if (best === undefined || task.priority > best.priority) best = task;
    }
    return best;
  }

  private pump(): void {
    if (this.closed) return;
    const now = Date.now();
    while (this.running < this.workers) {
      const task = this.pick(now);
      if (task === undefined) break;
      const k = `${task.bucket}/${task.key}`;
      this.busyKeys.add(k);
      this.running++;
      const run = this.run(task).finally(() => {
        this.running--;
        this.busyKeys.delete(k);
        this.inFlight.delete(run);
        this.pump();
      });
      this.inFlight.add(run);
    }
    this.scheduleWake(now);
  }

  /** Wake up when the earliest waiting task or target may run again. */
  private scheduleWake(now: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.queue.length === 0) return;
    let at = Infinity;
    for (const task of this.queue) {
      const target = this.targets.get(task.arn);
      at = Math.min(at, Math.max(task.notBefore, target?.notBefore ?? 0));
    }
    if (at === Infinity || at <= now) return;
    this.timer = setTimeout(() => this.pump(), at - now);
    this.timer.unref();
  }

  private backoff(failures: number): number {
    return Math.min(this.maxMs, this.initialMs * 2 ** Math.max(0, failures - 1));
  }

  private async targetState(bucket: string, arn: string): Promise<TargetState | undefined> {
    const known = this.targets.get(arn);
    if (known !== undefined) return known;
    const doc = await this.options.bucketMetadata.get(bucket, 'remoteTargets');
    const target = doc?.targets.find((t) => t.arn === arn);
    if (target === undefined) return undefined;
    const client = new RemoteS3Client(remoteEndpointOf(target), this.options.requestTimeoutMs);
    let lock: Promise<boolean> | undefined;
    const view: TargetView = {
      bucket: target.targetBucket,
      flavor: target.flavor ?? 'minio',
      lockEnabled: () => {
        // Asked again after a failed answer; kept once known.
        lock ??= client.bucketLockEnabled(target.targetBucket).catch((err: unknown) => {
          lock = undefined;
          throw err;
        });
        return lock;
      },
    };
    const state: TargetState = {
      target,
      client,
      view,
      online: true,
      failures: 0,
      notBefore: 0,
      downtimeMs: 0,
      offlineCount: 0,
      latency: { curr: 0, avg: 0, max: 0, n: 0 },
    };
    this.targets.set(arn, state);
    return state;
  }

  /** Forget the clients of a bucket's targets (their settings changed): made again on next use. */
  private dropTargets(bucket: string): void {
    for (const [arn, state] of this.targets) {
      if (state.target.sourceBucket !== bucket) continue;
      state.client.close();
      this.targets.delete(arn);
    }
  }

  private async run(task: QueuedTask): Promise<void> {
    const started = Date.now();
    const target = await this.targetState(task.bucket, task.arn).catch(() => undefined);
    if (target === undefined) {
      this.log(`replication: ${task.bucket}/${task.key}: target ${task.arn} no longer exists; task dropped`);
      await this.finish(task);
      return;
    }
    try {
      const send = target.view.flavor === 's3' ? replicateToS3 : replicateTask;
      const result = await send(this.options.objectLayer, target.client, task, target.view);
      this.markOnline(target, Date.now() - started);
      if (typeof result === 'object' && 'skipped' in result) {
        this.log(
          `replication: ${task.bucket}/${task.key} (${task.op}) to ${task.arn} not sent: ${result.skipped}`,
        );
      }
      if (result !== 'gone' && task.op === 'put') {
        await this.setStatus(task.bucket, task.key, task.versionId, [task.arn], 'COMPLETED');
      }
      // Gone or skipped: nothing went over, so nothing counts as replicated.
      const sent = typeof result === 'object' && 'bytes' in result;
      await this.finish(task, sent ? Date.now() - started : undefined);
    } catch (err) {
      // Cut off by `close`: the task is still in the backlog for the next start.
      if (this.closed) return;
      await this.failed(task, target, err);
    }
  }

  /** Complete a resync once its walk is over and none of its tasks is left. */
  private resyncProgress(bucket: string, state: ResyncState): void {
    if (!state.walked || state.status !== 'Ongoing') return;
    if (this.queue.some((t) => t.bucket === bucket && t.resetId === state.resetId)) return;
    state.status = 'Completed';
    state.endTime = new Date();
  }

  private resyncOf(task: QueuedTask): ResyncState | undefined {
    if (task.resetId === undefined) return undefined;
    const state = this.resyncs.get(`${task.bucket}\0${task.arn}`);
    return state?.resetId === task.resetId ? state : undefined;
  }

  private async finish(task: QueuedTask, ms?: number): Promise<void> {
    const at = this.queue.indexOf(task);
    if (at >= 0) this.queue.splice(at, 1);
    this.stats.done(task.bucket, task.arn, task.size, ms);
    const resync = this.resyncOf(task);
    if (resync !== undefined) {
      if (ms !== undefined) {
        resync.replicatedCount++;
        resync.replicatedSize += task.size;
      }
      this.resyncProgress(task.bucket, resync);
    }
    await this.backlog
      .remove(task.seq)
      .catch((err: Error) => this.log(`replication: backlog: ${err.message}`));
  }

  private markOnline(target: TargetState, ms: number): void {
    if (target.offlineSince !== undefined) target.downtimeMs += Date.now() - target.offlineSince;
    delete target.offlineSince;
    target.online = true;
    target.failures = 0;
    target.notBefore = 0;
    target.lastOnline = new Date();
    const l = target.latency;
    l.curr = ms;
    l.max = Math.max(l.max, ms);
    l.avg = (l.avg * l.n + ms) / (l.n + 1);
    l.n++;
  }

  private async failed(task: QueuedTask, target: TargetState, err: unknown): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    // Down, overloaded or refusing our keys: the whole target waits, not each task on its own.
    const unreachable =
      !(err instanceof RemoteError) ||
      err.status === 0 ||
      err.status === 401 ||
      err.status === 403 ||
      err.status >= 500;
    task.attempts++;
    if (unreachable) {
      if (target.online) {
        target.online = false;
        target.offlineSince = Date.now();
        target.offlineCount++;
      }
      target.failures++;
      target.notBefore = Date.now() + this.backoff(target.failures);
    } else {
      task.notBefore = Date.now() + this.backoff(task.attempts);
    }
    if (task.attempts === 1) {
      this.log(
        `replication: ${task.bucket}/${task.key} (${task.op}) to ${task.arn} failed, will retry: ${message}`,
      );
      this.stats.failed(task.bucket, task.arn, task.size);
      const resync = this.resyncOf(task);
      if (resync !== undefined) {
        resync.failedCount++;
        resync.failedSize += task.size;
      }
      if (task.op === 'put') {
        await this.setStatus(task.bucket, task.key, task.versionId, [task.arn], 'FAILED').catch(
          () => undefined,
        );
      }
    }
  }

  /** Record `status` for the targets on the version (no object event: it is not an object change). */
  private async setStatus(
    bucket: string,
    key: string,
    versionId: string,
    arns: string[],
    status: ReplicationStatus,
  ): Promise<void> {
    try {
      await this.options.objectLayer.updateObjectMetadata(
        bucket,
        key,
        versionId,
        (info) => {
          for (const arn of arns) setTargetStatus(info.internal, arn, status);
        },
        { change: 'replication-status' },
      );
    } catch {
      // The version is gone (deleted meanwhile): nothing to mark.
    }
  }
}
