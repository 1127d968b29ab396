/**
 * The console API's types, from `@coffer/contract` (type-only imports: the contract's zod schemas
 * stay out of the browser bundle). `LoginStrategy` adds the browser's own 'unknown' loading state.
 */
import type { LoginStrategyResponse, SetConfigRequest } from '@coffer/contract';

export type {} from '@coffer/contract';

export type {
  AccountStatus,
  AddUsersToGroupsRequest,
  Bucket,
  BucketPoliciesResponse,
  BucketUsersResponse,
  ChangePasswordRequest,
  ChangeUserPasswordRequest,
  CreateGroupRequest,
  CreateServiceAccountRequest,
  CreateUserRequest,
  EntityType,
  Group,
  ListGroupsResponse,
  ListPoliciesResponse,
  ListUsersResponse,
  Policy,
  SavePolicyRequest,
  ServiceAccountCredentials,
  ServiceAccountList,
  UpdateGroupRequest,
  UpdateUserRequest,
  User,
  BucketObject,
  BucketVersioningResponse,
  CreateBucketRequest,
  DeleteOutcome,
  HasPermissionResponse,
  ListBucketsResponse,
  ListObjectsResponse,
  OAuth2AuthResponse,
  PermissionCheck,
  QuotaType,
  RetentionMode,
  RetentionUnit,
  SessionResponse,
  ServerCapabilities,
  UploadObjectsResponse,
  BucketAccess,
  BucketDetails,
  SetBucketPolicyRequest,
  BucketEncryptionInfo,
  BucketEncryptionType,
  EnableBucketEncryptionRequest,
  BucketQuota,
  SetBucketQuotaRequest,
  BucketRetention,
  BucketRetentionResponse,
  BucketObjectLocking,
  BucketReplication,
  ReplicationRule,
  SetBucketVersioningRequest,
  LegalHoldChoice,
  Configuration,
  ConfigKeyValue,
  SetConfigRequest,
  SetConfigResponse,
  NotificationEndpoint,
  RestartState,
  BucketEvent,
  BucketEventType,
  SubscribeBucketEventRequest,
  DeleteBucketEventRequest,
  ListExternalBucketsRequest,
  ListExternalBucketsResponse,
  MultiBucketReplicationRequest,
  MultiBucketReplicationResponse,
  LifecycleRule,
  BucketLifecycleResponse,
  AddLifecycleRuleRequest,
  UpdateLifecycleRuleRequest,
  TierItem,
  AddTierRequest,
  ListTiersResponse,
  UpdateTierCredentialsRequest,
} from '@coffer/contract';

/** One key/value of a configuration change. */
export type ConfigKeyValueInput = SetConfigRequest['key_values'][number];

export type LoginStrategy = LoginStrategyResponse['loginStrategy'] | 'unknown';

export interface LoginDetails {
  loginStrategy: LoginStrategy;
  redirect?: string;
}
