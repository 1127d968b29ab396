/**
 * GetObjectAttributes (`GET /bucket/key?attributes`, header `x-amz-object-attributes`): the
 * attributes a client asks for — ETag (unquoted, as S3 sends it here), Checksum, ObjectParts (one
 * page of the parts of a multipart object, `x-amz-max-parts` / `x-amz-part-number-marker`),
 * StorageClass, ObjectSize — without reading the data. Answers GetObjectAttributesResponse with
 * Last-Modified and the version headers.
 */
import type { RequestContext } from '../http/context.js';
import { sendXml, type XmlObject } from '../http/xml.js';
import { InvalidArgument } from '../common/errors.js';
import { checksumElements } from './checksums.js';
import { httpDate } from './object-headers.js';
import { headerValue, objectTarget, versionIdParam } from './object-request.js';

const ATTRIBUTES = ['ETag', 'Checksum', 'ObjectParts', 'StorageClass', 'ObjectSize'] as const;
type Attribute = (typeof ATTRIBUTES)[number];

/** S3's default and maximum page of parts. */
const MAX_PARTS_PAGE = 1000;

function intHeader(ctx: RequestContext, name: string, fallback: number): number {
  const v = headerValue(ctx.req.headers, name);
  if (v === undefined || v.trim() === '') return fallback;
  if (!/^\d{1,10}$/.test(v.trim())) throw new InvalidArgument(`Invalid ${name} value.`, ctx.target);
  return Number(v.trim());
}

/** Parse `x-amz-object-attributes` (comma-separated, case-insensitive names). */
export function parseAttributes(value: string | undefined): Set<Attribute> {
  const wanted = new Set<Attribute>();
  for (const raw of (value ?? '').split(',')) {
    const name = raw.trim();
    if (name === '') continue;
    const found = ATTRIBUTES.find((a) => a.toLowerCase() === name.toLowerCase());
    if (found === undefined) throw new InvalidArgument('Invalid attribute name specified.');
    wanted.add(found);
  }
  if (wanted.size === 0) throw new InvalidArgument('Empty Attribute');
  return wanted;
}

export async function getObjectAttributes(ctx: RequestContext): Promise<void> {
  const target = objectTarget(ctx);
  const versionId = versionIdParam(ctx);
  let wanted: Set<Attribute>;
  try {
    wanted = parseAttributes(headerValue(ctx.req.headers, 'x-amz-object-attributes'));
  } catch (err) {
    if (err instanceof InvalidArgument) throw new InvalidArgument(err.message, target);
    throw err;
  }
  const maxParts = Math.min(intHeader(ctx, 'x-amz-max-parts', MAX_PARTS_PAGE), MAX_PARTS_PAGE);
  const marker = intHeader(ctx, 'x-amz-part-number-marker', 0);
  const info = await ctx.engine.objectLayer.getObjectInfo(
    target.bucket,
    target.key,
    versionId !== undefined ? { versionId } : {},
  );

  const doc: XmlObject = {};
  if (wanted.has('ETag')) doc.ETag = info.etag;
  if (wanted.has('Checksum') && Object.keys(info.checksums).length > 0) {
    const composite = Object.values(info.checksums).some((v) => v !== undefined && /-\d+$/.test(v));
    doc.Checksum = {
      ...checksumElements(info.checksums),
      ChecksumType: composite ? 'COMPOSITE' : 'FULL_OBJECT',
    };
  }
  if (wanted.has('ObjectParts') && info.parts !== undefined && /-\d+$/.test(info.etag)) {
    const after = info.parts.filter((p) => p.number > marker);
    const page = after.slice(0, maxParts);
    const last = page[page.length - 1];
    doc.ObjectParts = {
      PartsCount: info.parts.length,
      PartNumberMarker: marker,
      NextPartNumberMarker: last?.number ?? marker,
      MaxParts: maxParts,
      IsTruncated: after.length > page.length,
      Part: page.map((p) => ({ PartNumber: p.number, Size: p.size, ...checksumElements(p.checksums) })),
    };
  }
  if (wanted.has('StorageClass')) doc.StorageClass = info.storageClass || 'STANDARD';
  if (wanted.has('ObjectSize')) doc.ObjectSize = info.size;

  ctx.res.setHeader('Last-Modified', httpDate(info.lastModified));
  if (info.versionId !== 'null' || versionId !== undefined)
    ctx.res.setHeader('x-amz-version-id', info.versionId);
  sendXml(ctx, 200, 'GetObjectAttributesResponse', doc);
}
