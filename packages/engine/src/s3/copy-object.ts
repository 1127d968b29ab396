/**
 * CopyObject (`PUT /bucket/key` with `x-amz-copy-source`): read a source version and write it as
 * a new object, server-side.
 *
 * Metadata follows `x-amz-metadata-directive` (COPY keeps the source's, REPLACE takes the
 * request's headers) and tags follow `x-amz-tagging-directive` likewise. Copying an object onto
 * itself is refused unless something changes (S3's "This copy request is illegal…"), which is how
 * clients rewrite metadata in place. The source is pinned to the version looked up, and
 * `x-amz-copy-source-if-*` conditions are checked against it. Data is streamed from the layer's
 * reader into its writer; nothing is buffered. The copy counts against the target bucket's hard
 * quota, and its new version gets object-lock fields from the request's lock headers or the
 * target's default retention (never the source's: a copy is a new version).
 */
import type { RequestContext } from '../http/context.js';
import { markReplicationPending } from './replication-pending.js';
import { authorize } from '../http/authorize.js';
import { InternalError, InvalidArgument, InvalidRequest } from '../common/errors.js';
import type { ChecksumAlgorithm, Checksums, ObjectMetadataInput } from '../object-layer/types.js';
import { sendXml } from '../http/xml.js';
import { checksumElements, toChecksumAlgorithm } from './checksums.js';
import { checkCopySourceConditionals, writePrecondition } from './conditional.js';
import { copySourceInfo, copySourceVersionHeader, parseCopySource } from './copy-source.js';
import {
  formatTagString,
  metadataFromHeaders,
  metadataFromInfo,
  parseDirective,
  parseStorageClass,
  parseTagString,
  quoteEtag,
  validateTags,
} from './object-headers.js';
import { headerValue, objectTarget } from './object-request.js';
import { addUploadLockFields } from './object-lock-request.js';
import { beginQuotaWrite } from '../bucket/quota.js';
import { changeOrigin } from './change-origin.js';
import { refusePublicAcl } from './acl.js';
import { readCopySourceCustomerKey, resolveWriteEncryption, setSseResponseHeaders } from './sse-request.js';

const ILLEGAL_SELF_COPY =
  "This copy request is illegal because it is trying to copy an object to itself without changing the object's metadata, storage class, website redirect location or encryption attributes.";

/** x-amz-checksum-algorithm of a copy or CreateMultipartUpload; InvalidArgument when unknown. */
export function requestedChecksumAlgorithm(ctx: RequestContext): ChecksumAlgorithm | undefined {
  const v = headerValue(ctx.req.headers, 'x-amz-checksum-algorithm');
  if (v === undefined || v.trim() === '') return undefined;
  const algorithm = toChecksumAlgorithm(v);
  if (algorithm === undefined) throw new InvalidArgument('Invalid checksum algorithm provided.', ctx.target);
  return algorithm;
}

