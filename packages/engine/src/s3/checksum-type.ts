/**
 * `x-amz-checksum-type` of CreateMultipartUpload (COMPOSITE or FULL_OBJECT) and the whole-object
 * checksum a client may send with CompleteMultipartUpload for a FULL_OBJECT upload. S3's rules:
 * the type needs an algorithm; FULL_OBJECT only for the CRCs, COMPOSITE not for CRC64NVME; no
 * type means COMPOSITE, except CRC64NVME, which is always FULL_OBJECT.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { InvalidRequest } from '../common/errors.js';
import type { RequestContext } from '../http/context.js';
import type {
  ChecksumAlgorithm,
  ChecksumType,
  CompletePart,
  ObjectInfo,
  ObjectPartInfo,
} from '../object-layer/types.js';
import { ChecksumMismatch } from '../object-layer/errors.js';
import {
  checksumTypeOf,
  defaultChecksumType,
  multipartChecksum,
  supportsChecksumType,
} from '../storage/multipart-checksums.js';
import { readBody } from '../http/body.js';
import { CHECKSUM_ALGORITHMS, checksumHeaderName, readRequestChecksums, verifyBuffer } from './checksums.js';
import { headerValue, type ObjectTarget } from './object-request.js';

/** The type a new upload gets, or undefined without an algorithm. Throws InvalidRequest. */
export function requestedChecksumType(
  headers: IncomingHttpHeaders,
  algorithm: ChecksumAlgorithm | undefined,
  where: ObjectTarget,
): ChecksumType | undefined {
  const raw = headerValue(headers, 'x-amz-checksum-type')?.trim().toUpperCase();
  if (raw === undefined || raw === '') {
    return algorithm === undefined ? undefined : defaultChecksumType(algorithm);
  }
  if (raw !== 'COMPOSITE' && raw !== 'FULL_OBJECT') {
    throw new InvalidRequest('Value for x-amz-checksum-type header is invalid.', where);
  }
  if (algorithm === undefined) {
    throw new InvalidRequest(
      'The x-amz-checksum-type header can only be used with the x-amz-checksum-algorithm header.',
      where,
    );
  }
  if (!supportsChecksumType(algorithm, raw)) {
    throw new InvalidRequest(
      `The ${raw} checksum type cannot be used with the ${algorithm.toLowerCase()} checksum algorithm.`,
      where,
    );
  }
  return raw;
}

/** `<ChecksumAlgorithm>` and `<ChecksumType>` of a listing entry, as S3 lists them (none without a checksum). */
export function listingChecksumFields(checksums: ObjectInfo['checksums']): {
  ChecksumAlgorithm?: ChecksumAlgorithm;
  ChecksumType?: ChecksumType;
} {
  const algorithm = CHECKSUM_ALGORITHMS.find((a) => checksums[a] !== undefined);
  const value = algorithm === undefined ? undefined : checksums[algorithm];
  if (algorithm === undefined || value === undefined) return {};
  return { ChecksumAlgorithm: algorithm, ChecksumType: checksumTypeOf(value) };
}

/** `x-amz-checksum-type` of a stored checksum set, when it has one. */
export function storedChecksumType(checksums: ObjectInfo['checksums']): ChecksumType | undefined {
  const first = Object.values(checksums).find((v) => v !== undefined);
  return first === undefined ? undefined : checksumTypeOf(first);
}

/**
 * A FULL_OBJECT checksum sent with CompleteMultipartUpload (`x-amz-checksum-crc32: …`) must equal
 * the one the listed parts combine to; checked before anything is assembled (ChecksumMismatch).
 * Composite values are not compared: S3 takes those per part only.
 */
export async function checkCompletedChecksum(
  ctx: RequestContext,
  target: ObjectTarget,
  uploadId: string,
  parts: readonly CompletePart[],
): Promise<void> {
  const sent = CHECKSUM_ALGORITHMS.map((algorithm) => ({
    algorithm,
    value: headerValue(ctx.req.headers, checksumHeaderName(algorithm))?.trim(),
  })).filter(
    (s): s is { algorithm: ChecksumAlgorithm; value: string } => s.value !== undefined && s.value !== '',
  );
  const claim = sent.find((s) => !/-\d+$/.test(s.value));
  if (claim === undefined) return;
  const layer = ctx.engine.objectLayer;
  const uploaded = new Map<number, ObjectPartInfo>();
  let marker: number | undefined;
  let page;
  do {
    page = await layer.listParts(target.bucket, target.key, uploadId, {
      maxParts: 1000,
      ...(marker !== undefined ? { partNumberMarker: marker } : {}),
    });
    for (const p of page.parts) uploaded.set(p.number, p);
    marker = page.nextPartNumberMarker;
  } while (page.isTruncated && marker !== undefined);
  const algorithm = page.upload.checksumAlgorithm;
  if (algorithm !== claim.algorithm) return;
  if ((page.upload.checksumType ?? defaultChecksumType(algorithm)) !== 'FULL_OBJECT') return;
  const value = await multipartChecksum(
    claim.algorithm,
    'FULL_OBJECT',
    parts.map((p) => {
      const part = uploaded.get(p.partNumber);
      return { checksum: part?.checksums?.[claim.algorithm], size: part?.actualSize ?? part?.size ?? 0 };
    }),
  );
  if (value !== undefined && value !== claim.value) {
    throw new ChecksumMismatch(`The ${claim.algorithm} you specified did not match the calculated checksum.`);
  }
}

/**
 * The CompleteMultipartUpload document, verified against Content-MD5 only: its x-amz-checksum-*
 * headers speak of the object (above), not of the XML.
 */
export async function readCompleteDocument(ctx: RequestContext, limit: number): Promise<Buffer> {
  const headers = { ...ctx.req.headers };
  for (const algorithm of CHECKSUM_ALGORITHMS) delete headers[checksumHeaderName(algorithm)];
  delete headers['x-amz-sdk-checksum-algorithm'];
  const declared = readRequestChecksums(headers);
  const body = await readBody(ctx, limit);
  await verifyBuffer(declared, body, ctx.auth?.trailers ?? ((): Record<string, string> => ({})));
  return body;
}
