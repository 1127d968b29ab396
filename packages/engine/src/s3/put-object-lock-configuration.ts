/**
 * PutObjectLockConfiguration (`PUT /<bucket>?object-lock`): set or clear the default retention of
 * a bucket created with object lock (wire doc §5.3). The body needs Content-MD5 or an
 * x-amz-checksum-* header (400 MissingContentMD5) and must be an ObjectLockConfiguration with
 * `ObjectLockEnabled` = `Enabled` and at most one `Rule/DefaultRetention` (GOVERNANCE|COMPLIANCE,
 * Days or Years). Lock cannot be turned on for an existing bucket: on a bucket created without it
 * the answer is 409 InvalidBucketState. The normalised document is stored; GET returns it, and new
 * versions without retention headers get its default retention.
 */
import type { RequestContext } from '../http/context.js';
import {
  LOCK_MESSAGES,
  objectLockConfigurationXml,
  parseObjectLockConfiguration,
} from '../bucket/object-lock.js';
import { EntityTooLarge, MalformedXML } from '../common/errors.js';
import { InvalidBucketState } from '../object-layer/errors.js';
import { readVerifiedBody } from './checksums.js';

/** MinIO reads at most 4 KiB of an ObjectLockConfiguration; anything much bigger is not one. */
const MAX_CONFIG_BYTES = 64 * 1024;

export async function putObjectLockConfiguration(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  const layer = ctx.engine.objectLayer;
  // Existence first: a missing bucket is NoSuchBucket whatever the body says.
  await layer.getBucketInfo(bucket);
  let body: Buffer;
  try {
    body = await readVerifiedBody(ctx, MAX_CONFIG_BYTES, true);
  } catch (err) {
    if (err instanceof EntityTooLarge) throw new MalformedXML(undefined, { bucket });
    throw err;
  }
  // Parsed here for the error's bucket; stored in its canonical form.
  const config = parseObjectLockConfiguration(body.toString('utf8'), { bucket });
  await ctx.engine.bucketMetadata.put(bucket, 'objectLock', objectLockConfigurationXml(config), {
    check: (meta) => {
      if (!meta.objectLockEnabled) throw new InvalidBucketState(LOCK_MESSAGES.notLockBucket, { bucket });
    },
  });
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}
