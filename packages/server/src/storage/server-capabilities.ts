/**
 * What the storage server offers (issue 8 §8: the console runs against any S3 server), decided from
 * answers the console gets anyway, never from a status code alone:
 *
 * - MinIO's admin API: admin `accountinfo` answered, or refused with MinIO's JSON admin error. A
 *   server without it answers the admin path some other way — Ceph RGW reads `/minio/admin/v3/…`
 *   as the bucket `minio` and says 404 NoSuchBucket in S3 XML, or **403 AccessDenied** when another
 *   user owns a bucket named `minio`; others answer 404/405/501 with XML or no body. An admin answer
 *   `XMinioAdminVersionMismatch` (an admin API of another version) is unusable, so counted as none.
 * - STS: the session got temporary credentials (AssumeRole); otherwise it signs with the keys.
 * - Versioning and object locking are S3 calls: with the admin API the backend says whether it is
 *   erasure-coded (MinIO refuses both on a single drive, spec 1 §4 "non-erasure-coded mode"); a
 *   server without it is asked directly when a bucket is made — it is assumed to offer them.
 * - Quota and bucket sizes exist only through the admin API.
 */
import { AdminApiError } from '@coffer/admin-client';
import type { ServerCapabilities } from '@coffer/contract';

/** The verdict on an admin-path failure: the server has the admin API (it said no), or has none. */
export type AdminApiVerdict = 'offered' | 'not-offered';

/**
 * Whether a failed admin call shows the admin API is there. Undefined when the failure says
 * nothing about it (network failures, non-admin errors, a JSON 5xx: a MinIO in trouble).
 */
export function adminApiVerdict(err: unknown): AdminApiVerdict | undefined {
  if (!(err instanceof AdminApiError)) return undefined;
  // No shape: made by the admin client itself (e.g. an unreadable success), so from MinIO's side.
  if (err.shape === 'json' || err.shape === undefined) {
    // An admin API of another version answers this for paths it does not know.
    if (err.code === 'XMinioAdminVersionMismatch') return 'not-offered';
    return err.status >= 500 && err.status !== 501 ? undefined : 'offered';
  }
  // Not MinIO's JSON: whatever answered, it is not MinIO's admin API (a gateway error is not a verdict).
  if (err.status >= 500 && err.status !== 501) return undefined;
  return 'not-offered';
}

/** Capabilities from what the session found out (see the module comment). */
export function serverCapabilities(input: {
  adminApi: boolean;
  sts: boolean;
  distributedMode: boolean;
}): ServerCapabilities {
  const { adminApi, sts, distributedMode } = input;
  if (!adminApi) {
    return { adminApi, sts, versioning: true, objectLocking: true, quota: false, usage: false };
  }
  return {
    adminApi,
    sts,
    versioning: distributedMode,
    objectLocking: distributedMode,
    quota: distributedMode,
    usage: true,
  };
}
