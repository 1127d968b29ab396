/**
 * GetObjectLegalHold (`GET /<bucket>/<key>?legal-hold[&versionId=]`): the version's
 * `<LegalHold><Status>ON|OFF</Status></LegalHold>`; 400 NoSuchObjectLockConfiguration when no
 * hold was ever set on it (MinIO's answer), 400 InvalidRequest on a bucket created without lock.
 */
import type { RequestContext } from '../http/context.js';
import { sendXml } from '../http/xml.js';
import { lockStateOf } from '../bucket/object-lock.js';
import { NoSuchObjectLockConfiguration } from '../bucket/errors.js';
import { requireLockBucket } from './object-lock-request.js';
import { objectTarget, versionIdParam } from './object-request.js';

export async function getObjectLegalHold(ctx: RequestContext): Promise<void> {
  const target = objectTarget(ctx);
  const versionId = versionIdParam(ctx);
  await requireLockBucket(ctx, target.bucket);
  const info = await ctx.engine.objectLayer.getObjectInfo(
    target.bucket,
    target.key,
    versionId !== undefined ? { versionId } : {},
  );
  const { legalHold } = lockStateOf(info.internal);
  if (legalHold === undefined) throw new NoSuchObjectLockConfiguration(undefined, target);
  sendXml(ctx, 200, 'LegalHold', { Status: legalHold });
}
