/**
 * What GetObject and HeadObject share: reading the request's read options (versionId, Range,
 * partNumber, response-* overrides, checksum mode), evaluating the conditional headers against the
 * version found, resolving a Range or a part number to a byte range, and writing the response
 * head (200 / 206 / 304). The handlers differ only in how they obtain the version and whether a
 * body follows.
 */
import type { RequestContext } from '../http/context.js';
import { InvalidRequest } from '../common/errors.js';
import { PreconditionFailed } from '../object-layer/errors.js';
import { InvalidPartNumber } from './errors.js';
import type { Checksums, ObjectInfo } from '../object-layer/types.js';
import { checksumResponseHeaders } from './checksums.js';
import { evaluateConditionals, readConditionals, type Conditionals } from './conditional.js';
import {
  applyResponseOverrides,
  httpDate,
  quoteEtag,
  responseOverrides,
  writeObjectHeaders,
} from './object-headers.js';
import {
  headerValue,
  objectTarget,
  parsePartNumber,
  requireAuth,
  versionIdParam,
  type ObjectTarget,
} from './object-request.js';
import { contentRange, parseRange, type ByteRange } from './range.js';
import {
  readCustomerKey,
  refuseSseHeadersOnRead,
  setSseResponseHeaders,
  type CustomerKey,
} from './sse-request.js';

export interface ReadRequest extends ObjectTarget {
  versionId?: string;
  partNumber?: number;
  rangeHeader?: string;
  conditionals: Conditionals;
  overrides: Record<string, string>;
  checksumMode: boolean;
  /** The SSE-C key the request brings (required for SSE-C versions, refused for others). */
  customerKey?: CustomerKey;
}

/** Parse and validate the read options of a GET/HEAD object request. */
export function readRequest(ctx: RequestContext): ReadRequest {
  const target = objectTarget(ctx);
  const auth = requireAuth(ctx);
  // Fields set one by one (no spread of `target`): every GET and HEAD builds this.
  const req: ReadRequest = {
    bucket: target.bucket,
    key: target.key,
    conditionals: readConditionals(ctx.req.headers),
    overrides: responseOverrides(ctx.query),
    checksumMode: headerValue(ctx.req.headers, 'x-amz-checksum-mode')?.trim().toUpperCase() === 'ENABLED',
  };
  refuseSseHeadersOnRead(ctx, target);
  const customerKey = readCustomerKey(ctx, target);
  if (customerKey !== undefined) req.customerKey = customerKey;
  const versionId = versionIdParam(ctx);
  if (versionId !== undefined) req.versionId = versionId;
  const part = ctx.query.get('partNumber');
  if (part !== null) req.partNumber = parsePartNumber(part, target);
  const range = headerValue(ctx.req.headers, 'range');
  if (range !== undefined && range.trim() !== '') req.rangeHeader = range;
  if (req.partNumber !== undefined && req.rangeHeader !== undefined) {
    throw new InvalidRequest('Cannot specify both Range header and partNumber query parameter', target);
  }
  // S3: "Request specific response headers cannot be used for anonymous GET requests."
  if (Object.keys(req.overrides).length > 0 && auth.method === 'anonymous') {
    throw new InvalidRequest(
      'Request specific response headers cannot be used for anonymous GET requests.',
      target,
    );
  }
  return req;
}

/** The layer's read options for the request's SSE-C key. */
export function customerKeyOption(req: ReadRequest): { customerKey?: Buffer } {
  return req.customerKey !== undefined ? { customerKey: req.customerKey.key } : {};
}

/** Outcome of the conditional headers: throws 412, returns false for 304 (already answered). */
export function passConditionals(ctx: RequestContext, req: ReadRequest, info: ObjectInfo): boolean {
  const outcome = evaluateConditionals(req.conditionals, info);
  if (outcome === 'precondition-failed') {
    throw new PreconditionFailed('At least one of the pre-conditions you specified did not hold', req);
  }
  if (outcome === 'not-modified') {
    // RFC 7232 §4.1: a 304 carries the validators a 200 would have carried.
    ctx.res.writeHead(304, { ETag: quoteEtag(info.etag), 'Last-Modified': httpDate(info.lastModified) });
    ctx.res.end();
    return false;
  }
  return true;
}

export interface ReadSlice {
  /** Undefined: the whole object. */
  range?: ByteRange;
  /** A part request (or a range): only `range` bytes are sent. */
  partial: boolean;
  /** Checksums to send (x-amz-checksum-mode: ENABLED and a whole object or part). */
  checksums?: Checksums;
}

/**
 * Resolve the Range header or partNumber against the version. A part number of a single-part
 * object is valid only as 1 (the whole object); beyond the object's parts → 416 InvalidPartNumber.
 */
export function resolveSlice(req: ReadRequest, info: ObjectInfo): ReadSlice {
  if (req.partNumber !== undefined) {
    const parts = info.parts !== undefined && info.parts.length > 0 ? info.parts : undefined;
    if (parts === undefined) {
      if (req.partNumber !== 1)
        throw new InvalidPartNumber('The requested partnumber is not satisfiable', req);
      const slice: ReadSlice = { partial: true };
      if (info.size > 0) slice.range = { start: 0, end: info.size - 1 };
      if (req.checksumMode) slice.checksums = info.checksums;
      return slice;
    }
    const index = req.partNumber - 1;
    const part = parts[index];
    if (part === undefined) throw new InvalidPartNumber('The requested partnumber is not satisfiable', req);
    let start = 0;
    for (let i = 0; i < index; i++) start += parts[i]?.size ?? 0;
    const slice: ReadSlice = { partial: true };
    if (part.size > 0) slice.range = { start, end: start + part.size - 1 };
    if (req.checksumMode && part.checksums !== undefined) slice.checksums = part.checksums;
    return slice;
  }
  const range = parseRange(req.rangeHeader, info.size);
  if (range !== undefined) return { range, partial: true };
  const whole: ReadSlice = { partial: false };
  if (req.checksumMode) whole.checksums = info.checksums;
  return whole;
}

/** Set status and headers of a 200/206 object response (the body, if any, follows). */
export function writeReadHead(
  ctx: RequestContext,
  req: ReadRequest,
  info: ObjectInfo,
  slice: ReadSlice,
): void {
  const { res } = ctx;
  writeObjectHeaders(res, info, { versionHeader: req.versionId !== undefined });
  setSseResponseHeaders(res, info.encryption, req.customerKey);
  if (slice.checksums !== undefined) {
    for (const [name, value] of Object.entries(checksumResponseHeaders(slice.checksums)))
      res.setHeader(name, value);
    const values = Object.values(slice.checksums);
    if (values.length > 0) {
      res.setHeader(
        'x-amz-checksum-type',
        values.some((v) => v !== undefined && /-\d+$/.test(v)) ? 'COMPOSITE' : 'FULL_OBJECT',
      );
    }
  }
  applyResponseOverrides(res, req.overrides);
  if (slice.range !== undefined) {
    res.setHeader('Content-Range', contentRange(slice.range, info.size));
    res.setHeader('Content-Length', slice.range.end - slice.range.start + 1);
    res.statusCode = 206;
  } else {
    // A whole object, or an empty part (no Content-Range can describe zero bytes): 200.
    res.setHeader('Content-Length', slice.partial ? 0 : info.size);
    res.statusCode = 200;
  }
}
