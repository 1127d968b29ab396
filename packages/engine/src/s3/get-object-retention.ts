/**
 * GetObjectRetention (`GET /<bucket>/<key>?retention[&versionId=]`): the version's
 * `<Retention><Mode/><RetainUntilDate/></Retention>`; 400 NoSuchObjectLockConfiguration when it
 * has none (MinIO's answer), 400 InvalidRequest on a bucket created without object lock.
 */
import type { RequestContext } from '../http/context.js';
import { sendXml } from '../http/xml.js';
import { lockStateOf } from '../bucket/object-lock.js';
import { NoSuchObjectLockConfiguration } from '../bucket/errors.js';
import { requireLockBucket } from './object-lock-request.js';
import { objectTarget, versionIdParam } from './object-request.js';

export async function getObjectRetention(ctx: RequestContext): Promise<void> {
  const target = objectTarget(ctx);
  const versionId = versionIdParam(ctx);
  await requireLockBucket(ctx, target.bucket);
  const info = await ctx.engine.objectLayer.getObjectInfo(
    target.bucket,
    target.key,
    versionId !== undefined ? { versionId } : {},
  );
  const state = lockStateOf(info.internal);
  if (state.mode === undefined || state.retainUntil === undefined) {
    throw new NoSuchObjectLockConfiguration(undefined, target);
  }
  sendXml(ctx, 200, 'Retention', { Mode: state.mode, RetainUntilDate: state.retainUntil });
}
