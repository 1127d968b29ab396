/**
 * `s3:ObjectAccessed:Get` / `:Head` (issue 10 §7): published by the GET and HEAD object handlers
 * once the answer is out (MinIO sends them for successful reads only: not for 304/412 or errors),
 * with the request's origin and the version read, so the record carries its size, ETag, content
 * type and metadata as MinIO's does. Cheap when nobody listens: the hub tests its subscribers'
 * filters before it builds a record, and the origin is a few field reads.
 */
import type { RequestContext } from '../http/context.js';
import type { ObjectInfo } from '../object-layer/types.js';
import { changeOrigin } from './change-origin.js';

export function publishAccess(
  ctx: RequestContext,
  name: 's3:ObjectAccessed:Get' | 's3:ObjectAccessed:Head',
  info: ObjectInfo,
): void {
  const { bucket, key } = info;
  ctx.engine.events.publish({
    name,
    bucket,
    key,
    versionId: info.versionId,
    object: info,
    origin: changeOrigin(ctx),
  });
}
