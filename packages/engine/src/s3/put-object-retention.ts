/**
 * PutObjectRetention (`PUT /<bucket>/<key>?retention[&versionId=]`): set, extend or remove the
 * retention of one version (the latest without a versionId) in a bucket created with object lock
 * (wire doc §5.3). The body needs Content-MD5 or an x-amz-checksum-* header. An active COMPLIANCE
 * retention can only be extended; an active GOVERNANCE one too, unless the request carries
 * `x-amz-bypass-governance-retention: true` and the caller may `s3:BypassGovernanceRetention`
 * (`bucket/object-lock.ts`). The check and the change happen atomically under the object's lock.
 */
import type { RequestContext } from '../http/context.js';
import { checkRetentionChange, lockStateOf, parseRetention, setRetention } from '../bucket/object-lock.js';
import { EntityTooLarge, MalformedXML } from '../common/errors.js';
import { readVerifiedBody } from './checksums.js';
import { lockOverride, requireLockBucket } from './object-lock-request.js';
import { objectTarget, versionIdParam } from './object-request.js';
import { changeOrigin } from './change-origin.js';

/** MinIO reads at most 4 KiB of a Retention document. */
const MAX_RETENTION_BYTES = 64 * 1024;

export async function putObjectRetention(ctx: RequestContext): Promise<void> {
  const target = objectTarget(ctx);
  const versionId = versionIdParam(ctx);
  await requireLockBucket(ctx, target.bucket);
  let body: Buffer;
  try {
    body = await readVerifiedBody(ctx, MAX_RETENTION_BYTES, true);
  } catch (err) {
    if (err instanceof EntityTooLarge) throw new MalformedXML(undefined, target);
    throw err;
  }
  const override = lockOverride(ctx, target.bucket, target.key);
  const retention = parseRetention(body.toString('utf8'), override.now, target);
  const info = await ctx.engine.objectLayer.updateObjectMetadata(
    target.bucket,
    target.key,
    versionId,
    (version) => {
      checkRetentionChange(lockStateOf(version.internal), retention, override, target);
      setRetention(version.internal, retention);
    },
    { change: 'put-retention', origin: changeOrigin(ctx) },
  );
  if (info.versionId !== 'null') ctx.res.setHeader('x-amz-version-id', info.versionId);
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}
