/**
 * MinIO's prefix delete: DeleteObject with `x-minio-force-delete: true` removes the object and
 * everything below it as a folder (`key` and `key/…`; a key ending in '/' is the folder itself) —
 * every version and delete marker, permanently, in one request (what `mc rm --force` and
 * minio-js's `removeObject(…, { forceDelete: true })` send).
 *
 * Like MinIO it is a privileged operation: besides s3:DeleteObject the caller needs
 * s3:ForceDeleteBucket (root, and policies with `s3:*`), and it is refused on a bucket with
 * object lock, whose versions may be under retention (405, as a forced DeleteBucket). Each version
 * goes through the same path as a single delete, so quota usage and object events follow.
 */
import type { RequestContext } from '../http/context.js';
import { authorize } from '../http/authorize.js';
import { InvalidArgument, MethodNotAllowed } from '../common/errors.js';
import { deleteOne } from './delete-object.js';

const PAGE = 1000;

/** True when the request asks for MinIO's prefix delete. */
export function isForceDelete(ctx: RequestContext): boolean {
  return String(ctx.req.headers['x-minio-force-delete'] ?? '').toLowerCase() === 'true';
}

/** Every version of every key under `prefix` that `matches`; answers how many were removed. */
async function removeAllUnder(
  ctx: RequestContext,
  bucket: string,
  prefix: string,
  matches: (key: string) => boolean,
): Promise<number> {
  let removed = 0;
  let keyMarker: string | undefined;
  let versionIdMarker: string | undefined;
  for (;;) {
    const page = await ctx.engine.objectLayer.listObjectVersions(bucket, {
      prefix,
      maxKeys: PAGE,
      ...(keyMarker !== undefined ? { keyMarker } : {}),
      ...(versionIdMarker !== undefined ? { versionIdMarker } : {}),
    });
    for (const v of page.versions) {
      if (!matches(v.key)) continue;
      await deleteOne(ctx, bucket, v.key, v.versionId);
      removed++;
    }
    if (!page.isTruncated || page.nextKeyMarker === undefined) return removed;
    keyMarker = page.nextKeyMarker;
    versionIdMarker = page.nextVersionIdMarker;
  }
}

export async function forceDeletePrefix(
  ctx: RequestContext,
  bucket: string,
  key: string,
  versionId: string | undefined,
): Promise<void> {
  if (versionId !== undefined) {
    throw new InvalidArgument('x-minio-force-delete cannot be combined with a versionId', { bucket, key });
  }
  await authorize(ctx, 's3:ForceDeleteBucket', bucket, key);
  if ((await ctx.engine.objectLayer.getBucketMetadata(bucket)).objectLockEnabled) {
    throw new MethodNotAllowed('Object lock enabled buckets do not allow a forced prefix delete.', {
      bucket,
      key,
    });
  }
  const folder = key.endsWith('/') ? key : `${key}/`;
  // `key` itself (and its versions) unless it is the folder; then the folder's subtree. Listing
  // by the bare key would also meet siblings such as `keyfoo`, which are not below it.
  if (!key.endsWith('/')) await removeAllUnder(ctx, bucket, key, (k) => k === key);
  await removeAllUnder(ctx, bucket, folder, () => true);
}
