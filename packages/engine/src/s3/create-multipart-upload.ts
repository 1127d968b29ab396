/**
 * CreateMultipartUpload (`POST /bucket/key?uploads`): record the metadata the final object will
 * carry (same headers as PutObject, object-lock headers included) and the checksum algorithm chosen for its parts
 * (`x-amz-checksum-algorithm`) and its type (`x-amz-checksum-type`, checksum-type.ts); answer InitiateMultipartUploadResult with the new UploadId.
 */
import type { RequestContext } from '../http/context.js';
import { markReplicationPending } from './replication-pending.js';
import { sendXml } from '../http/xml.js';
import { requestedChecksumAlgorithm } from './copy-object.js';
import { requestedChecksumType } from './checksum-type.js';
import { metadataFromHeaders } from './object-headers.js';
import { objectTarget, requireAuth } from './object-request.js';
import { addUploadLockFields } from './object-lock-request.js';
import { refusePublicAcl } from './acl.js';
import { resolveWriteEncryption, setSseResponseHeaders } from './sse-request.js';

export async function createMultipartUpload(ctx: RequestContext): Promise<void> {
  const target = objectTarget(ctx);
  requireAuth(ctx);
  const metadata = metadataFromHeaders(ctx.req.headers, target);
  const bucketMeta = await ctx.engine.objectLayer.getBucketMetadata(target.bucket);
  await refusePublicAcl(ctx, { meta: bucketMeta });
  // The object's lock is fixed when the upload starts (its default retention counts from now).
  addUploadLockFields(ctx, bucketMeta, metadata, target);
  markReplicationPending(ctx, bucketMeta, target.key, metadata);
  const checksumAlgorithm = requestedChecksumAlgorithm(ctx);
  const checksumType = requestedChecksumType(ctx.req.headers, checksumAlgorithm, target);
  // The upload's object key is made now; each part is encrypted with it.
  const encryption = await resolveWriteEncryption(ctx, target);
  const uploadId = await ctx.engine.objectLayer.newMultipartUpload(target.bucket, target.key, {
    metadata,
    ...(checksumAlgorithm !== undefined ? { checksumAlgorithm } : {}),
    ...(checksumType !== undefined ? { checksumType } : {}),
    ...(encryption.request !== undefined ? { encryption: encryption.request } : {}),
  });
  if (encryption.request !== undefined) {
    const { kind } = encryption.request;
    setSseResponseHeaders(
      ctx.res,
      kind === 'SSE-C'
        ? { kind }
        : { kind, ...(encryption.request.keyId !== undefined ? { keyId: encryption.request.keyId } : {}) },
      encryption.customerKey,
    );
  }
  if (checksumAlgorithm !== undefined) {
    ctx.res.setHeader('x-amz-checksum-algorithm', checksumAlgorithm);
    // COMPOSITE: the checksum of the parts' checksums; FULL_OBJECT: the CRC of the whole object.
    if (checksumType !== undefined) ctx.res.setHeader('x-amz-checksum-type', checksumType);
  }
  sendXml(ctx, 200, 'InitiateMultipartUploadResult', {
    Bucket: target.bucket,
    Key: target.key,
    UploadId: uploadId,
  });
}
