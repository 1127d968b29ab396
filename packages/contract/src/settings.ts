/**
 * Server settings (spec 3 §2 "Settings screen", §3 "Configuration entry" and "Notification
 * target", §4, §7 "Settings" and "Restart"): configuration sections and notification targets read
 * and written as MinIO's key/value lists, the Lambda Notifications list, the ARNs buckets can
 * subscribe to, and the restart the changes may need. Field names are the spec's (snake_case).
 *
 * A configuration is named `subsys` (`region`, `compression`, `notify_webhook`) or
 * `subsys:target` (`notify_webhook:1`, `logger_webhook:audit1`). Values the storage server redacts
 * (passwords, tokens, secrets) stay redacted in answers; a key whose value comes from the storage
 * server's environment is marked `env_override` (the form shows it read-only).
 */
import { z } from 'zod';

/** `subsys` or `subsys:target`, as the storage server names configurations. */
const ConfigName = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[a-z][a-z0-9_]*(:[^\s:=]+)?$/, "A configuration is named 'subsystem' or 'subsystem:target'");

export const ConfigNameParamsSchema = z.object({
  name: ConfigName.describe("'subsystem' (region, notify_webhook…) or 'subsystem:target' (notify_webhook:1)"),
});

export const ConfigSubsystemParamsSchema = z.object({
  subsystem: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z][a-z0-9_]*$/, 'A subsystem name is lower-case letters, digits and underscores')
    .describe('A subsystem with targets: logger_webhook, audit_webhook, notify_<service>'),
});

/** One key of a configuration as the storage server answers it. */
export const ConfigKeyValueSchema = z
  .object({
    key: z.string(),
    value: z.string().describe('The stored value; redacted ones as the storage server answers them'),
    env_override: z
      .boolean()
      .optional()
      .describe("true: the value comes from the storage server's environment and cannot be changed here"),
  })
  .meta({ id: 'ConfigKeyValue' });

/** GET /configs/{name}; also one entry of a subsystem's target list. */
export const ConfigurationSchema = z
  .object({
    name: z.string().describe("'subsystem' or 'subsystem:target'"),
    key_values: z.array(ConfigKeyValueSchema),
  })
  .meta({ id: 'Configuration' });

/** One key/value of a change. */
export const ConfigKeyValueInputSchema = z.object({
  key: z
    .string()
    .min(1)
    .max(256)
    .regex(/^[A-Za-z0-9_]+$/, 'A configuration key is letters, digits and underscores'),
  value: z.string().max(65_536),
});

/** PUT /configs/{name}. Empty values are dropped (spec 3 §3), here and on the server. */
export const SetConfigRequestSchema = z
  .object({ key_values: z.array(ConfigKeyValueInputSchema).max(256) })
  .meta({ id: 'SetConfigRequest' });

export const SetConfigResponseSchema = z
  .object({
    restart: z.boolean().describe('true: the change takes effect only after a service restart'),
    name: z
      .string()
      .optional()
      .describe(
        "Set when the call added a new target (PUT on 'notify_<service>' without a target): its full name, e.g. notify_webhook:3",
      ),
  })
  .meta({ id: 'SetConfigResponse' });

/** DELETE /configs/{name}, DELETE /admin/notification_endpoints/…: whether a restart is needed. */
export const RestartNeededSchema = z
  .object({ restart: z.boolean().describe('true: the change takes effect only after a service restart') })
  .meta({ id: 'RestartNeeded' });

/** GET /configs/{subsystem}/targets. */
export const ConfigTargetsResponseSchema = z
  .object({ targets: z.array(ConfigurationSchema).describe("The subsystem's targets, sorted by name") })
  .meta({ id: 'ConfigTargets' });

export const NotificationEndpointStatusSchema = z.enum(['online', 'offline']);

/** One row of the Lambda Notifications list (spec 3 §3 "Notification target"). */
export const NotificationEndpointSchema = z
  .object({
    service: z
      .string()
      .describe(
        "As MinIO's console names it: webhook, postgresql, mysql, kafka, amqp, mqtt, redis, nats, elasticsearch, nsq",
      ),
    account_id: z.string().describe("The target's id (the part after ':' in notify_<service>:<id>)"),
    status: NotificationEndpointStatusSchema,
  })
  .meta({ id: 'NotificationEndpoint' });

export const NotificationEndpointsResponseSchema = z
  .object({ notification_endpoints: z.array(NotificationEndpointSchema) })
  .meta({ id: 'NotificationEndpointList' });

export const NotificationEndpointParamsSchema = z.object({
  service: z.string().min(1).max(64),
  account_id: z.string().min(1).max(256),
});

/** GET /admin/arns: the notification targets' ARNs buckets can subscribe to. */
export const ArnsResponseSchema = z
  .object({ arns: z.array(z.string()).describe('arn:minio:sqs:<region>:<id>:<service>, sorted') })
  .meta({ id: 'ArnList' });

/** POST /service/restart: the spec's empty object, both ways. */
export const RestartServiceRequestSchema = z.object({}).meta({ id: 'RestartServiceRequest' });
export const RestartServiceResponseSchema = z.object({}).meta({ id: 'RestartServiceResponse' });

/** GET /service/restart: whether the restart banner shows. */
export const RestartStateSchema = z
  .object({
    restart_required: z
      .boolean()
      .describe(
        'A change answered "restart needed" since the last successful restart of this storage server',
      ),
  })
  .meta({ id: 'RestartState' });

export type ConfigKeyValue = z.infer<typeof ConfigKeyValueSchema>;
export type Configuration = z.infer<typeof ConfigurationSchema>;
export type SetConfigRequest = z.input<typeof SetConfigRequestSchema>;
export type SetConfigResponse = z.infer<typeof SetConfigResponseSchema>;
export type RestartNeeded = z.infer<typeof RestartNeededSchema>;
export type ConfigTargetsResponse = z.infer<typeof ConfigTargetsResponseSchema>;
export type NotificationEndpointStatus = z.infer<typeof NotificationEndpointStatusSchema>;
export type NotificationEndpoint = z.infer<typeof NotificationEndpointSchema>;
export type NotificationEndpointsResponse = z.infer<typeof NotificationEndpointsResponseSchema>;
export type ArnsResponse = z.infer<typeof ArnsResponseSchema>;
export type RestartState = z.infer<typeof RestartStateSchema>;
