/**
 * Admin `GET /minio/admin/v3/accountinfo` → madmin.AccountInfo (wire doc §3.1), for any
 * authenticated caller: who the caller is (the parent user for service accounts and temporary
 * credentials), the backend, the account's effective policy, and the buckets it can read or write
 * with their usage and features.
 *
 * As in MinIO (`AccountInfoHandler`): the policy is `consoleAdmin` for root and anything derived
 * from root, else the merged policies of the user and its enabled groups (a session policy is not
 * folded in); a bucket is listed when the caller may `s3:ListBucket` or `s3:GetBucketLocation` on
 * it (read) or `s3:PutObject` (write), evaluated with the caller's real credential — session
 * policy included — and the conditions `s3:prefix` = "" and `s3:delimiter` = "/".
 */
import { CONSOLE_ADMIN_POLICY } from '@coffer/protocol';
import type { RequestContext } from '../http/context.js';
import { isAuthorized } from '../http/authorize.js';
import { actsForRoot } from '../iam/iam-system.js';
import type { BucketInfo, BucketMetadata, BucketUsage } from '../object-layer/types.js';
import { AccessDenied } from '../common/errors.js';
import { quotaJson, type BucketQuota } from '../bucket/quota.js';
import { sendAdminJson } from './admin-json.js';
import { backendInfoJson } from './presenters.js';

export function bucketAccessJson(
  bucket: BucketInfo,
  meta: BucketMetadata,
  configs: { quota: BucketQuota | undefined; replication: boolean },
  usage: BucketUsage | undefined,
  access: { read: boolean; write: boolean } = { read: true, write: true },
): Record<string, unknown> {
  return {
    name: bucket.name,
    size: usage?.size ?? 0,
    objects: usage?.objectsCount ?? 0,
    objectHistogram: usage?.objectsSizesHistogram ?? {},
    objectsVersionsHistogram: usage?.objectsVersionsHistogram ?? {},
    details: {
      versioning: meta.versioning === 'Enabled',
      versioningSuspended: meta.versioning === 'Suspended',
      locking: meta.objectLockEnabled,
      replication: configs.replication,
      // madmin decodes tags into minio-go's tags.Tags; null is the one form every version accepts.
      tags: null,
      quota: configs.quota === undefined ? null : quotaJson(configs.quota),
    },
    created: bucket.created.toISOString(),
    access,
  };
}

/** MinIO sets these for accountinfo's per-bucket checks (`r.Header.Set("prefix", "")` …). */
const LISTING_CONDITIONS = { 's3:prefix': [''], 's3:delimiter': ['/'] };

export async function accountInfo(ctx: RequestContext): Promise<void> {
  const { engine } = ctx;
  const credential = ctx.auth?.credential;
  if (!credential) throw new AccessDenied();
  const iam = engine.iam;
  const accountName = iam.accountOf(credential);
  const rootDerived = accountName === engine.root.accessKey || actsForRoot(engine.root, credential);
  const policy = rootDerived ? CONSOLE_ADMIN_POLICY : iam.combinedPolicy(credential);
  const may = (action: string, bucket: string): boolean =>
    isAuthorized(ctx, action, bucket, undefined, { extraConditions: LISTING_CONDITIONS, iamOnly: true });

  const layer = engine.objectLayer;
  const [info, usage, buckets] = await Promise.all([
    layer.storageInfo(),
    layer.dataUsage(),
    layer.listBuckets(),
  ]);
  const entries: Record<string, unknown>[] = [];
  for (const bucket of buckets) {
    const read = may('s3:ListBucket', bucket.name) || may('s3:GetBucketLocation', bucket.name);
    const write = may('s3:PutObject', bucket.name);
    if (!read && !write) continue;
    let meta: BucketMetadata;
    try {
      meta = await layer.getBucketMetadata(bucket.name);
    } catch {
      // Deleted between the listing and now: leave it out.
      continue;
    }
    const configs = {
      quota: engine.bucketMetadata.fromMetadata(meta, 'quota'),
      replication: engine.bucketMetadata.fromMetadata(meta, 'replication') !== undefined,
    };
    entries.push(bucketAccessJson(bucket, meta, configs, usage.buckets[bucket.name], { read, write }));
  }
  sendAdminJson(ctx, {
    AccountName: accountName,
    Server: backendInfoJson(info, engine.endpoint()),
    Policy: policy,
    Buckets: entries,
  });
}
