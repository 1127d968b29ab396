/**
 * A repeated CompleteMultipartUpload. Clients retry Complete when the first answer was lost (a
 * timeout, a dropped connection); by then the upload is gone, and S3 answers the repeat with the
 * same success rather than NoSuchUpload. The assembled version records its upload's id
 * (`COMPLETED_UPLOAD_FIELD`), so a repeat is recognised when the key's current version came from
 * this upload with exactly the listed parts.
 */
import type { RequestContext } from '../http/context.js';
import { COMPLETED_UPLOAD_FIELD, type CompletePart, type ObjectInfo } from '../object-layer/types.js';
import { normalizeEtag } from './conditional.js';
import type { ObjectTarget } from './object-request.js';

/** The version a first Complete of `uploadId` with `parts` made, if it is still the current one. */
export async function completedByUpload(
  ctx: RequestContext,
  target: ObjectTarget,
  uploadId: string,
  parts: readonly CompletePart[],
): Promise<ObjectInfo | undefined> {
  let info: ObjectInfo;
  try {
    info = await ctx.engine.objectLayer.getObjectInfo(target.bucket, target.key, {});
  } catch {
    return undefined;
  }
  if (info.internal[COMPLETED_UPLOAD_FIELD] !== uploadId || info.parts === undefined) return undefined;
  const made = info.parts;
  const same =
    made.length === parts.length &&
    parts.every((p, i) => made[i]?.number === p.partNumber && made[i]?.etag === normalizeEtag(p.etag));
  return same ? info : undefined;
}
