/** PutObjectAcl (`PUT /<bucket>/<key>?acl`): accepted only when it asks for the owner-only policy. */
import type { RequestContext } from '../http/context.js';
import { checkAclRequest } from './acl.js';
import { optionalParam } from './list-params.js';

export async function putObjectAcl(ctx: RequestContext): Promise<void> {
  const versionId = optionalParam(ctx, 'versionId');
  await ctx.engine.objectLayer.getObjectInfo(ctx.target.bucket ?? '', ctx.target.key ?? '', { versionId });
  await checkAclRequest(ctx);
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}
