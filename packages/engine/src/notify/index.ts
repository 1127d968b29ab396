/** Notification targets and the delivery of object events to them (issue 10 §2–3). */
export {
  NOTIFY_SERVICES,
  targetArn,
  type NotificationTarget,
  type NotifyService,
  type TargetEvent,
  type TargetFactory,
} from './target.js';
export { defaultTargetFactories, notifySubsystem } from './factories.js';
export { MINIO_EVENT_NAMES, eventMatches, parseTargetArn, type TargetArn } from './event-rules.js';
export {
  NotificationSystem,
  type NotificationSystemOptions,
  type TargetStatus,
} from './notification-system.js';
export type { RetryOptions, TargetStats } from './target-sender.js';
export { parseGoDuration } from './targets/broker-values.js';
