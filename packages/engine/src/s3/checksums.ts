/**
 * Request integrity checks for object uploads: Content-MD5 and S3's flexible checksums
 * (`x-amz-checksum-{crc32,crc32c,sha1,sha256,crc64nvme}`), sent either as a header or, by current
 * AWS SDKs, as a trailer of an aws-chunked body (`x-amz-trailer: x-amz-checksum-crc32`).
 *
 * Design: headers are parsed and validated *before* the body is touched (a malformed value fails
 * fast with InvalidDigest / InvalidRequest); the object layer computes MD5 and the named checksum
 * algorithms while it streams the body, and calls the `verify` callback built here before the
 * write becomes visible. Trailing checksums are read from `ctx.auth.trailers()` inside `verify`,
 * when the body has ended. Small bodies that are read into memory (DeleteObjects, tagging) are
 * verified with `verifyBuffer`, which computes the same digests itself.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { RequestContext } from '../http/context.js';
import { readBody } from '../http/body.js';
import { checksumOf } from '../storage/digester.js';
import type { ChecksumAlgorithm, Checksums, ComputedDigests } from '../object-layer/types.js';
import { MissingContentMD5 } from '../http/request-errors.js';
import { InvalidArgument, InvalidRequest } from '../common/errors.js';
import { BadDigest, ChecksumMismatch, IncompleteBody } from '../object-layer/errors.js';
import { InvalidDigest } from './errors.js';

export const CHECKSUM_ALGORITHMS: readonly ChecksumAlgorithm[] = [
  'CRC32',
  'CRC32C',
  'SHA1',
  'SHA256',
  'CRC64NVME',
];

/** Digest sizes in bytes: a header value must be base64 of exactly this many bytes. */
const DIGEST_BYTES: Record<ChecksumAlgorithm, number> = {
  CRC32: 4,
  CRC32C: 4,
  SHA1: 20,
  SHA256: 32,
  CRC64NVME: 8,
};

/** Strict base64 (standard alphabet, padded as Go's and Java's encoders write it). */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** `x-amz-checksum-crc32` for `CRC32`, … */
export function checksumHeaderName(algorithm: ChecksumAlgorithm): string {
  return `x-amz-checksum-${algorithm.toLowerCase()}`;
}

/** The XML element S3 uses for a checksum (`ChecksumCRC32`, …). */
export function checksumElementName(algorithm: ChecksumAlgorithm): string {
  return `Checksum${algorithm}`;
}

/** Parse an algorithm name as clients send it (any case); undefined for an unknown name. */
export function toChecksumAlgorithm(name: string): ChecksumAlgorithm | undefined {
  const upper = name.trim().toUpperCase();
  return CHECKSUM_ALGORITHMS.find((a) => a === upper);
}

/** Decode a base64 header value and check its length; undefined when malformed. */
function decodeBase64(value: string, bytes: number): Buffer | undefined {
  const trimmed = value.trim();
  if (!BASE64.test(trimmed)) return undefined;
  const raw = Buffer.from(trimmed, 'base64');
  return raw.length === bytes ? raw : undefined;
}

