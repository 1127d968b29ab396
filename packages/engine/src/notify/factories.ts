/**
 * The registry of target factories: one per service, keyed by the service's ARN name. Only the
 * webhook lives here so far; the other services' factories (`targets/<service>.ts`) are added to
 * `defaultTargetFactories` as they arrive. `notify_postgres` is the one sub-system whose name
 * differs from its ARN service (`postgresql`), as in MinIO.
 */
import type { NotifyService, TargetFactory } from './target.js';
import { webhookFactory } from './targets/webhook.js';

/** The configuration sub-system of a service (`notify_webhook`, `notify_postgres`, …). */
export function notifySubsystem(service: NotifyService): string {
  return service === 'postgresql' ? 'notify_postgres' : `notify_${service}`;
}

/** Every factory the engine ships. */
export function defaultTargetFactories(): TargetFactory[] {
  return [webhookFactory];
}
