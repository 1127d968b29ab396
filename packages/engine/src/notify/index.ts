/** Notification targets and the delivery of object events to them (issue 10 §2–3). */
export {
  NOTIFY_SERVICES,
  targetArn,
  type NotificationTarget,
  type NotifyService,
  type TargetEvent,
  type TargetFactory,
} from './target.js';
