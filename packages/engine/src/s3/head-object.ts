/**
 * HeadObject (`HEAD /bucket/key`): the GET response head without a body — same conditional
 * evaluation (304 / 412), Range and partNumber (206 with Content-Range and the slice's length),
 * versionId and checksum mode. Errors have no body on HEAD; the error writer sends the code in
 * headers instead. A successful answer publishes `s3:ObjectAccessed:Head`.
 */
import type { RequestContext } from '../http/context.js';
import {
  customerKeyOption,
  passConditionals,
  readRequest,
  resolveSlice,
  writeReadHead,
} from './object-read.js';
import { publishAccess } from './access-event.js';

export async function headObject(ctx: RequestContext): Promise<void> {
  const req = readRequest(ctx);
  const info = await ctx.engine.objectLayer.getObjectInfo(req.bucket, req.key, {
    ...(req.versionId !== undefined ? { versionId: req.versionId } : {}),
    sse: customerKeyOption(req),
  });
  if (!passConditionals(ctx, req, info)) return;
  const slice = resolveSlice(req, info);
  writeReadHead(ctx, req, info, slice);
  ctx.res.end();
  publishAccess(ctx, 's3:ObjectAccessed:Head', info);
}
