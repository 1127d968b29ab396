/**
 * The console API's types, from `@coffer/contract` (type-only imports: the contract's zod schemas
 * stay out of the browser bundle). `LoginStrategy` adds the browser's own 'unknown' loading state.
 */
import type { LoginStrategyResponse } from '@coffer/contract';

export type {
  Bucket,
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
  UploadObjectsResponse,
} from '@coffer/contract';

export type LoginStrategy = LoginStrategyResponse['loginStrategy'] | 'unknown';

export interface LoginDetails {
  loginStrategy: LoginStrategy;
  redirect?: string;
}
