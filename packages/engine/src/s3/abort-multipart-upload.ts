/**
 * AbortMultipartUpload (`DELETE /bucket/key?uploadId=ID`): drop the upload and its parts; 204.
 * An unknown upload id is 404 NoSuchUpload (InvalidUploadId from the layer).
 */
import type { RequestContext } from '../http/context.js';
import { objectTarget, uploadIdParam } from './object-request.js';

export async function abortMultipartUpload(ctx: RequestContext): Promise<void> {
  const target = objectTarget(ctx);
  const uploadId = uploadIdParam(ctx);
  await ctx.engine.objectLayer.abortMultipartUpload(target.bucket, target.key, uploadId);
  ctx.res.statusCode = 204;
  ctx.res.end();
}
