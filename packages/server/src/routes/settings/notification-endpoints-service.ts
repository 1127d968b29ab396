/**
 * The Lambda Notifications list and the ARNs (spec 3 §3 "Notification target", spec 1 §7
 * `/admin/arns`), both from admin info (wire doc §3.1): `services.notifications` gives each
 * target's type, id and online/offline state, `sqsARN` the ARNs. A target is removed as the
 * configuration target it is (`notify_<subsystem>:<id>`, del-config-kv).
 */
import type { AdminClient, InfoMessage } from '@coffer/admin-client';
import type { ArnsResponse, NotificationEndpoint, NotificationEndpointsResponse } from '@coffer/contract';
import { ConsoleError } from '../../errors.js';
import { resetConfig } from './config-service.js';

/** Target types as MinIO names them (ARNs, info) → their configuration subsystem. */
const SUBSYSTEM_OF_TYPE: Readonly<Record<string, string>> = {
  webhook: 'notify_webhook',
  amqp: 'notify_amqp',
  mqtt: 'notify_mqtt',
  nats: 'notify_nats',
  redis: 'notify_redis',
  postgresql: 'notify_postgres',
  mysql: 'notify_mysql',
  kafka: 'notify_kafka',
  elasticsearch: 'notify_elasticsearch',
  nsq: 'notify_nsq',
};

/** `arn:minio:sqs:<region>:<id>:<type>` → id and type. */
export function splitArn(arn: string): { id: string; type: string } | undefined {
  const parts = arn.split(':');
  if (parts.length !== 6 || parts[0] !== 'arn' || parts[2] !== 'sqs') return undefined;
  const [, , , , id, type] = parts;
  if (!id || !type) return undefined;
  return { id, type };
}

/** The targets of an info answer: statuses from `services.notifications`, ARNs without one offline. */
export function notificationEndpointsOf(info: InfoMessage): NotificationEndpoint[] {
  const byKey = new Map<string, NotificationEndpoint>();
  for (const entry of info.services?.notifications ?? []) {
    for (const [service, targets] of Object.entries(entry)) {
      for (const target of Array.isArray(targets) ? targets : []) {
        for (const [id, state] of Object.entries(target)) {
          byKey.set(`${service}\u0000${id}`, {
            service,
            account_id: id,
            status: state.status === 'online' ? 'online' : 'offline',
          });
        }
      }
    }
  }
  // A target named by an ARN but missing from the statuses: listed, its state unknown to us.
  for (const arn of info.sqsARN ?? []) {
    const split = splitArn(arn);
    if (!split) continue;
    const key = `${split.type}\u0000${split.id}`;
    if (!byKey.has(key)) byKey.set(key, { service: split.type, account_id: split.id, status: 'offline' });
  }
  return [...byKey.values()].sort(
    (a, b) =>
      a.service.localeCompare(b.service) || a.account_id.localeCompare(b.account_id, 'en', { numeric: true }),
  );
}

/** GET /admin/notification_endpoints. */
export async function listNotificationEndpoints(admin: AdminClient): Promise<NotificationEndpointsResponse> {
  return { notification_endpoints: notificationEndpointsOf(await admin.serverInfo()) };
}

/** DELETE /admin/notification_endpoints/{service}/{account_id}. */
export async function deleteNotificationEndpoint(
  admin: AdminClient,
  service: string,
  accountId: string,
): Promise<{ restart: boolean }> {
  const subSys = SUBSYSTEM_OF_TYPE[service] ?? (service.startsWith('notify_') ? service : undefined);
  if (subSys === undefined || !Object.values(SUBSYSTEM_OF_TYPE).includes(subSys)) {
    throw new ConsoleError('not_found', `There is no notification service ${service}`, service);
  }
  if (/[\s:=]/.test(accountId)) {
    throw new ConsoleError('not_found', `There is no notification target ${accountId}`, accountId);
  }
  return resetConfig(admin, `${subSys}:${accountId}`);
}

/** GET /admin/arns. */
export async function listArns(admin: AdminClient): Promise<ArnsResponse> {
  const info = await admin.serverInfo();
  return { arns: [...new Set(info.sqsARN ?? [])].sort() };
}
