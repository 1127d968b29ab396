/**
 * PutBucketLifecycleConfiguration (`PUT /<bucket>?lifecycle`, wire doc §5.4): Content-MD5 (or an
 * x-amz-checksum-* header) required (400 MissingContentMD5), the document parsed and checked by
 * `bucket/lifecycle.ts` (MalformedXML / InvalidArgument), then MinIO's `validateTransitionTier`:
 * every Transition and NoncurrentVersionTransition StorageClass must name a configured remote tier
 * (else 400 InvalidStorageClass). The document is stored as sent; the scanner's lifecycle pass
 * (`background/lifecycle.ts`) acts on it from its next cycle. 200 with no body.
 */
import type { RequestContext } from '../http/context.js';
import { parseLifecycleConfiguration } from '../bucket/lifecycle.js';
import { EntityTooLarge, MalformedXML } from '../common/errors.js';
import { InvalidStorageClass } from './errors.js';
import { readVerifiedBody } from './checksums.js';

/** MinIO reads at most 1 MiB of a lifecycle document. */
const MAX_CONFIG_BYTES = 1 << 20;

export async function putBucketLifecycle(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  // Existence first: a missing bucket is NoSuchBucket whatever the body says.
  await ctx.engine.objectLayer.getBucketInfo(bucket);
  let body: Buffer;
  try {
    body = await readVerifiedBody(ctx, MAX_CONFIG_BYTES, true);
  } catch (err) {
    if (err instanceof EntityTooLarge) throw new MalformedXML(undefined, { bucket });
    throw err;
  }
  const text = body.toString('utf8');
  const config = parseLifecycleConfiguration(text);
  for (const rule of config.rules) {
    const classes = [
      ...rule.transitions.map((t) => t.storageClass),
      ...rule.noncurrentVersionTransitions.map((t) => t.storageClass),
    ];
    for (const name of classes) {
      if (!(await ctx.engine.tiers.has(name))) {
        throw new InvalidStorageClass(`Invalid storage class: no remote tier named '${name}'`, { bucket });
      }
    }
  }
  await ctx.engine.bucketMetadata.put(bucket, 'lifecycle', text);
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}
