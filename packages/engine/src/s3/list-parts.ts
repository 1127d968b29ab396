/**
 * ListParts (`GET /bucket/key?uploadId=ID`): one page of an upload's parts, after
 * `part-number-marker`, at most `max-parts` (default and cap 1000, as S3), with the paging
 * fields clients loop on (IsTruncated, NextPartNumberMarker).
 */
import type { RequestContext } from '../http/context.js';
import { sendXml, type XmlObject } from '../http/xml.js';
import { checksumElements } from './checksums.js';
import { quoteEtag } from './object-headers.js';
import { ownerXml } from './owner.js';
import { intParam, objectTarget, uploadIdParam } from './object-request.js';

/** S3's page size limit for ListParts. */
const MAX_PARTS_PAGE = 1000;

export async function listParts(ctx: RequestContext): Promise<void> {
  const target = objectTarget(ctx);
  const uploadId = uploadIdParam(ctx);
  const maxParts = Math.min(intParam(ctx, 'max-parts', MAX_PARTS_PAGE), MAX_PARTS_PAGE);
  const marker = intParam(ctx, 'part-number-marker', 0);
  const urlEncoding = ctx.query.get('encoding-type') === 'url';
  const result = await ctx.engine.objectLayer.listParts(target.bucket, target.key, uploadId, {
    maxParts,
    ...(marker > 0 ? { partNumberMarker: marker } : {}),
  });
  const last = result.parts[result.parts.length - 1];
  const doc: XmlObject = {
    Bucket: target.bucket,
    Key: urlEncoding ? encodeURIComponent(target.key) : target.key,
    UploadId: uploadId,
    Initiator: ownerXml(),
    Owner: ownerXml(),
    StorageClass: result.upload.metadata.storageClass ?? 'STANDARD',
    PartNumberMarker: marker,
    NextPartNumberMarker: result.nextPartNumberMarker ?? last?.number ?? 0,
    MaxParts: maxParts,
    IsTruncated: result.isTruncated,
    ...(result.upload.checksumAlgorithm !== undefined
      ? { ChecksumAlgorithm: result.upload.checksumAlgorithm }
      : {}),
    ...(urlEncoding ? { EncodingType: 'url' } : {}),
    Part: result.parts.map((p) => ({
      PartNumber: p.number,
      LastModified: p.lastModified,
      ETag: quoteEtag(p.etag),
      Size: p.size,
      ...checksumElements(p.checksums),
    })),
  };
  sendXml(ctx, 200, 'ListPartsResult', doc);
}
