/**
 * PutObjectLegalHold (`PUT /<bucket>/<key>?legal-hold[&versionId=]`): turn a version's legal hold
 * ON or OFF (`<LegalHold><Status>ON|OFF</Status></LegalHold>`, Content-MD5 or x-amz-checksum-*
 * required) in a bucket created with object lock (wire doc §5.3). A version under legal hold
 * cannot be deleted whatever its retention; the hold has no date and anyone allowed
 * `s3:PutObjectLegalHold` may lift it.
 */
import type { RequestContext } from '../http/context.js';
import { parseLegalHold, setLegalHold } from '../bucket/object-lock.js';
import { EntityTooLarge, MalformedXML } from '../common/errors.js';
import { readVerifiedBody } from './checksums.js';
import { requireLockBucket } from './object-lock-request.js';
import { objectTarget, versionIdParam } from './object-request.js';
import { changeOrigin } from './change-origin.js';

const MAX_LEGAL_HOLD_BYTES = 64 * 1024;

export async function putObjectLegalHold(ctx: RequestContext): Promise<void> {
  const target = objectTarget(ctx);
  const versionId = versionIdParam(ctx);
  await requireLockBucket(ctx, target.bucket);
  let body: Buffer;
  try {
    body = await readVerifiedBody(ctx, MAX_LEGAL_HOLD_BYTES, true);
  } catch (err) {
    if (err instanceof EntityTooLarge) throw new MalformedXML(undefined, target);
    throw err;
  }
  const status = parseLegalHold(body.toString('utf8'), target);
  const info = await ctx.engine.objectLayer.updateObjectMetadata(
    target.bucket,
    target.key,
    versionId,
    (version) => setLegalHold(version.internal, status),
    { change: 'put-legal-hold', origin: changeOrigin(ctx) },
  );
  if (info.versionId !== 'null') ctx.res.setHeader('x-amz-version-id', info.versionId);
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}
