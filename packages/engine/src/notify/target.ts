/**
 * A notification target (issue 10 §2): one configured `notify_<service>:<id>` that events are sent
 * to. Each service (webhook, amqp, mqtt, nats, redis, postgres, mysql, kafka, elasticsearch, nsq)
 * supplies a `TargetFactory`; the notification system (`notify/`) builds the targets from the
 * configuration, gives each a persistent queue (`queue_dir`, `queue_limit`) and calls `send` once
 * per event, in order, retrying (with back-off) while `send` rejects — so a target must be
 * idempotent where it can (MinIO's namespace formats are: a key is set or removed).
 */
import type { ObjectEventRecord } from '../events/index.js';
import type { ConfigValues } from '../config/index.js';

/** The services MinIO knows, as they appear in sub-system names (`notify_<service>`) and ARNs. */
export const NOTIFY_SERVICES = [
  'webhook',
  'amqp',
  'mqtt',
  'nats',
  'redis',
  'postgresql',
  'mysql',
  'kafka',
  'elasticsearch',
  'nsq',
] as const;
export type NotifyService = (typeof NOTIFY_SERVICES)[number];

/** `arn:minio:sqs:<region>:<id>:<service>` (MinIO's target ARN; the region may be empty). */
export function targetArn(region: string, id: string, service: NotifyService): string {
  return `arn:minio:sqs:${region}:${id}:${service}`;
}

/**
 * What a target is sent for one event (MinIO's `event.Log`): the event name, `bucket/key` (the key
 * not escaped) and the one record. Stored as JSON in the queue, so only plain data.
 */
export interface TargetEvent {
  EventName: string;
  /** `<bucket>/<object key>` — the namespace formats' key. */
  Key: string;
  Records: ObjectEventRecord[];
}

/** One running target. */
export interface NotificationTarget {
  /** The target id (`1`, `primary`) and service; with the region they make the ARN. */
  readonly id: string;
  readonly service: NotifyService;
  /**
   * Deliver one event; resolves once the target has it (acknowledged where the protocol can).
   * Rejects when the target cannot take it now (down, refused): the caller keeps the event queued
   * and retries later, in order.
   */
  send(event: TargetEvent): Promise<void>;
  /** Whether the target is reachable now (admin info's online/offline), answered within ~2 s. */
  isActive(): Promise<boolean>;
  /** Release connections; no `send` after this. */
  close(): Promise<void>;
}

/** Builds the targets of one service from their configuration. */
export interface TargetFactory {
  service: NotifyService;
  /**
   * A target for `notify_<service>:<id>` with these values (the sub-system's keys, defaults
   * filled in). Throws `InvalidArgument`-style errors for values it cannot use; must not wait for
   * the target to be reachable (a target that is down now is still created, and retried).
   */
  create(id: string, values: ConfigValues, log: (line: string) => void): NotificationTarget;
}
