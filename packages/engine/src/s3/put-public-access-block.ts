/**
 * PutPublicAccessBlock (`PUT /<bucket>?publicAccessBlock`): store the bucket's
 * PublicAccessBlockConfiguration (`bucket/public-access-block.ts` says what each switch does), 200.
 * A body that is not one is MalformedXML; a Content-MD5 or checksum, when sent, must match. MinIO
 * answers NotImplemented here (docs/compatibility.md).
 */
import type { RequestContext } from '../http/context.js';
import { parsePublicAccessBlock, publicAccessBlockXml } from '../bucket/public-access-block.js';
import { EntityTooLarge, MalformedXML } from '../common/errors.js';
import { readVerifiedBody } from './checksums.js';

const MAX_CONFIG_BYTES = 64 * 1024;

export async function putPublicAccessBlock(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  // Existence first: a missing bucket is NoSuchBucket whatever the body says.
  await ctx.engine.objectLayer.getBucketInfo(bucket);
  let body: Buffer;
  try {
    body = await readVerifiedBody(ctx, MAX_CONFIG_BYTES);
  } catch (err) {
    if (err instanceof EntityTooLarge) throw new MalformedXML(undefined, { bucket });
    throw err;
  }
  // Stored in its canonical form: GET answers every switch spelled out.
  const config = parsePublicAccessBlock(body.toString('utf8'));
  await ctx.engine.bucketMetadata.put(bucket, 'publicAccessBlock', publicAccessBlockXml(config));
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}
