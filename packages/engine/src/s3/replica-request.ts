/**
 * Writes that come from another server's bucket replication (MinIO's internal headers, as minio-go
 * sends them for MinIO's replication): `X-Minio-Source-Replication-Request: true` with
 * `?versionId=` keeps the source's version id, `X-Minio-Source-Mtime` its modification time, and
 * `X-Amz-Replication-Status: REPLICA` marks the version as a replica (HEAD answers REPLICA, and this
 * engine never replicates it on). `X-Minio-Source-DeleteMarker: true` on a DELETE creates a delete
 * marker with the given version id. The caller needs `s3:ReplicateObject` (puts) or
 * `s3:ReplicateDelete` (deletes) besides the operation's own action, as in MinIO; without the
 * marker header these query values and headers mean what they mean to plain S3.
 */
import type { RequestContext } from '../http/context.js';
import { isAuthorized } from '../http/authorize.js';
import { AccessDenied, InvalidArgument } from '../common/errors.js';
import { REPLICATION_STATUS_KEY } from '../bucket/replication-status.js';

const single = (ctx: RequestContext, name: string): string | undefined => {
  const v = ctx.req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

export interface ReplicaWrite {
  versionId?: string;
  time?: Date;
  internal: Record<string, string>;
  deleteMarker: boolean;
}

const VERSION_ID = /^[0-9a-fA-F-]{1,64}$/;

/** The replica fields of a request, or undefined for an ordinary one. */
export function replicaWrite(
  ctx: RequestContext,
  action: 's3:ReplicateObject' | 's3:ReplicateDelete',
): ReplicaWrite | undefined {
  if (single(ctx, 'x-minio-source-replication-request') !== 'true') return undefined;
  const { bucket, key } = ctx.target;
  if (!isAuthorized(ctx, action, bucket, key)) throw new AccessDenied(undefined, ctx.target);
  const versionId = ctx.query.get('versionId') ?? undefined;
  if (versionId !== undefined && versionId !== 'null' && !VERSION_ID.test(versionId)) {
    throw new InvalidArgument('Invalid version id specified', ctx.target);
  }
  const mtime = single(ctx, 'x-minio-source-mtime');
  let time: Date | undefined;
  if (mtime !== undefined && mtime !== '') {
    time = new Date(mtime);
    if (Number.isNaN(time.getTime())) throw new InvalidArgument('Invalid x-minio-source-mtime', ctx.target);
  }
  const internal: Record<string, string> = {};
  if (single(ctx, 'x-amz-replication-status') === 'REPLICA') internal[REPLICATION_STATUS_KEY] = 'REPLICA';
  return {
    ...(versionId !== undefined ? { versionId } : {}),
    ...(time !== undefined ? { time } : {}),
    internal,
    deleteMarker: single(ctx, 'x-minio-source-deletemarker') === 'true',
  };
}
