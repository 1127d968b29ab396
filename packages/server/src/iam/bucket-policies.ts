/**
 * What has-permission needs beyond the account's IAM policies to answer as the storage server
 * decides (`combineAccess` in `@coffer/protocol`, the rule the engine enforces with):
 *
 * - the bucket policies of the buckets asked about, read over S3 (GetBucketPolicy) with the
 *   session's own credentials — the console adds no privilege of its own. When the account may not
 *   read a policy (AccessDenied), or the server has none or cannot say (NoSuchBucketPolicy,
 *   NoSuchBucket, NotImplemented on servers without bucket policies, a policy we cannot parse), the
 *   answer falls back to the IAM policies alone: the UI may then offer an action a bucket policy
 *   denies or grey out one it grants, and the storage server still decides every call;
 * - whether the account is the storage server's owner (root), whom no bucket policy limits: admin
 *   `user-info` on the account's own name is 404 for root (built-in users read themselves or are
 *   refused; an account of an external identity provider would be 404 too — the engine has none,
 *   and the storage server still decides), asked only when some bucket policy was read.
 */
import { AdminApiError, type AdminClient } from '@coffer/admin-client';
import { parseBucketPolicy, type BucketPolicy } from '@coffer/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Client } from 'minio';

/** Answers that mean "no policy to take into account" without anything being wrong. */
const NO_POLICY_CODES = new Set(['NoSuchBucketPolicy', 'NoSuchBucket', 'NotImplemented']);

/** The bucket policy of `bucket` as the session may read it; undefined when there is none to use. */
async function readBucketPolicy(
  s3: Client,
  bucket: string,
  log: FastifyBaseLogger,
): Promise<BucketPolicy | undefined> {
  let text: string;
  try {
    text = await s3.getBucketPolicy(bucket);
  } catch (err) {
    const code = err instanceof Error ? (err as Error & { code?: unknown }).code : undefined;
    if (typeof code === 'string' && NO_POLICY_CODES.has(code)) return undefined;
    // Not allowed to read it (AccessDenied) or the read failed: decide by IAM alone (see above).
    log.debug({ err, bucket }, 'bucket policy not readable; has-permission decides by IAM alone');
    return undefined;
  }
  if (text.trim() === '') return undefined;
  try {
    return parseBucketPolicy(text);
  } catch (err) {
    log.warn({ err, bucket }, 'the bucket policy could not be parsed; has-permission decides by IAM alone');
    return undefined;
  }
}

/** The policies of `buckets` (each read once, in parallel), by bucket. */
export async function readBucketPolicies(
  s3: Client,
  buckets: Iterable<string>,
  log: FastifyBaseLogger,
): Promise<Map<string, BucketPolicy | undefined>> {
  const names = [...new Set(buckets)];
  const policies = await Promise.all(names.map((bucket) => readBucketPolicy(s3, bucket, log)));
  return new Map(names.map((bucket, i) => [bucket, policies[i]]));
}

/** Is `accountName` the storage server's owner (root)? False whenever it cannot be told. */
export async function isOwnerAccount(admin: AdminClient, accountName: string): Promise<boolean> {
  try {
    await admin.userInfo(accountName);
    return false;
  } catch (err) {
    return err instanceof AdminApiError && err.status === 404 && err.code === 'XMinioAdminNoSuchUser';
  }
}
