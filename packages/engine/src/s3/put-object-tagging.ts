/**
 * PutObjectTagging (`PUT /bucket/key?tagging[&versionId=]`): replace the version's tag set in
 * place (no data rewrite, no new version). Content-MD5 / x-amz-checksum-* are verified when sent.
 */
import type { RequestContext } from '../http/context.js';
import { EntityTooLarge, MalformedXML } from '../common/errors.js';
import { readVerifiedBody } from './checksums.js';
import { formatTagString } from './object-headers.js';
import { objectTarget, versionIdParam } from './object-request.js';
import { parseTaggingXml, setTaggingVersionHeader } from './object-tagging.js';
import { changeOrigin } from './change-origin.js';

/** Ten tags of at most 128 + 256 characters fit many times over. */
const MAX_TAGGING_BODY = 64 * 1024;

export async function putObjectTagging(ctx: RequestContext): Promise<void> {
  const target = objectTarget(ctx);
  const versionId = versionIdParam(ctx);
  let body: Buffer;
  try {
    body = await readVerifiedBody(ctx, MAX_TAGGING_BODY);
  } catch (err) {
    if (err instanceof EntityTooLarge) throw new MalformedXML(undefined, target);
    throw err;
  }
  const tagging = formatTagString(parseTaggingXml(body.toString('utf8'), target));
  const info = await ctx.engine.objectLayer.updateObjectMetadata(
    target.bucket,
    target.key,
    versionId,
    (current) => {
      if (tagging === undefined) delete current.tagging;
      else current.tagging = tagging;
    },
    { change: 'put-tagging', origin: changeOrigin(ctx) },
  );
  setTaggingVersionHeader(ctx, info, versionId);
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}
