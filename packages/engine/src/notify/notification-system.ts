/**
 * The notification system (issue 10 §2): builds the configured targets (`notify_<service>[:id]`
 * with `enable=on`) through the target factories, gives each a queue store and a sender loop, and
 * delivers object events to them according to each bucket's notification rules.
 *
 * It subscribes to the object event hub once the first target exists (an engine without targets
 * pays nothing per request), with a cheap synchronous pre-filter: the rules of the
 * buckets that have any, kept in memory (loaded at start, refreshed on every change of a bucket's
 * notification configuration), so reads and writes nobody asked for build no record. For each
 * event that passes it reads the bucket's configuration again (authoritative, cached by the bucket
 * metadata service) and queues one `TargetEvent` per matching target — once per target even when
 * several rules of the bucket name it, as MinIO. A change of a `notify_*` sub-system rebuilds the targets (queued events stay in their stores — memory queues
 * are carried over — and are sent by the new loops; events published meanwhile wait in the hub).
 */
import type { BucketMetadataService } from '../bucket/bucket-metadata.js';
import type { NotificationConfiguration } from '../bucket/notification.js';
import { isOn, type ConfigReader, type ConfigValues } from '../config/index.js';
import type { ObjectChange, ObjectEvent, ObjectEventHub } from '../events/index.js';
import path from 'node:path';
import { parseTargetArn, ruleMatches } from './event-rules.js';
import { defaultTargetFactories, notifySubsystem } from './factories.js';
import { DiskQueueStore, MemoryQueueStore, type QueueStore } from './queue-store.js';
import { targetArn, type NotifyService, type TargetEvent, type TargetFactory } from './target.js';
import { TargetSender, type RetryOptions, type TargetStats } from './target-sender.js';

/** MinIO's default `queue_limit`. */
export const DEFAULT_QUEUE_LIMIT = 100_000;
/** Bound of the in-memory queue of a target without `queue_dir` (unless queue_limit is lower). */
const MEMORY_QUEUE_LIMIT = 10_000;
/** How long an online/offline answer is reused. */
const STATUS_CACHE_MS = 5000;
/** An online check that takes longer than this counts as offline. */
const STATUS_TIMEOUT_MS = 2000;
/** The hub may hold this many events for the notification system while queue stores write. */
const HUB_QUEUE_LIMIT = 10_000;
/** The hub's name for the notification system's subscription. */
const SUBSCRIBER = 'notify';
/** How long `close` waits for events already published to reach the queue stores. */
const DRAIN_MS = 5000;

export interface NotificationSystemOptions {
  config: ConfigReader;
  events: ObjectEventHub;
  bucketMetadata: BucketMetadataService;
  /** The region in ARNs. */
  region: string;
  /** Every bucket's name (to load the rules at start); default: none known until they change. */
  listBuckets?: () => Promise<string[]>;
  /** Default: `defaultTargetFactories()`. */
  factories?: TargetFactory[];
  retry?: RetryOptions;
  log?: (line: string) => void;
}

/** The `status` MinIO shows per target in admin info. */
export type TargetStatus = 'online' | 'offline';

interface RunningTarget {
  arn: string;
  service: NotifyService;
  id: string;
  sender: TargetSender;
  status?: { value: TargetStatus; at: number; pending?: Promise<TargetStatus> };
}

/** MinIO names the default target (`notify_webhook` without `:name`) `_` in its ARN. */
function targetId(name: string): string {
  return name === '' ? '_' : name;
}

function limitOf(values: ConfigValues): number {
  const raw = values.get('queue_limit') ?? '';
  const n = raw === '' ? NaN : Number(raw);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_QUEUE_LIMIT;
}

export class NotificationSystem {
  private targets = new Map<string, RunningTarget>();
  private unsubscribe: (() => void) | undefined;
  private stopConfig: (() => void) | undefined;
  private stopBucketWatch: (() => void) | undefined;
  /** The rules of every bucket that has some (the hub pre-filter). */
  private readonly rules = new Map<string, NotificationConfiguration>();
  /** Buckets whose configuration changed and has not been read again yet: everything passes. */
  private readonly changed = new Set<string>();
  private reloading: Promise<void> = Promise.resolve();
  /** Settled except while the targets are being rebuilt. */
  private ready: Promise<void> = Promise.resolve();
  /** The in-memory queues by ARN, kept across rebuilds. */
  private memoryStores = new Map<string, MemoryQueueStore>();
  private closed = false;
  /** Live listen streams (ListenBucketNotification), ended before the engine closes. */
  private readonly listeners = new Set<() => void>();
  /** `deliver` calls running now (for the drain at close). */
  private inflight = 0;
  private readonly factories: Map<NotifyService, TargetFactory>;
  private readonly log: (line: string) => void;

