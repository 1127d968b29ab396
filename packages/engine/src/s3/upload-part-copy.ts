/**
 * UploadPartCopy (`PUT /bucket/key?partNumber=N&uploadId=ID` with `x-amz-copy-source`): a part
 * whose bytes come from an existing object version, optionally a byte range of it
 * (`x-amz-copy-source-range: bytes=first-last`). Source conditionals as for CopyObject; the part
 * must fit in the target bucket's hard quota, as for UploadPart. Answers CopyPartResult with the
 * part's ETag.
 */
import type { RequestContext } from '../http/context.js';
import { enforceQuota } from '../bucket/quota.js';
import { authorize } from '../http/authorize.js';
import { sendXml } from '../http/xml.js';
import { EntityTooLarge, InternalError } from '../common/errors.js';
import type { Checksums } from '../object-layer/types.js';
import { checksumElements, checksumResponseHeaders } from './checksums.js';
import { checkCopySourceConditionals } from './conditional.js';
import { copySourceInfo, copySourceVersionHeader, parseCopySource } from './copy-source.js';
import { quoteEtag } from './object-headers.js';
import { headerValue, objectTarget, parsePartNumber, uploadIdParam } from './object-request.js';
import { MAX_PUT_SIZE as MAX_PART_SIZE } from './put-object.js';
import { parseCopySourceRange, type ByteRange } from './range.js';
import { readCopySourceCustomerKey, readCustomerKey, setSseResponseHeaders } from './sse-request.js';

/** ETag and checksum headers of an uploaded part. */
export function setPartResponseHeaders(ctx: RequestContext, etag: string, checksums: Checksums): void {
  ctx.res.setHeader('ETag', quoteEtag(etag));
  for (const [name, value] of Object.entries(checksumResponseHeaders(checksums)))
    ctx.res.setHeader(name, value);
}

export async function uploadPartCopy(ctx: RequestContext): Promise<void> {
  const target = objectTarget(ctx);
  const partNumber = parsePartNumber(ctx.query.get('partNumber'), target);
  const uploadId = uploadIdParam(ctx);
  const source = parseCopySource(ctx.req.headers, target);
  // The router checked s3:PutObject on the target; reading the source needs s3:GetObject on it.
  await authorize(ctx, 's3:GetObject', source.bucket, source.key);
  const layer = ctx.engine.objectLayer;

  // Validates the upload before any byte is read, and gives the algorithm its parts carry.
  const upload = await layer.listParts(target.bucket, target.key, uploadId, { maxParts: 0 });
  const algorithm = upload.upload.checksumAlgorithm;
  const sourceKey = readCopySourceCustomerKey(ctx, target);
  const targetKey = readCustomerKey(ctx, target);
  const sourceInfo = await copySourceInfo(layer, source, sourceKey?.key);
  checkCopySourceConditionals(ctx.req.headers, sourceInfo);
  const rangeHeader = headerValue(ctx.req.headers, 'x-amz-copy-source-range');
  let range: ByteRange | undefined;
  if (rangeHeader !== undefined && rangeHeader.trim() !== '')
    range = parseCopySourceRange(rangeHeader, sourceInfo.size);
  else if (sourceInfo.size > 0) range = { start: 0, end: sourceInfo.size - 1 };
  const size = range !== undefined ? range.end - range.start + 1 : 0;
  if (size > MAX_PART_SIZE)
    throw new EntityTooLarge('Your proposed upload exceeds the maximum allowed part size.', target);
  // As UploadPart: the part must fit in what is left of the target bucket's hard quota.
  await enforceQuota(ctx.engine, await layer.getBucketMetadata(target.bucket), size);

  const read = await layer.getObject(source.bucket, source.key, {
    versionId: sourceInfo.versionId,
    ...(range !== undefined ? { range } : {}),
    ...(sourceKey !== undefined ? { customerKey: sourceKey.key } : {}),
  });
  if (read.info.etag !== sourceInfo.etag) {
    read.stream.destroy();
    throw new InternalError('The copy source changed while it was being read; retry the request.', target);
  }
  let part;
  try {
    part = await layer.putObjectPart(target.bucket, target.key, uploadId, partNumber, read.stream, {
      size,
      ...(algorithm !== undefined ? { checksumAlgorithms: [algorithm] } : {}),
      ...(targetKey !== undefined ? { customerKey: targetKey.key } : {}),
    });
  } finally {
    if (!read.stream.destroyed && !read.stream.readableEnded) read.stream.destroy();
  }

  const sourceVersion = copySourceVersionHeader(source, sourceInfo);
  if (sourceVersion !== undefined) ctx.res.setHeader('x-amz-copy-source-version-id', sourceVersion);
  setSseResponseHeaders(ctx.res, upload.upload.encryption, targetKey);
  sendXml(ctx, 200, 'CopyPartResult', {
    ETag: quoteEtag(part.etag),
    LastModified: new Date(),
    ...checksumElements(part.checksums),
  });
}