export async function copyObject(ctx: RequestContext): Promise<void> {
  const target = objectTarget(ctx);
  const headers = ctx.req.headers;
  const source = parseCopySource(headers, target);
  // The router checked s3:PutObject on the target; reading the source needs s3:GetObject on it.
  await authorize(ctx, 's3:GetObject', source.bucket, source.key);
  await refusePublicAcl(ctx);
  const metadataDirective = parseDirective(
    headerValue(headers, 'x-amz-metadata-directive'),
    'metadata directive',
    target,
  );
  const taggingDirective = parseDirective(
    headerValue(headers, 'x-amz-tagging-directive'),
    'tagging directive',
    target,
  );
  const storageClass = parseStorageClass(headerValue(headers, 'x-amz-storage-class'), target);
  const algorithm = requestedChecksumAlgorithm(ctx);
  const layer = ctx.engine.objectLayer;

  const sourceKey = readCopySourceCustomerKey(ctx, target);
  const sourceInfo = await copySourceInfo(layer, source, sourceKey?.key);
  checkCopySourceConditionals(headers, sourceInfo);
  // The copy is a new version: encrypted as its headers (or the target bucket's default) say.
  const encryption = await resolveWriteEncryption(ctx, target);
  const sseHeaders = ['x-amz-server-side-encryption', 'x-amz-server-side-encryption-customer-algorithm'];
  const changesEncryption = sseHeaders.some((name) => headerValue(headers, name) !== undefined);

  const selfCopy =
    source.bucket === target.bucket && source.key === target.key && source.versionId === undefined;
  if (
    selfCopy &&
    metadataDirective === 'COPY' &&
    taggingDirective === 'COPY' &&
    (storageClass === undefined || storageClass === sourceInfo.storageClass) &&
    algorithm === undefined &&
    !changesEncryption
  ) {
    throw new InvalidRequest(ILLEGAL_SELF_COPY, target);
  }

  const metadata: ObjectMetadataInput =
    metadataDirective === 'REPLACE' ? metadataFromHeaders(headers, target) : metadataFromInfo(sourceInfo);
  delete metadata.tagging;
  if (taggingDirective === 'REPLACE') {
    const tags = parseTagString(headerValue(headers, 'x-amz-tagging'));
    validateTags(tags, target);
    const tagging = formatTagString(tags);
    if (tagging !== undefined) metadata.tagging = tagging;
  } else if (sourceInfo.tagging !== undefined) {
    metadata.tagging = sourceInfo.tagging;
  }
  if (storageClass !== undefined) metadata.storageClass = storageClass;

  // Keep the source's checksum algorithms (recomputed over the whole new object) plus any requested.
  const algorithms = Object.keys(sourceInfo.checksums) as ChecksumAlgorithm[];
  if (algorithm !== undefined && !algorithms.includes(algorithm)) algorithms.push(algorithm);

  // The new version's object lock (headers or default retention) and the target's quota.
  const targetMeta = await layer.getBucketMetadata(target.bucket);
  addUploadLockFields(ctx, targetMeta, metadata, target);
  markReplicationPending(ctx, targetMeta, target.key, metadata);
  const quota = await beginQuotaWrite(ctx.engine, targetMeta, target.key, sourceInfo.size);

  let info;
  try {
    const read = await layer.getObject(source.bucket, source.key, {
      versionId: sourceInfo.versionId,
      ...(sourceKey !== undefined ? { customerKey: sourceKey.key } : {}),
    });
    if (read.info.etag !== sourceInfo.etag) {
      read.stream.destroy();
      throw new InternalError('The copy source changed while it was being read; retry the request.', target);
    }
    // If-Match / If-None-Match name the destination (the copy-source-if-* ones the source).
    const precondition = quota.precondition(writePrecondition(ctx.req.headers, target));
    try {
      info = await layer.putObject(target.bucket, target.key, read.stream, {
        size: sourceInfo.size,
        checksumAlgorithms: algorithms,
        metadata,
        ...(precondition !== undefined ? { precondition } : {}),
        cause: 'copy',
        origin: changeOrigin(ctx),
        ...(encryption.request !== undefined ? { encryption: encryption.request } : {}),
      });
    } finally {
      // The layer consumes the body it is given; make sure the reader is released on failure too.
      if (!read.stream.destroyed && !read.stream.readableEnded) read.stream.destroy();
    }
  } catch (err) {
    quota.failed();
    throw err;
  }
  quota.done(info);

  const sourceVersion = copySourceVersionHeader(source, sourceInfo);
  if (sourceVersion !== undefined) ctx.res.setHeader('x-amz-copy-source-version-id', sourceVersion);
  if (info.versionId !== 'null') ctx.res.setHeader('x-amz-version-id', info.versionId);
  setSseResponseHeaders(ctx.res, info.encryption, encryption.customerKey, true);
  const checksums: Checksums = {};
  if (algorithm !== undefined && info.checksums[algorithm] !== undefined)
    checksums[algorithm] = info.checksums[algorithm];
  sendXml(ctx, 200, 'CopyObjectResult', {
    ETag: quoteEtag(info.etag),
    LastModified: info.lastModified,
    ...checksumElements(checksums),
  });
}