  constructor(private readonly options: NotificationSystemOptions) {
    this.log = options.log ?? (() => undefined);
    this.factories = new Map(
      (options.factories ?? defaultTargetFactories()).map((factory) => [factory.service, factory]),
    );
  }

  /** Build the targets and start delivering; reloads on later `notify_*` changes. */
  async start(): Promise<void> {
    this.stopConfig = this.options.config.onChange((subsystem) => {
      if (subsystem.startsWith('notify_')) void this.reload();
    });
    this.stopBucketWatch = this.options.bucketMetadata.onChange((change) => {
      if (change.kind !== 'notification') return;
      this.changed.add(change.bucket);
      void this.refreshRules(change.bucket);
    });
    for (const bucket of (await this.options.listBuckets?.()) ?? []) await this.refreshRules(bucket);
    await this.reload();
  }

  /** Read one bucket's rules again into the pre-filter. */
  private async refreshRules(bucket: string): Promise<NotificationConfiguration | undefined> {
    let config: NotificationConfiguration | undefined;
    try {
      config = await this.options.bucketMetadata.get(bucket, 'notification');
    } catch {
      config = undefined; // The bucket is gone.
    }
    if (config !== undefined && config.targets.length > 0) this.rules.set(bucket, config);
    else this.rules.delete(bucket);
    this.changed.delete(bucket);
    return config;
  }

  /** The hub pre-filter: could any rule of the bucket want this change? */
  private wants(change: ObjectChange): boolean {
    if (this.targets.size === 0) return false;
    if (this.changed.has(change.bucket)) return true;
    const config = this.rules.get(change.bucket);
    return config !== undefined && config.targets.some((rule) => ruleMatches(rule, change.name, change.key));
  }

  /** Rebuild every target from the configuration (serialised: one rebuild at a time). */
  reload(): Promise<void> {
    this.reloading = this.reloading
      .then(() => this.rebuild())
      .catch((err: unknown) => {
        this.log(`notify: rebuilding the targets failed: ${(err as Error).message}`);
      });
    return this.reloading;
  }

