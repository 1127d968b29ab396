/**
 * UploadPart (`PUT /bucket/key?partNumber=N&uploadId=ID`): stream one part into the upload. Size
 * and integrity rules are PutObject's (Content-MD5, x-amz-checksum-* headers or aws-chunked
 * trailers, verified before the part is kept), with S3's part limits: numbers 1..10000 and at most
 * 5 GiB per part. Parts under 5 MiB are accepted here; CompleteMultipartUpload refuses them unless
 * they are the last (EntityTooSmall).
 */
import type { RequestContext } from '../http/context.js';
import { objectTarget, parsePartNumber, requireAuth, uploadIdParam } from './object-request.js';
import { setPartResponseHeaders } from './upload-part-copy.js';
import { uploadBodyOptions, uploadSize } from './put-object.js';

/** S3's largest part: 5 GiB. */
export const MAX_PART_SIZE = 5 * 1024 ** 3;

export async function uploadPart(ctx: RequestContext): Promise<void> {
  const target = objectTarget(ctx);
  const auth = requireAuth(ctx);
  const partNumber = parsePartNumber(ctx.query.get('partNumber'), target);
  const uploadId = uploadIdParam(ctx);
  const size = uploadSize(ctx, MAX_PART_SIZE);
  const { options, echoed } = uploadBodyOptions(ctx, size);
  const part = await ctx.engine.objectLayer.putObjectPart(
    target.bucket,
    target.key,
    uploadId,
    partNumber,
    auth.body,
    options,
  );
  setPartResponseHeaders(ctx, part.etag, { ...part.checksums, ...echoed() });
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}
