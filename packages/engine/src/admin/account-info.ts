/**
 * Admin `GET /minio/admin/v3/accountinfo` → madmin.AccountInfo (wire doc §3.1): who the caller
 * is (the parent user for temporary credentials), the backend, the caller's effective policy and
 * the buckets it can read or write with their usage and features. Root and its temporary
 * credentials get the built-in `consoleAdmin` policy and see every bucket read+write; per-user
 * policies and the per-bucket access computation arrive with issue 4.
 */
import type { RequestContext } from '../http/context.js';
import { actsForRoot } from '../iam/iam-system.js';
import type { BucketInfo, BucketMetadata, BucketUsage } from '../object-layer/types.js';
import { AccessDenied } from '../object-layer/errors.js';
import { CONSOLE_ADMIN_POLICY } from '../iam/policy-document.js';
import { sendAdminJson } from './admin-json.js';
import { backendInfoJson } from './presenters.js';

/** The quota document kept in the bucket's configs (JSON `{"quota":N,"quotatype":"hard"}`), or null. */
function quotaOf(meta: BucketMetadata): unknown {
  const text = meta.configs.quota;
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export function bucketAccessJson(
  bucket: BucketInfo,
  meta: BucketMetadata,
  usage: BucketUsage | undefined,
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
      replication: meta.configs.replication !== undefined && meta.configs.replication !== '',
      // madmin decodes tags into minio-go's tags.Tags; null is the one form every version accepts.
      tags: null,
      quota: quotaOf(meta),
    },
    created: bucket.created.toISOString(),
    access: { read: true, write: true },
  };
}

export async function accountInfo(ctx: RequestContext): Promise<void> {
  const { engine } = ctx;
  const credential = ctx.auth?.credential;
  if (!credential) throw new AccessDenied();
  const owner = actsForRoot(engine.root, credential);
  // Until policies exist (issue 4) only root's identities are valid callers of the admin API.
  if (!owner) throw new AccessDenied();

  const layer = engine.objectLayer;
  const [info, usage, buckets] = await Promise.all([
    layer.storageInfo(),
    layer.dataUsage(),
    layer.listBuckets(),
  ]);
  const entries: Record<string, unknown>[] = [];
  for (const bucket of buckets) {
    let meta: BucketMetadata;
    try {
      meta = await layer.getBucketMetadata(bucket.name);
    } catch {
      // Deleted between the listing and now: leave it out.
      continue;
    }
    entries.push(bucketAccessJson(bucket, meta, usage.buckets[bucket.name]));
  }
  sendAdminJson(ctx, {
    AccountName:
      credential.kind === 'temporary'
        ? (credential.parentUser ?? credential.accessKey)
        : credential.accessKey,
    Server: backendInfoJson(info, engine.endpoint()),
    Policy: CONSOLE_ADMIN_POLICY,
    Buckets: entries,
  });
}
