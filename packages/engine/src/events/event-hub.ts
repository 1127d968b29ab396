/**
 * The object event hub: the one place committed object changes are announced, and the only way to
 * hear about them (notifications, replication, audit and `?events=` listeners all subscribe here).
 *
 * Delivery is asynchronous and bounded. `publish` never runs or awaits a handler: it only appends
 * the event to the queue of each subscriber whose filter matches and schedules that subscriber's
 * pump on a later turn of the event loop. Each subscriber gets its events one at a time, in
 * publication order, waiting for the promise its handler returns before the next. Its queue holds
 * at most `queueLimit` events; on overflow the oldest queued event is dropped and counted (stats
 * and a log line at 1, 10, 100… drops), so a slow or stuck subscriber loses old events instead of
 * slowing writers or growing memory. A handler that throws or rejects is counted and logged; other
 * subscribers and later events are unaffected. Durable, retried delivery is a subscriber's job
 * (the notification targets keep their own persistent queue).
 *
 * Handlers run on the engine's event loop: they must not do long synchronous work (hand it to a
 * worker) and must treat the event as read-only (one object is shared by all subscribers).
 */
import { createHash } from 'node:crypto';
import type { ChangeOrigin, ObjectInfo } from '../object-layer/types.js';
import { BoundedQueue } from './bounded-queue.js';
import { expandEventPatterns, type ObjectEventName, type ObjectEventPattern } from './event-names.js';
import { buildEventRecord, type EngineIdentity, type ObjectEventRecord } from './event-record.js';

/** A committed change, as the object layer decorator or background work reports it. */
export interface ObjectChange {
  name: ObjectEventName;
  bucket: string;
  key: string;
  /** The version written or removed, or the new delete marker's; `'null'` for the null version. */
  versionId?: string;
  /** The committed version (created events). */
  object?: ObjectInfo;
  /** The request behind the change; absent for background work with no request. */
  origin?: ChangeOrigin;
}

/** What subscribers receive: the change, when it was published, and MinIO's record of it. */
export interface ObjectEvent extends Readonly<ObjectChange> {
  readonly time: Date;
  /** Unique and increasing per hub (MinIO's sequencer: upper-case hex of nanoseconds). */
  readonly sequencer: string;
  /** MinIO's `Records[]` entry for this event. */
  readonly record: ObjectEventRecord;
}

/** Which events a subscriber wants; every field that is given must match (all events when empty). */
export interface EventFilter {
  /** Names or `s3:ObjectCreated:*` / `s3:ObjectRemoved:*`. */
  events?: readonly ObjectEventPattern[];
  bucket?: string;
  /** Key prefix and suffix (MinIO's S3Key filter rules). */
  prefix?: string;
  suffix?: string;
  /**
   * A further test, run only when every other field matched and before the event is built: a
   * subscriber that wants few of the events it could see (the notification system: only buckets
   * with rules) keeps the hot paths from building records nobody receives. Must be cheap and
   * synchronous; a throw counts as no match.
   */
  accept?: (change: ObjectChange) => boolean;
}

/** Called once per matching event; the next event waits for the returned promise. */
export type EventHandler = (event: ObjectEvent) => void | Promise<void>;

export interface SubscribeOptions {
  /** Shown in logs and stats (e.g. `notify:webhook:1`, `listen:10.0.0.5`). */
  name?: string;
  /** Most events waiting for this subscriber; default `DEFAULT_QUEUE_LIMIT`. */
  queueLimit?: number;
}

export interface SubscriberStats {
  name: string;
  /** Events waiting now (never more than `queueLimit`). */
  queued: number;
  queueLimit: number;
  /** Handler calls that returned or resolved. */
  delivered: number;
  /** Events evicted from a full queue. */
  dropped: number;
  /** Handler calls that threw or rejected. */
  failed: number;
}

export interface HubStats {
  /** Changes published since start. */
  published: number;
  subscribers: SubscriberStats[];
}

export interface ObjectEventHub {
  /** Announce a committed change; never blocks, never throws because of a subscriber. */
  publish(change: ObjectChange): void;
  /** Receive matching events until the returned function is called (idempotent). */
  subscribe(filter: EventFilter | undefined, handler: EventHandler, options?: SubscribeOptions): () => void;
  stats(): HubStats;
  /** Stop delivery: queues are discarded, later publishes ignored; running handlers are not awaited. */
  close(): void;
}

export interface EventHubOptions {
  region: string;
  deploymentId: string;
  /** `host:port` the engine listens on. */
  endpoint: () => string;
  log?: (line: string) => void;
}

/** Per-subscriber queue bound: minutes of a busy PUT stream for a live listener, a few MB at most. */
export const DEFAULT_QUEUE_LIMIT = 4096;
/** Events a pump delivers before yielding to I/O, so synchronous handlers cannot starve requests. */
const BATCH = 64;

interface Subscriber {
  name: string;
  names?: Set<ObjectEventName>;
  bucket?: string;
  prefix?: string;
  suffix?: string;
  accept?: (change: ObjectChange) => boolean;
  handler: EventHandler;
  queue: BoundedQueue<ObjectEvent>;
  delivered: number;
  dropped: number;
  failed: number;
  /** A pump is scheduled or running. */
  pumping: boolean;
  active: boolean;
}

