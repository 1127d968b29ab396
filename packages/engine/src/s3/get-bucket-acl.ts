/** GetBucketAcl (`GET /<bucket>?acl`): the canned owner-only policy (see bucket/acl.ts). */
import type { RequestContext } from '../http/context.js';
import { sendAccessControlPolicy } from './acl.js';

export async function getBucketAcl(ctx: RequestContext): Promise<void> {
  await ctx.engine.objectLayer.getBucketInfo(ctx.target.bucket ?? '');
  sendAccessControlPolicy(ctx);
}
