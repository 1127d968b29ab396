/** PutBucketAcl (`PUT /<bucket>?acl`): accepted only when it asks for the owner-only policy. */
import type { RequestContext } from '../http/context.js';
import { checkAclRequest } from './acl.js';

export async function putBucketAcl(ctx: RequestContext): Promise<void> {
  await ctx.engine.objectLayer.getBucketInfo(ctx.target.bucket ?? '');
  await checkAclRequest(ctx);
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}
