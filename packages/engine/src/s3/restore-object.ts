/**
 * RestoreObject (`POST /<bucket>/<key>?restore[&versionId=]`, MinIO's restore of a transitioned
 * version): body `<RestoreRequest><Days>N</Days></RestoreRequest>`; the version's bytes are copied
 * back from its tier to the drives for N days (`x-amz-restore: ongoing-request="false",
 * expiry-date="…"` on HEAD/GET from then on; the lifecycle pass drops the copy when the time is
 * up). 202 Accepted for a new restore, 200 OK when the version was already restored (its expiry
 * moves). A version that is not on a tier is 403 InvalidObjectState. Unlike MinIO, the copy is made
 * before the answer, so the next read is already local.
 */
import type { RequestContext } from '../http/context.js';
import { readBody } from '../http/body.js';
import { rootElement, text } from '../bucket/xml-fields.js';
import { EntityTooLarge, InvalidArgument, MalformedXML } from '../common/errors.js';
import { isDataRemote, isTransitioned } from '../tier/index.js';
import { InvalidObjectState } from './errors.js';
import { objectTarget, versionIdParam } from './object-request.js';

const MAX_BODY = 64 * 1024;
const DAY_MS = 86_400_000;

function restoreDays(xml: string): number {
  const root = rootElement(xml, 'RestoreRequest');
  const days = text(root, 'Days');
  const n = days !== undefined && /^\d+$/.test(days) ? Number(days) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new InvalidArgument('Days must be a positive integer.');
  return n;
}

export async function restoreObject(ctx: RequestContext): Promise<void> {
  const { bucket, key } = objectTarget(ctx);
  const versionId = versionIdParam(ctx);
  let body: Buffer;
  try {
    body = await readBody(ctx, MAX_BODY);
  } catch (err) {
    if (err instanceof EntityTooLarge) throw new MalformedXML(undefined, { bucket, key });
    throw err;
  }
  const days = restoreDays(body.toString('utf8'));
  const info = await ctx.engine.objectLayer.getObjectInfo(
    bucket,
    key,
    versionId !== undefined ? { versionId } : {},
  );
  if (!isTransitioned(info)) {
    throw new InvalidObjectState('The operation is not valid for the current state of the object.', {
      bucket,
      key,
    });
  }
  const wasRestored = !isDataRemote(info);
  // S3 keeps a restored copy until midnight UTC after the days have passed.
  const expiry = new Date(Math.ceil((Date.now() + days * DAY_MS) / DAY_MS) * DAY_MS);
  await ctx.engine.tiering.restore(bucket, key, info.versionId, expiry);
  ctx.res.statusCode = wasRestored ? 200 : 202;
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}
