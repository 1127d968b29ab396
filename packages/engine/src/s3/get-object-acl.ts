/** GetObjectAcl (`GET /<bucket>/<key>?acl[&versionId=]`): the canned owner-only policy. */
import type { RequestContext } from '../http/context.js';
import { sendAccessControlPolicy } from './acl.js';
import { optionalParam } from './list-params.js';

export async function getObjectAcl(ctx: RequestContext): Promise<void> {
  const versionId = optionalParam(ctx, 'versionId');
  await ctx.engine.objectLayer.getObjectInfo(ctx.target.bucket ?? '', ctx.target.key ?? '', { versionId });
  sendAccessControlPolicy(ctx);
}
