/** GetObjectTagging (`GET /bucket/key?tagging[&versionId=]`): the version's TagSet. */
import type { RequestContext } from '../http/context.js';
import { sendXml } from '../http/xml.js';
import { parseTagString } from './object-headers.js';
import { objectTarget, versionIdParam } from './object-request.js';
import { setTaggingVersionHeader } from './object-tagging.js';

export async function getObjectTagging(ctx: RequestContext): Promise<void> {
  const { bucket, key } = objectTarget(ctx);
  const versionId = versionIdParam(ctx);
  const info = await ctx.engine.objectLayer.getObjectInfo(
    bucket,
    key,
    versionId !== undefined ? { versionId } : {},
  );
  setTaggingVersionHeader(ctx, info, versionId);
  sendXml(ctx, 200, 'Tagging', {
    TagSet: { Tag: parseTagString(info.tagging).map((t) => ({ Key: t.key, Value: t.value })) },
  });
}
