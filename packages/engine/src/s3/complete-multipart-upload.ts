/**
 * CompleteMultipartUpload (`POST /bucket/key?uploadId=ID`): assemble the listed parts into the
 * object. The request names the parts by number and ETag (quotes optional) in ascending order,
 * optionally with their checksums; the layer checks every part exists with that ETag (InvalidPart),
 * that all but the last are at least 5 MiB (EntityTooSmall), computes the `md5-of-md5s-N` ETag and,
 * when the upload chose a checksum algorithm, the composite checksum. Conditional-write headers
 * apply at commit as for PutObject. With a hard quota on the bucket, the assembled size is checked
 * first (XMinioAdminBucketQuotaExceeded leaves the upload in place, to be aborted or retried).
 */
import type { RequestContext } from '../http/context.js';
import { asArray, parseXml, sendXml } from '../http/xml.js';
import { setSseResponseHeaders } from './sse-request.js';
import { EntityTooLarge, MalformedXML } from '../common/errors.js';
import { InvalidPartOrder } from '../object-layer/errors.js';
import type { Checksums, CompletePart, ObjectInfo } from '../object-layer/types.js';
import { beginQuotaWrite, hardQuotaOf } from '../bucket/quota.js';
import {
  CHECKSUM_ALGORITHMS,
  checksumElementName,
  checksumElements,
  isValidChecksumValue,
} from './checksums.js';
import { normalizeEtag, writePrecondition } from './conditional.js';
import { quoteEtag } from './object-headers.js';
import { objectTarget, objectUrl, uploadIdParam, type ObjectTarget } from './object-request.js';
import { changeOrigin } from './change-origin.js';
import { checkCompletedChecksum, readCompleteDocument, storedChecksumType } from './checksum-type.js';
import { completedByUpload } from './complete-repeat.js';

/** 10,000 parts of about 200 bytes of XML each, with room to spare. */
const MAX_COMPLETE_BODY = 8 * 1024 * 1024;

function text(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** Parse the CompleteMultipartUpload document into parts, checking S3's ordering rule. */
export function parseCompleteParts(xml: string, where?: ObjectTarget): CompletePart[] {
  const doc = parseXml(xml);
  const root = doc['CompleteMultipartUpload'];
  if (root === undefined || root === null || typeof root !== 'object' || Array.isArray(root)) {
    throw new MalformedXML(
      'The XML you provided was not well-formed or did not validate against our published schema.',
      where,
    );
  }
  const entries = asArray((root as Record<string, unknown>)['Part']);
  if (entries.length === 0) {
    throw new MalformedXML(
      'The XML you provided was not well-formed or did not validate against our published schema.',
      where,
    );
  }
  const parts: CompletePart[] = [];
  for (const entry of entries) {
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry))
      throw new MalformedXML(undefined, where);
    const fields = entry as Record<string, unknown>;
    const numberText = text(fields['PartNumber'])?.trim();
    const etag = text(fields['ETag']);
    if (numberText === undefined || !/^\d{1,5}$/.test(numberText) || etag === undefined) {
      throw new MalformedXML(
        'The XML you provided was not well-formed or did not validate against our published schema.',
        where,
      );
    }
    const part: CompletePart = { partNumber: Number(numberText), etag: normalizeEtag(etag) };
    const checksums: Checksums = {};
    for (const algorithm of CHECKSUM_ALGORITHMS) {
      const value = text(fields[checksumElementName(algorithm)])?.trim();
      if (value === undefined || value === '') continue;
      if (!isValidChecksumValue(algorithm, value))
        throw new MalformedXML(`Invalid ${checksumElementName(algorithm)}.`, where);
      checksums[algorithm] = value;
    }
    if (Object.keys(checksums).length > 0) part.checksums = checksums;
    const previous = parts[parts.length - 1];
    // S3: "The list of parts was not in ascending order. The parts list must be specified in order by part number."
    if (previous !== undefined && part.partNumber <= previous.partNumber) {
      throw new InvalidPartOrder(
        'The list of parts was not in ascending order. The parts list must be specified in order by part number.',
        where,
      );
    }
    parts.push(part);
  }
  return parts;
}

/** Total size of the uploaded parts the request names (parts it leaves out are discarded). */
async function listedPartsSize(
  ctx: RequestContext,
  target: ObjectTarget,
  uploadId: string,
  parts: CompletePart[],
): Promise<number> {
  const wanted = new Set(parts.map((p) => p.partNumber));
  let total = 0;
  let marker: number | undefined;
  for (;;) {
    const page = await ctx.engine.objectLayer.listParts(target.bucket, target.key, uploadId, {
      maxParts: 1000,
      ...(marker !== undefined ? { partNumberMarker: marker } : {}),
    });
    for (const part of page.parts) if (wanted.has(part.number)) total += part.size;
    if (!page.isTruncated || page.nextPartNumberMarker === undefined) return total;
    marker = page.nextPartNumberMarker;
  }
}

export async function completeMultipartUpload(ctx: RequestContext): Promise<void> {
  const target = objectTarget(ctx);
  const uploadId = uploadIdParam(ctx);
  let body: Buffer;
  try {
    body = await readCompleteDocument(ctx, MAX_COMPLETE_BODY);
  } catch (err) {
    if (err instanceof EntityTooLarge) throw new MalformedXML(undefined, target);
    throw err;
  }
  const parts = parseCompleteParts(body.toString('utf8'), target);
  // A repeat of a Complete that already succeeded gets the same answer (complete-repeat.ts).
  const repeated = await completedByUpload(ctx, target, uploadId, parts);
  if (repeated !== undefined) return sendCompleted(ctx, target, repeated);
  await checkCompletedChecksum(ctx, target, uploadId, parts);
  const layer = ctx.engine.objectLayer;
  const bucketMeta = await layer.getBucketMetadata(target.bucket);
  // The assembled object must fit in the bucket's hard quota (its parts were checked one by one).
  const size =
    hardQuotaOf(ctx.engine, bucketMeta) !== undefined
      ? await listedPartsSize(ctx, target, uploadId, parts)
      : 0;
  const quota = await beginQuotaWrite(ctx.engine, bucketMeta, target.key, size);
  const precondition = quota.precondition(writePrecondition(ctx.req.headers, target));
  let info: ObjectInfo;
  try {
    info = await layer.completeMultipartUpload(target.bucket, target.key, uploadId, parts, {
      ...(precondition !== undefined ? { precondition } : {}),
      origin: changeOrigin(ctx),
    });
  } catch (err) {
    quota.failed();
    throw err;
  }
  quota.done(info);
  sendCompleted(ctx, target, info);
}

function sendCompleted(ctx: RequestContext, target: ObjectTarget, info: ObjectInfo): void {
  if (info.versionId !== 'null') ctx.res.setHeader('x-amz-version-id', info.versionId);
  setSseResponseHeaders(ctx.res, info.encryption);
  const type = storedChecksumType(info.checksums);
  if (type !== undefined) ctx.res.setHeader('x-amz-checksum-type', type);
  sendXml(ctx, 200, 'CompleteMultipartUploadResult', {
    Location: objectUrl(ctx, target.bucket, target.key),
    Bucket: target.bucket,
    Key: target.key,
    ETag: quoteEtag(info.etag),
    ...checksumElements(info.checksums),
    ...(type !== undefined ? { ChecksumType: type } : {}),
  });
}
