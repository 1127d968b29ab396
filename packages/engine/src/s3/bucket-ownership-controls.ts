/**
 * Bucket ownership controls (`GET|PUT|DELETE /<bucket>?ownershipControls`), as MinIO behaves:
 * every object belongs to the bucket owner and ACLs are canned private, which is S3's
 * BucketOwnerEnforced. GET always answers that setting; PUT accepts BucketOwnerEnforced (nothing
 * to change) and refuses ObjectWriter / BucketOwnerPreferred with 400 InvalidArgument, since the
 * engine cannot honour them; DELETE answers 204 and the setting stays what holds. Nothing is
 * stored.
 */
import type { RequestContext } from '../http/context.js';
import { sendXml } from '../http/xml.js';
import { InvalidArgument, MalformedXML } from '../common/errors.js';
import { element, rootElement, text } from '../bucket/xml-fields.js';
import { readVerifiedBody } from './checksums.js';

const ENFORCED = 'BucketOwnerEnforced';
const KNOWN = new Set([ENFORCED, 'ObjectWriter', 'BucketOwnerPreferred']);
const MAX_DOCUMENT_BYTES = 64 * 1024;

export async function getBucketOwnershipControls(ctx: RequestContext): Promise<void> {
  await ctx.engine.objectLayer.getBucketInfo(ctx.target.bucket ?? '');
  sendXml(ctx, 200, 'OwnershipControls', { Rule: { ObjectOwnership: ENFORCED } });
}

export async function putBucketOwnershipControls(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  await ctx.engine.objectLayer.getBucketInfo(bucket);
  const body = await readVerifiedBody(ctx, MAX_DOCUMENT_BYTES, true);
  const rule = element(rootElement(body.toString('utf8'), 'OwnershipControls'), 'Rule');
  const ownership = rule === undefined ? undefined : text(rule, 'ObjectOwnership');
  if (ownership === undefined || !KNOWN.has(ownership)) throw new MalformedXML(undefined, { bucket });
  if (ownership !== ENFORCED) {
    throw new InvalidArgument(
      `Only ${ENFORCED} is supported: objects always belong to the bucket owner and ACLs stay canned private.`,
      { bucket },
    );
  }
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}

export async function deleteBucketOwnershipControls(ctx: RequestContext): Promise<void> {
  await ctx.engine.objectLayer.getBucketInfo(ctx.target.bucket ?? '');
  ctx.res.statusCode = 204;
  ctx.res.end();
}