/** Is `value` a well-formed checksum for `algorithm` (base64 of the right number of bytes)? */
export function isValidChecksumValue(algorithm: ChecksumAlgorithm, value: string): boolean {
  return decodeBase64(value, DIGEST_BYTES[algorithm]) !== undefined;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

/** What a request declared about its body's integrity. */
export interface RequestChecksums {
  /** Decoded Content-MD5 (16 bytes). */
  contentMd5?: Buffer;
  /** x-amz-checksum-* values given as request headers. */
  expected: Checksums;
  /** The algorithm whose value arrives in the aws-chunked trailer (x-amz-trailer). */
  trailer?: ChecksumAlgorithm;
  /** Every algorithm the layer must compute over the body (header, trailer, sdk-algorithm). */
  algorithms: ChecksumAlgorithm[];
}

/**
 * Read and validate the integrity headers of a request. Throws InvalidDigest for a malformed
 * Content-MD5 (S3: "The Content-MD5 you specified was invalid"), InvalidRequest for a malformed or
 * conflicting x-amz-checksum-* header, and InvalidArgument for an unknown algorithm name.
 */
export function readRequestChecksums(headers: IncomingHttpHeaders): RequestChecksums {
  const result: RequestChecksums = { expected: {}, algorithms: [] };
  const md5 = header(headers, 'content-md5');
  if (md5 !== undefined) {
    const raw = decodeBase64(md5, 16);
    if (raw === undefined) throw new InvalidDigest('The Content-MD5 you specified was invalid.');
    result.contentMd5 = raw;
  }
  const add = (a: ChecksumAlgorithm): void => {
    if (!result.algorithms.includes(a)) result.algorithms.push(a);
  };
  for (const algorithm of CHECKSUM_ALGORITHMS) {
    const value = header(headers, checksumHeaderName(algorithm));
    if (value === undefined) continue;
    if (!isValidChecksumValue(algorithm, value)) {
      throw new InvalidRequest(`Value for ${checksumHeaderName(algorithm)} header is invalid.`);
    }
    result.expected[algorithm] = value.trim();
    add(algorithm);
  }
  // S3 accepts one flexible checksum per request.
  if (result.algorithms.length > 1) {
    throw new InvalidRequest(
      'Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.',
    );
  }
  const trailer = header(headers, 'x-amz-trailer');
  if (trailer !== undefined) {
    for (const name of trailer.split(',').map((n) => n.trim().toLowerCase())) {
      if (!name.startsWith('x-amz-checksum-')) continue;
      const algorithm = toChecksumAlgorithm(name.slice('x-amz-checksum-'.length));
      if (algorithm === undefined) throw new InvalidRequest(`The trailer ${name} is not supported.`);
      if (result.algorithms.length > 0 && !result.algorithms.includes(algorithm)) {
        throw new InvalidRequest(
          'Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.',
        );
      }
      result.trailer = algorithm;
      add(algorithm);
    }
  }
  const sdkAlgorithm = header(headers, 'x-amz-sdk-checksum-algorithm');
  if (sdkAlgorithm !== undefined && sdkAlgorithm.trim() !== '') {
    const algorithm = toChecksumAlgorithm(sdkAlgorithm);
    if (algorithm === undefined) throw new InvalidArgument('Invalid x-amz-sdk-checksum-algorithm.');
    add(algorithm);
  }
  return result;
}

/** Look a trailer up case-insensitively (trailer names are case-insensitive like header names). */
function trailerValue(trailers: Record<string, string>, name: string): string | undefined {
  for (const [k, v] of Object.entries(trailers)) if (k.toLowerCase() === name) return v;
  return undefined;
}

/**
 * Check computed digests against what the request declared. Returns the checksums the client
 * asked for (to echo as response headers). Throws BadDigest (Content-MD5), ChecksumMismatch
 * (x-amz-checksum-*), IncompleteBody (size differs from the declared length).
 */
export function verifyDigests(
  declared: RequestChecksums,
  digests: ComputedDigests,
  trailers: () => Record<string, string>,
  declaredSize = -1,
): Checksums {
  if (declaredSize >= 0 && digests.size !== declaredSize) {
    throw new IncompleteBody(
      'You did not provide the number of bytes specified by the Content-Length HTTP header.',
    );
  }
  if (declared.contentMd5 !== undefined && !declared.contentMd5.equals(digests.md5)) {
    throw new BadDigest('The Content-MD5 you specified did not match what we received.');
  }
  const expected: Checksums = { ...declared.expected };
  if (declared.trailer !== undefined) {
    const name = checksumHeaderName(declared.trailer);
    const value = trailerValue(trailers(), name);
    if (value === undefined) throw new InvalidRequest(`The trailer ${name} was declared but not received.`);
    if (!isValidChecksumValue(declared.trailer, value))
      throw new InvalidRequest(`Value for ${name} trailer is invalid.`);
    expected[declared.trailer] = value.trim();
  }
  for (const algorithm of CHECKSUM_ALGORITHMS) {
    const want = expected[algorithm];
    if (want === undefined) continue;
    if (digests.checksums[algorithm] !== want) {
      throw new ChecksumMismatch(`The ${algorithm} you specified did not match the calculated checksum.`);
    }
  }
  const echoed: Checksums = {};
  for (const algorithm of declared.algorithms) {
    const value = digests.checksums[algorithm];
    if (value !== undefined) echoed[algorithm] = value;
  }
  return echoed;
}

// The digest kernels are the object layer's (one implementation for bodies and small documents).
export { checksumOf };

/** Compute the digests the object layer would compute, for a body already in memory. */
export async function digestBuffer(data: Buffer, algorithms: ChecksumAlgorithm[]): Promise<ComputedDigests> {
  const checksums: Checksums = {};
  for (const a of algorithms) checksums[a] = await checksumOf(a, data);
  return { md5: createHash('md5').update(data).digest(), size: data.length, checksums };
}

/** Verify a fully-read small body (DeleteObjects, tagging documents) against the request's headers. */
export async function verifyBuffer(
  declared: RequestChecksums,
  data: Buffer,
  trailers: () => Record<string, string>,
): Promise<void> {
  const digests = await digestBuffer(data, declared.algorithms);
  verifyDigests(declared, digests, trailers);
}

/** Response headers for checksums: `x-amz-checksum-<alg>: <base64>` (composite values keep their `-N`). */
export function checksumResponseHeaders(checksums: Checksums): Record<string, string> {
  const out: Record<string, string> = {};
  for (const algorithm of CHECKSUM_ALGORITHMS) {
    const value = checksums[algorithm];
    if (value !== undefined) out[checksumHeaderName(algorithm)] = value;
  }
  return out;
}

/** Checksums as XML elements (`ChecksumCRC32`, …) for CompleteMultipartUpload, ListParts, … */
export function checksumElements(checksums: Checksums | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (checksums === undefined) return out;
  for (const algorithm of CHECKSUM_ALGORITHMS) {
    const value = checksums[algorithm];
    if (value !== undefined) out[checksumElementName(algorithm)] = value;
  }
  return out;
}

/**
 * Read a small request body (XML documents) and verify it against Content-MD5 / x-amz-checksum-*.
 * With `required`, a body without either is refused (S3: 400 MissingContentMD5), as for DeleteObjects.
 */
export async function readVerifiedBody(
  ctx: RequestContext,
  limit: number,
  required = false,
): Promise<Buffer> {
  const declared = readRequestChecksums(ctx.req.headers);
  if (required && declared.contentMd5 === undefined && declared.algorithms.length === 0) {
    throw new MissingContentMD5('Missing required header for this request: Content-Md5.', ctx.target);
  }
  const body = await readBody(ctx, limit);
  const trailers = ctx.auth?.trailers ?? ((): Record<string, string> => ({}));
  await verifyBuffer(declared, body, trailers);
  return body;
}
