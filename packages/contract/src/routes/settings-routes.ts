/**
 * Settings (spec 3 §7 "Settings", "Restart"): configuration sections and targets, the Lambda
 * Notifications list, the ARNs, and the service restart with the restart-banner state. All need
 * MinIO's admin API (admin_api_not_offered against a plain S3 server).
 * Entries of the console's route table (composed in `../routes.ts`): method, path, schemas.
 */
import {
  ArnsResponseSchema,
  ConfigNameParamsSchema,
  ConfigSubsystemParamsSchema,
  ConfigTargetsResponseSchema,
  ConfigurationSchema,
  NotificationEndpointParamsSchema,
  NotificationEndpointsResponseSchema,
  RestartNeededSchema,
  RestartServiceRequestSchema,
  RestartServiceResponseSchema,
  RestartStateSchema,
  SetConfigRequestSchema,
  SetConfigResponseSchema,
} from '../settings.js';
import { API_PREFIX, errors, type RouteContract } from '../route-contract.js';

export const SETTINGS_ROUTES = {
  getConfig: {
    method: 'GET',
    path: `${API_PREFIX}/configs/:name`,
    summary: 'A configuration section or target: its keys and values',
    description:
      'Values the storage server redacts (passwords, tokens) stay redacted; keys set from its environment are marked env_override.',
    tags: ['settings'],
    params: ConfigNameParamsSchema,
    response: { 200: ConfigurationSchema, ...errors },
  },
  setConfig: {
    method: 'PUT',
    path: `${API_PREFIX}/configs/:name`,
    summary: 'Change a configuration section or target; on notify_<service> alone, add a new target',
    description:
      "Empty values are dropped. PUT on 'notify_<service>' without a target adds a new target under the lowest free positive integer id and answers its name. The storage server validates (its message is the answer's detailedMessage); restart says whether the change waits for a service restart.",
    tags: ['settings'],
    params: ConfigNameParamsSchema,
    body: SetConfigRequestSchema,
    response: { 200: SetConfigResponseSchema, ...errors },
  },
  resetConfig: {
    method: 'DELETE',
    path: `${API_PREFIX}/configs/:name`,
    summary: 'Reset a configuration section to its defaults, or remove a target',
    tags: ['settings'],
    params: ConfigNameParamsSchema,
    response: { 200: RestartNeededSchema, ...errors },
  },
  listConfigTargets: {
    method: 'GET',
    path: `${API_PREFIX}/configs/:subsystem/targets`,
    summary: "A subsystem's targets with their keys (the logger and audit webhook screens)",
    tags: ['settings'],
    params: ConfigSubsystemParamsSchema,
    response: { 200: ConfigTargetsResponseSchema, ...errors },
  },
  listNotificationEndpoints: {
    method: 'GET',
    path: `${API_PREFIX}/admin/notification_endpoints`,
    summary: 'The notification targets with their status (online/offline)',
    tags: ['settings'],
    response: { 200: NotificationEndpointsResponseSchema, ...errors },
  },
  deleteNotificationEndpoint: {
    method: 'DELETE',
    path: `${API_PREFIX}/admin/notification_endpoints/:service/:account_id`,
    summary: 'Remove a notification target',
    tags: ['settings'],
    params: NotificationEndpointParamsSchema,
    response: { 200: RestartNeededSchema, ...errors },
  },
  listArns: {
    method: 'GET',
    path: `${API_PREFIX}/admin/arns`,
    summary: 'The ARNs of the notification targets (what a bucket event can be sent to)',
    tags: ['settings'],
    response: { 200: ArnsResponseSchema, ...errors },
  },
  restartService: {
    method: 'POST',
    path: `${API_PREFIX}/service/restart`,
    summary: 'Restart the storage server and wait until it answers again',
    description:
      'Answers once the storage server answers again (bounded wait); a server that does not come back answers restart_failed. A success clears the restart-required state.',
    tags: ['settings'],
    body: RestartServiceRequestSchema,
    response: { 200: RestartServiceResponseSchema, ...errors },
  },
  getRestartState: {
    method: 'GET',
    path: `${API_PREFIX}/service/restart`,
    summary: 'Whether a change since the last restart needs a restart (the restart banner)',
    tags: ['settings'],
    response: { 200: RestartStateSchema, ...errors },
  },
} as const satisfies Record<string, RouteContract>;
