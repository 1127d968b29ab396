/**
 * @coffer/admin-client — MinIO admin API (`/minio/admin/v3`) and STS client: SigV4 signing,
 * madmin payload encryption, typed calls. The console server's only way to the admin side of a
 * storage server.
 */
export { ADMIN_API_PREFIX, createAdminClient, encodeQuery, parseEndpoint } from './admin-client.js';
export type {
  AdminClient,
  AdminClientOptions,
  AdminRequest,
  AdminTransport,
  CallOptions,
  QueryParams,
  StreamRequest,
} from './admin-client.js';
export { ndjsonValues, StreamLineTooLongError, type NdjsonOptions } from './ndjson.js';
export { AdminApiError, parseErrorResponse } from './errors.js';
export type { ConfigCalls, ConfigChangeResult, ConfigHelp, HelpKV } from './config.js';
export {
  formatConfigKV,
  parseConfigKV,
  parseKVPairs,
  splitConfigName,
  type ConfigKV,
  type ConfigTarget,
} from './config-kv-text.js';
export type { GroupCalls } from './groups.js';
export {
  goDuration,
  traceQuery,
  TRACE_TYPES,
  type ConsoleLogOptions,
  type LogInfo,
  type LogType,
  type MonitoringCalls,
  type ServiceTraceOptions,
  type TraceType,
} from './monitoring.js';
export type { TraceInfo } from '@coffer/protocol';
export { healColor, healItemColors, onlineCounts } from './heal.js';
export type {
  BackgroundHealState,
  HealCalls,
  HealColor,
  HealDriveInfo,
  HealOpts,
  HealResultItem,
  HealStartSuccess,
  HealTaskStatus,
} from './heal.js';
export { decodeEventKey, type ListenCalls, type ListenOptions, type NotificationRecord } from './listen.js';
export type { HttpResponse } from './http-request.js';
export type { PolicyCalls } from './policies.js';
export type { ServiceAccountCalls } from './service-accounts.js';
export type { ServiceActionPeerResult, ServiceActionResult, ServiceCalls } from './service.js';
export type { HealthInfo, HealthInfoCalls, HealthInfoOptions } from './health-info.js';
export { assumeRole, assumeRoleWithLdapIdentity, assumeRoleWithWebIdentity } from './sts.js';
export type {
  AssumeRoleOptions,
  AssumeRoleWithLdapIdentityOptions,
  AssumeRoleWithWebIdentityOptions,
} from './sts.js';
export type {
  AccountBucket,
  AccountInfo,
  AddServiceAccountRequest,
  BackendInfo,
  BucketUsageInfo,
  DataUsageInfo,
  Disk,
  GroupAddRemove,
  GroupDesc,
  InfoBackend,
  InfoMessage,
  InfoServices,
  PolicyAssociationRequest,
  PolicyAssociationResponse,
  PolicyEntitiesQuery,
  PolicyEntitiesResult,
  PolicyInfo,
  ServerProperties,
  ServiceAccountCredentials,
  ServiceAccountDetails,
  ServiceAccountInfo,
  StorageInfo,
  TargetStatus,
  TemporaryCredentials,
  UpdateServiceAccountRequest,
  UserInfo,
} from './types.js';
export type { AccountStatus, UserCalls } from './users.js';
export { decodeXmlText, xmlElementText } from './xml.js';
export type { BucketTarget, RemoteTargetCalls } from './remote-targets.js';
export type { TierCalls, TierConfig, TierConfigType, TierCreds } from './tiers.js';