  private async rebuild(): Promise<void> {
    if (this.closed) return;
    // Events that arrive meanwhile wait in the hub's queue for the new targets (deliver awaits).
    let release = (): void => undefined;
    this.ready = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      await Promise.all([...this.targets.values()].map((t) => t.sender.close()));
      const next = await this.buildTargets();
      if (this.closed) {
        await Promise.all([...next.values()].map((t) => t.sender.close()));
        return;
      }
      this.targets = next;
      if (next.size > 0 && this.unsubscribe === undefined) {
        const accept = (change: ObjectChange): boolean => this.wants(change);
        this.unsubscribe = this.options.events.subscribe({ accept }, (event) => this.deliver(event), {
          name: SUBSCRIBER,
          queueLimit: HUB_QUEUE_LIMIT,
        });
      }
    } finally {
      release();
    }
  }

  private async buildTargets(): Promise<Map<string, RunningTarget>> {
    const next = new Map<string, RunningTarget>();
    const memory = new Map<string, MemoryQueueStore>();
    for (const [service, factory] of this.factories) {
      for (const entry of this.options.config.targets(notifySubsystem(service))) {
        if (!isOn(entry.values.get('enable'))) continue;
        const id = targetId(entry.target);
        const arn = targetArn(this.options.region, id, service);
        const name = `${service}:${id}`;
        try {
          const target = factory.create(id, entry.values, (line) => this.log(`notify: ${name}: ${line}`));
          const queueDir = entry.values.get('queue_dir') ?? '';
          const limit = limitOf(entry.values);
          let store: QueueStore;
          if (queueDir === '') {
            // A rebuild keeps what the target's memory queue still holds.
            const kept = this.memoryStores.get(arn);
            store = kept ?? new MemoryQueueStore(Math.min(limit, MEMORY_QUEUE_LIMIT));
            memory.set(arn, store as MemoryQueueStore);
          } else {
            store = new DiskQueueStore(path.join(queueDir, `${service}-${id}`), limit, this.log);
          }
          const sender = new TargetSender(target, store, name, this.log, this.options.retry);
          await sender.start();
          next.set(arn, { arn, service, id, sender });
        } catch (err) {
          // One bad target must not keep the others (or the engine) from starting.
          this.log(`notify: target ${name} not started: ${(err as Error).message}`);
        }
      }
    }
    this.memoryStores = memory;
    return next;
  }

  /** Queue one event for every target the bucket's rules send it to. */
  private async deliver(event: ObjectEvent): Promise<void> {
    this.inflight++;
    try {
      await this.ready;
      await this.route(event);
    } finally {
      this.inflight--;
    }
  }

  private async route(event: ObjectEvent): Promise<void> {
    // Authoritative (the pre-filter may be behind a change); also keeps the pre-filter current.
    const config = await this.refreshRules(event.bucket);
    if (config === undefined || config.targets.length === 0) return;
    const chosen = new Set<RunningTarget>();
    for (const rule of config.targets) {
      if (!ruleMatches(rule, event.name, event.key)) continue;
      const target = this.find(rule.arn);
      if (target !== undefined) chosen.add(target);
    }
    if (chosen.size === 0) return;
    const payload: TargetEvent = {
      EventName: event.name,
      Key: `${event.bucket}/${event.key}`,
      Records: [event.record],
    };
    for (const target of chosen) await target.sender.enqueue(payload);
  }

  /** The running target an ARN names (its region may be empty), or undefined. */
  private find(arn: string): RunningTarget | undefined {
    const parsed = parseTargetArn(arn);
    if (parsed === undefined) return undefined;
    return this.targets.get(targetArn(this.options.region, parsed.id, parsed.service));
  }

  /** Whether an ARN names a configured target (for PutBucketNotificationConfiguration). */
  hasTarget(arn: string): boolean {
    return this.find(arn) !== undefined;
  }

  /** The region ARNs carry. */
  get region(): string {
    return this.options.region;
  }

  /** Every target's ARN (admin info's `sqsARN`), sorted. */
  arns(): string[] {
    return [...this.targets.keys()].sort();
  }

  /** Counters per ARN. */
  stats(): Record<string, TargetStats> {
    return Object.fromEntries([...this.targets.values()].map((t) => [t.arn, t.sender.stats()]));
  }

  /**
   * MinIO's `services.notifications` of admin info: per service, per target id, online/offline.
   * Answers within ~2 s (a hanging target counts as offline); answers are reused for a few seconds.
   */
  async status(): Promise<Record<string, Record<string, { status: TargetStatus }>[]>[]> {
    const targets = [...this.targets.values()];
    const statuses = await Promise.all(targets.map((t) => this.statusOf(t)));
    const byService = new Map<string, Record<string, { status: TargetStatus }>[]>();
    targets.forEach((t, i) => {
      const list = byService.get(t.service) ?? [];
      list.push({ [t.id]: { status: statuses[i] ?? 'offline' } });
      byService.set(t.service, list);
    });
    return [...byService.entries()].map(([service, list]) => ({ [service]: list }));
  }

  private statusOf(t: RunningTarget): Promise<TargetStatus> {
    const now = Date.now();
    if (t.status !== undefined && now - t.status.at < STATUS_CACHE_MS) return Promise.resolve(t.status.value);
    if (t.status?.pending !== undefined) return t.status.pending;
    const pending = new Promise<TargetStatus>((resolve) => {
      const timer = setTimeout(() => resolve('offline'), STATUS_TIMEOUT_MS);
      t.sender.target.isActive().then(
        (active) => {
          clearTimeout(timer);
          resolve(active ? 'online' : 'offline');
        },
        () => {
          clearTimeout(timer);
          resolve('offline');
        },
      );
    }).then((value) => {
      t.status = { value, at: Date.now() };
      return value;
    });
    t.status = { value: t.status?.value ?? 'offline', at: t.status?.at ?? 0, pending };
    return pending;
  }

  /**
   * Register a live listen stream's stop function; `endListeners` calls it when the engine shuts
   * down (a stream never ends by itself). Returns the function that unregisters it.
   */
  trackListener(stop: () => void): () => void {
    this.listeners.add(stop);
    return () => this.listeners.delete(stop);
  }

  /** End every listen stream (the engine closes its listener next). */
  endListeners(): void {
    for (const stop of [...this.listeners]) stop();
  }

  /**
   * Wait (a bounded time) until the events the hub already holds for us are in the queue stores:
   * the engine closes its listener first, so an event whose request was answered is not lost to
   * a clean shutdown.
   */
  private async drain(): Promise<void> {
    const until = Date.now() + DRAIN_MS;
    const pending = (): boolean =>
      this.inflight > 0 ||
      this.options.events.stats().subscribers.some((s) => s.name === SUBSCRIBER && s.queued > 0);
    while (this.unsubscribe !== undefined && pending() && Date.now() < until) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** Stop delivery and close every target; queued events stay in their stores. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopConfig?.();
    this.stopBucketWatch?.();
    await this.drain();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    await this.reloading;
    const all = [...this.targets.values()];
    this.targets = new Map();
    await Promise.all(all.map((t) => t.sender.close()));
  }
}
