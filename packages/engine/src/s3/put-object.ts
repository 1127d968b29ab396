/**
 * PutObject (`PUT /bucket/key`): stream the authenticated body into the object layer.
 *
 * Everything that can be refused from the headers alone (missing length, size over 5 TiB, bad
 * Content-MD5 / checksum headers, storage class, tags, metadata size) is refused before the body is
 * read. Integrity is verified by the layer's `verify` callback once the body has ended (Content-MD5,
 * x-amz-checksum-* headers or aws-chunked trailers), so a mismatch leaves nothing visible. The
 * conditional-write headers (If-None-Match `*`, If-Match) are checked atomically at commit. The
 * bucket's hard quota is checked against the declared length before the body is read
 * (`bucket/quota.ts`), and the new version gets its object-lock fields from the lock headers or the
 * bucket's default retention (`bucket/object-lock.ts`).
 */
import type { RequestContext } from '../http/context.js';
import { markReplicationPending } from './replication-pending.js';
import { MissingContentLength } from '../http/request-errors.js';
import { EntityTooLarge } from '../common/errors.js';
import type { ObjectInfo, PutObjectOptions, WriteBodyOptions } from '../object-layer/types.js';
import type { Checksums } from '../object-layer/types.js';
import { checksumResponseHeaders, readRequestChecksums, verifyDigests } from './checksums.js';
import { writePrecondition } from './conditional.js';
import { metadataFromHeaders, quoteEtag } from './object-headers.js';
import { discardBody, objectTarget, requireAuth } from './object-request.js';
import { addUploadLockFields } from './object-lock-request.js';
import { beginQuotaWrite } from '../bucket/quota.js';
import { changeOrigin } from './change-origin.js';
import { refusePublicAcl } from './acl.js';
import { resolveWriteEncryption, setSseResponseHeaders } from './sse-request.js';
import { replicaWrite } from './replica-request.js';

/** S3's largest single PUT (and part): 5 GiB; larger objects are uploaded in parts. */
export const MAX_PUT_SIZE = 5 * 1024 ** 3;

/**
 * The declared body size of an upload (object or part): `ctx.auth.contentLength`, which is the
 * decoded length for aws-chunked bodies. Unknown is allowed only for aws-chunked bodies (their
 * framing ends them); a plain body without Content-Length is 411 MissingContentLength.
 */
export function uploadSize(ctx: RequestContext, max: number): number {
  const auth = requireAuth(ctx);
  const size = auth.contentLength;
  if (size < 0 && !auth.payloadHash.startsWith('STREAMING-')) {
    throw new MissingContentLength('You must provide the Content-Length HTTP header.', ctx.target);
  }
  if (size > max) {
    throw new EntityTooLarge('Your proposed upload exceeds the maximum allowed object size.', ctx.target);
  }
  return size;
}

/**
 * Body options for an upload: which checksums the layer computes, and the `verify` callback that
 * checks them (and the size) when the body has ended. `onVerified` receives the checksums to echo.
 */
export function uploadBodyOptions(
  ctx: RequestContext,
  size: number,
  extraAlgorithms: WriteBodyOptions['checksumAlgorithms'] = [],
): { options: WriteBodyOptions; echoed: () => Checksums } {
  const auth = requireAuth(ctx);
  const declared = readRequestChecksums(ctx.req.headers);
  const algorithms = [...declared.algorithms];
  for (const a of extraAlgorithms) if (!algorithms.includes(a)) algorithms.push(a);
  let echoed: Checksums = {};
  const options: WriteBodyOptions = {
    size,
    checksumAlgorithms: algorithms,
    verify: (digests) => {
      echoed = verifyDigests(declared, digests, auth.trailers, size);
    },
  };
  return { options, echoed: () => echoed };
}

/** Headers S3 answers a successful write with: ETag, version id (versioned buckets), checksums. */
export function setWriteResponseHeaders(ctx: RequestContext, info: ObjectInfo, checksums: Checksums): void {
  ctx.res.setHeader('ETag', quoteEtag(info.etag));
  // MinIO (like S3 for unversioned buckets) omits the header for the null version.
  if (info.versionId !== 'null') ctx.res.setHeader('x-amz-version-id', info.versionId);
  for (const [name, value] of Object.entries(checksumResponseHeaders(checksums)))
    ctx.res.setHeader(name, value);
  // A single-part object's checksum is always of the whole object.
  if (Object.keys(checksums).length > 0) ctx.res.setHeader('x-amz-checksum-type', 'FULL_OBJECT');
}

export async function putObject(ctx: RequestContext): Promise<void> {
  const target = objectTarget(ctx);
  const auth = requireAuth(ctx);
  const layer = ctx.engine.objectLayer;
  let prepared;
  try {
    const size = uploadSize(ctx, MAX_PUT_SIZE);
    const metadata = metadataFromHeaders(ctx.req.headers, target);
    const replica = replicaWrite(ctx, 's3:ReplicateObject');
    if (replica !== undefined) metadata.internal = { ...metadata.internal, ...replica.internal };
    const bucketMeta = await layer.getBucketMetadata(target.bucket);
    await refusePublicAcl(ctx, { meta: bucketMeta });
    addUploadLockFields(ctx, bucketMeta, metadata, target);
    markReplicationPending(ctx, bucketMeta, target.key, metadata);
    const body = uploadBodyOptions(ctx, size);
    const precondition = writePrecondition(ctx.req.headers, target);
    const encryption = await resolveWriteEncryption(ctx, target);
    // Last: it reserves room in the bucket's quota, which a later refusal would leak.
    const quota = await beginQuotaWrite(ctx.engine, bucketMeta, target.key, size);
    prepared = { metadata, ...body, precondition, quota, encryption, replica };
  } catch (err) {
    discardBody(ctx);
    throw err;
  }
  const { metadata, options, echoed, quota, encryption, replica } = prepared;
  const verify = quota.verify(options.verify);
  const precondition = quota.precondition(prepared.precondition);
  let info: ObjectInfo;
  try {
    // Optional fields assigned one by one: a spread per field cost more than the rest of it.
    const putOptions: PutObjectOptions = { ...options, metadata, origin: changeOrigin(ctx) };
    if (verify !== undefined) putOptions.verify = verify;
    if (precondition !== undefined) putOptions.precondition = precondition;
    if (encryption.request !== undefined) putOptions.encryption = encryption.request;
    if (replica?.versionId !== undefined) putOptions.versionId = replica.versionId;
    if (replica?.time !== undefined) putOptions.lastModified = replica.time;
    info = await layer.putObject(target.bucket, target.key, auth.body, putOptions);
  } catch (err) {
    quota.failed();
    throw err;
  }
  quota.done(info);
  setWriteResponseHeaders(ctx, info, echoed());
  setSseResponseHeaders(ctx.res, info.encryption, encryption.customerKey, true);
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}
