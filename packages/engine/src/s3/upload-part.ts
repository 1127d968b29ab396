/**
 * UploadPart (`PUT /bucket/key?partNumber=N&uploadId=ID`): stream one part into the upload. Size
 * and integrity rules are PutObject's (Content-MD5, x-amz-checksum-* headers or aws-chunked
 * trailers, verified before the part is kept), with S3's part limits: numbers 1..10000 and at most
 * 5 GiB per part. Parts under 5 MiB are accepted here; CompleteMultipartUpload refuses them unless
 * they are the last (EntityTooSmall). A part that alone would take the bucket past its hard quota
 * is refused before its body is read (XMinioAdminBucketQuotaExceeded).
 */
import type { RequestContext } from '../http/context.js';
import { enforceQuota } from '../bucket/quota.js';
import { discardBody, objectTarget, parsePartNumber, requireAuth, uploadIdParam } from './object-request.js';
import { setPartResponseHeaders } from './upload-part-copy.js';
import { MAX_PUT_SIZE as MAX_PART_SIZE, uploadBodyOptions, uploadSize } from './put-object.js';
import { readCustomerKey, setSseResponseHeaders } from './sse-request.js';

export async function uploadPart(ctx: RequestContext): Promise<void> {
  const target = objectTarget(ctx);
  const auth = requireAuth(ctx);
  let prepared;
  try {
    const partNumber = parsePartNumber(ctx.query.get('partNumber'), target);
    const uploadId = uploadIdParam(ctx);
    const size = uploadSize(ctx, MAX_PART_SIZE);
    // MinIO's rule: each part must fit in what is left of the bucket's hard quota.
    await enforceQuota(ctx.engine, await ctx.engine.objectLayer.getBucketMetadata(target.bucket), size);
    // The upload's own algorithm is computed for every part so its composite checksum can be
    // built at completion even when a client sends no checksum (or another one) for a part.
    const upload = await ctx.engine.objectLayer.listParts(target.bucket, target.key, uploadId, {
      maxParts: 0,
    });
    const algorithm = upload.upload.checksumAlgorithm;
    const customerKey = readCustomerKey(ctx, target);
    prepared = {
      customerKey,
      encryption: upload.upload.encryption,
      partNumber,
      uploadId,
      ...uploadBodyOptions(ctx, size, algorithm !== undefined ? [algorithm] : []),
    };
  } catch (err) {
    discardBody(ctx);
    throw err;
  }
  const { partNumber, uploadId, options, echoed, customerKey, encryption } = prepared;
  const part = await ctx.engine.objectLayer.putObjectPart(
    target.bucket,
    target.key,
    uploadId,
    partNumber,
    auth.body,
    { ...options, ...(customerKey !== undefined ? { customerKey: customerKey.key } : {}) },
  );
  setPartResponseHeaders(ctx, part.etag, echoed());
  setSseResponseHeaders(ctx.res, encryption, customerKey);
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}
