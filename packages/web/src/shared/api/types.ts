/**
 * Shapes of the console API answers this app reads (spec 1 §3/§7, spec 2 §3/§7). These are local
 * until `@coffer/contract` publishes its zod schemas; then this file re-exports the contract's types.
 */
export type LoginStrategy = 'unknown' | 'form' | 'redirect' | 'service-account';

export interface LoginDetails {
  loginStrategy: LoginStrategy;
  redirect?: string;
}

export interface Session {
  status: string;
  pages: string[];
  features?: string[];
  operator?: boolean;
  distributedMode?: boolean;
}

export interface PermissionAction {
  id: string;
  action: string;
  bucket_name?: string;
}

export interface PermissionAnswer {
  permissions: { id: string; can: boolean }[];
}

export interface Bucket {
  name: string;
  creation_date?: string;
  size?: number;
  access?: string;
}

export interface BucketList {
  buckets: Bucket[] | null;
  total?: number;
}

export interface BucketObject {
  name: string;
  size?: number;
  last_modified?: string;
  version_id?: string;
  is_latest?: boolean;
  is_delete_marker?: boolean;
}

export interface ObjectList {
  objects: BucketObject[] | null;
  /** Present when more entries follow: pass it back as `continuation` for the next page. */
  continuation?: string | null;
  total?: number;
}