function matches(sub: Subscriber, change: ObjectChange): boolean {
  return (
    (sub.names === undefined || sub.names.has(change.name)) &&
    (sub.bucket === undefined || sub.bucket === change.bucket) &&
    (sub.prefix === undefined || change.key.startsWith(sub.prefix)) &&
    (sub.suffix === undefined || change.key.endsWith(sub.suffix)) &&
    (sub.accept === undefined || accepts(sub.accept, change))
  );
}

function accepts(accept: (change: ObjectChange) => boolean, change: ObjectChange): boolean {
  try {
    return accept(change);
  } catch {
    return false;
  }
}

/** 1, 10, 100, …: log lines that stay few however long a problem lasts. */
function isPowerOfTen(n: number): boolean {
  return n >= 1 && Math.log10(n) % 1 === 0;
}

/** Unique increasing sequencers: nanoseconds since the epoch, bumped when the clock repeats. */
function createSequencer(): () => string {
  const anchor = BigInt(Date.now()) * 1_000_000n - process.hrtime.bigint();
  let last = 0n;
  return () => {
    let now = anchor + process.hrtime.bigint();
    if (now <= last) now = last + 1n;
    last = now;
    return now.toString(16).toUpperCase();
  };
}

/** Create the hub of one engine. */
export function createEventHub(options: EventHubOptions): ObjectEventHub {
  const log = options.log ?? (() => undefined);
  const subscribers = new Set<Subscriber>();
  const nextSequencer = createSequencer();
  let hostId: { endpoint: string; id: string } | undefined;
  const identity: EngineIdentity = {
    region: options.region,
    deploymentId: options.deploymentId,
    endpoint: options.endpoint,
    hostId: () => {
      const endpoint = options.endpoint();
      if (hostId?.endpoint !== endpoint) {
        hostId = { endpoint, id: createHash('sha256').update(endpoint).digest('hex') };
      }
      return hostId.id;
    },
  };
  let published = 0;
  let closed = false;
  let anonymous = 0;

  async function pump(sub: Subscriber): Promise<void> {
    let inBatch = 0;
    while (sub.active) {
      const event = sub.queue.shift();
      if (event === undefined) break;
      try {
        await sub.handler(event);
        sub.delivered++;
      } catch (err) {
        sub.failed++;
        if (isPowerOfTen(sub.failed)) {
          const message = err instanceof Error ? err.message : String(err);
          log(
            `events: subscriber ${sub.name} failed on ${event.name} (${sub.failed} failures so far): ${message}`,
          );
        }
      }
      if (++inBatch === BATCH && sub.queue.length > 0) {
        // Let I/O in before the next batch; the pump continues on a later turn.
        setImmediate(() => void pump(sub));
        return;
      }
    }
    sub.pumping = false;
  }

  function enqueue(sub: Subscriber, event: ObjectEvent): void {
    if (sub.queue.push(event) !== undefined) {
      sub.dropped++;
      if (isPowerOfTen(sub.dropped)) {
        log(
          `events: subscriber ${sub.name} is behind; its queue of ${sub.queue.capacity} is full, ` +
            `dropping the oldest events (${sub.dropped} dropped so far)`,
        );
      }
    }
    if (!sub.pumping) {
      sub.pumping = true;
      // Never in the publisher's turn: the writer's answer goes out before any handler runs.
      setImmediate(() => void pump(sub));
    }
  }

  return {
    publish(change) {
      if (closed) return;
      published++;
      let event: ObjectEvent | undefined;
      for (const sub of subscribers) {
        if (!matches(sub, change)) continue;
        if (event === undefined) {
          // Built only when someone listens, once for all of them.
          const time = new Date();
          const sequencer = nextSequencer();
          event = Object.freeze({
            ...change,
            time,
            sequencer,
            record: buildEventRecord({ ...change, time, sequencer }, identity),
          });
        }
        enqueue(sub, event);
      }
    },

    subscribe(filter, handler, subscribeOptions = {}) {
      if (closed) throw new Error('the event hub is closed');
      const sub: Subscriber = {
        name: subscribeOptions.name ?? `subscriber-${++anonymous}`,
        handler,
        queue: new BoundedQueue<ObjectEvent>(subscribeOptions.queueLimit ?? DEFAULT_QUEUE_LIMIT),
        delivered: 0,
        dropped: 0,
        failed: 0,
        pumping: false,
        active: true,
      };
      if (filter?.events !== undefined) sub.names = expandEventPatterns(filter.events);
      if (filter?.bucket !== undefined) sub.bucket = filter.bucket;
      if (filter?.prefix !== undefined && filter.prefix !== '') sub.prefix = filter.prefix;
      if (filter?.suffix !== undefined && filter.suffix !== '') sub.suffix = filter.suffix;
      if (filter?.accept !== undefined) sub.accept = filter.accept;
      subscribers.add(sub);
      return () => {
        sub.active = false;
        sub.queue.clear();
        subscribers.delete(sub);
      };
    },

    stats() {
      return {
        published,
        subscribers: [...subscribers].map((sub) => ({
          name: sub.name,
          queued: sub.queue.length,
          queueLimit: sub.queue.capacity,
          delivered: sub.delivered,
          dropped: sub.dropped,
          failed: sub.failed,
        })),
      };
    },

    close() {
      closed = true;
      for (const sub of subscribers) {
        sub.active = false;
        sub.queue.clear();
      }
      subscribers.clear();
    },
  };
}
