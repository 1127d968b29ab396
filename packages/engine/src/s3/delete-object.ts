/**
 * DeleteObject (`DELETE /bucket/key[?versionId=]`): always 204 when the bucket exists — deleting
 * a key or version that is not there is not an error in S3. In a versioned bucket without a
 * versionId the layer adds a delete marker; the answer names it (`x-amz-delete-marker: true` and
 * its version id). Deleting a specific version answers with that version id, and says whether it
 * was a delete marker. A version under retention or legal hold is not deleted (403 AccessDenied
 * "Access Denied because object protected by object lock.", as AWS answers);
 * `x-amz-bypass-governance-retention: true` lifts GOVERNANCE for
 * callers allowed `s3:BypassGovernanceRetention`. With MinIO's `x-minio-force-delete: true` the
 * key is a folder deleted with everything in it (`./force-delete-prefix.ts`). If-Match and
 * AWS's other delete conditions are checked under the key's lock (`./delete-conditions.ts`).
 */
import type { RequestContext } from '../http/context.js';
import { ObjectNotFound, VersionNotFound } from '../object-layer/errors.js';
import type { DeleteObjectResult, ObjectInfo } from '../object-layer/types.js';
import { checkDeleteAllowed } from '../bucket/object-lock.js';
import { recordRemoved } from '../bucket/quota.js';
import { lockOverride } from './object-lock-request.js';
import { objectTarget, versionIdParam } from './object-request.js';
import { changeOrigin } from './change-origin.js';
import { forceDeletePrefix, isForceDelete } from './force-delete-prefix.js';
import { replicaWrite } from './replica-request.js';
import { authorize } from '../http/authorize.js';
import {
  deleteConditionsFromHeaders,
  deletePrecondition,
  type DeleteConditions,
} from './delete-conditions.js';

/**
 * Delete one key or version; a missing key or version counts as deleted (S3 semantics). The
 * layer's guard sees the version about to be removed: a version under object lock is refused
 * (ObjectLocked, or AccessDenied for a governance bypass without the permission), and the size of
 * a removed version leaves the bucket's quota usage.
 */
export async function deleteOne(
  ctx: RequestContext,
  bucket: string,
  key: string,
  versionId: string | undefined,
  marker?: { versionId: string; time: Date; internal?: Record<string, string> },
  conditions?: DeleteConditions,
): Promise<DeleteObjectResult> {
  let removed: ObjectInfo | undefined;
  // A refused condition (404 or 412) is the answer, not "already deleted".
  let refused = false;
  const check = conditions !== undefined ? deletePrecondition(conditions, { bucket, key }) : undefined;
  const precondition =
    check === undefined
      ? undefined
      : (current: ObjectInfo | undefined): void => {
          refused = true;
          check(current);
          refused = false;
        };
  const guard = (target: ObjectInfo): void => {
    checkDeleteAllowed(target, lockOverride(ctx, bucket, key));
    removed = target;
  };
  try {
    const result = await ctx.engine.objectLayer.deleteObject(bucket, key, {
      ...(versionId !== undefined ? { versionId } : {}),
      ...(marker !== undefined ? { marker } : {}),
      ...(precondition !== undefined ? { precondition } : {}),
      guard,
      origin: changeOrigin(ctx),
    });
    recordRemoved(ctx.engine, bucket, removed);
    return result;
  } catch (err) {
    if (!refused && (err instanceof ObjectNotFound || err instanceof VersionNotFound)) {
      return versionId !== undefined ? { versionId, deleteMarker: false } : { deleteMarker: false };
    }
    throw err;
  }
}

export async function deleteObject(ctx: RequestContext): Promise<void> {
  const { bucket, key } = objectTarget(ctx);
  const versionId = versionIdParam(ctx);
  if (isForceDelete(ctx)) {
    await forceDeletePrefix(ctx, bucket, key, versionId);
    ctx.res.statusCode = 204;
    ctx.res.end();
    return;
  }
  const conditions = deleteConditionsFromHeaders(ctx.req.headers, { bucket, key });
  // AWS: a conditional delete also needs s3:GetObject (it reveals whether the ETag matched).
  if (conditions !== undefined) await authorize(ctx, 's3:GetObject', bucket, key);
  // A replicated delete marker (MinIO's replication headers): a marker with the source's id.
  const replica = replicaWrite(ctx, 's3:ReplicateDelete');
  const result =
    replica?.deleteMarker === true && versionId !== undefined && versionId !== 'null'
      ? await deleteOne(ctx, bucket, key, undefined, {
          versionId,
          time: replica.time ?? new Date(),
          internal: replica.internal,
        })
      : await deleteOne(ctx, bucket, key, versionId, undefined, conditions);
  if (result.deleteMarker) ctx.res.setHeader('x-amz-delete-marker', 'true');
  // The null version shows as "null" only where versioning is involved: a delete marker, or a
  // version the client named.
  if (
    result.versionId !== undefined &&
    (result.versionId !== 'null' || result.deleteMarker || versionId !== undefined)
  ) {
    ctx.res.setHeader('x-amz-version-id', result.versionId);
  }
  ctx.res.statusCode = 204;
  ctx.res.end();
}
