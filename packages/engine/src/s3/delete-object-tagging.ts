/** DeleteObjectTagging (`DELETE /bucket/key?tagging[&versionId=]`): remove the version's tags; 204. */
import type { RequestContext } from '../http/context.js';
import { objectTarget, versionIdParam } from './object-request.js';
import { setTaggingVersionHeader } from './object-tagging.js';
import { changeOrigin } from './change-origin.js';

export async function deleteObjectTagging(ctx: RequestContext): Promise<void> {
  const { bucket, key } = objectTarget(ctx);
  const versionId = versionIdParam(ctx);
  const info = await ctx.engine.objectLayer.updateObjectMetadata(
    bucket,
    key,
    versionId,
    (current) => {
      delete current.tagging;
    },
    { change: 'delete-tagging', origin: changeOrigin(ctx) },
  );
  setTaggingVersionHeader(ctx, info, versionId);
  ctx.res.statusCode = 204;
  ctx.res.end();
}
