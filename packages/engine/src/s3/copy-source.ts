/**
 * The `x-amz-copy-source` header of CopyObject and UploadPartCopy: `/bucket/key?versionId=…`,
 * URL-encoded, leading slash optional. The query is split off before percent-decoding so a key
 * containing an encoded `?` (`%3F`) stays intact; `+` is a literal plus (path encoding, not form).
 */
import type { IncomingHttpHeaders } from 'node:http';
import { InvalidArgument } from '../common/errors.js';
import type { ObjectInfo } from '../object-layer/types.js';
import { headerValue, type ObjectTarget } from './object-request.js';

export interface CopySource extends ObjectTarget {
  versionId?: string;
}

const MESSAGE = 'Copy Source must mention the source bucket and key: sourcebucket/sourcekey';

/** Parse x-amz-copy-source; InvalidArgument when it does not name a bucket and a key. */
export function parseCopySource(headers: IncomingHttpHeaders, where?: ObjectTarget): CopySource {
  const raw = headerValue(headers, 'x-amz-copy-source');
  if (raw === undefined || raw.trim() === '') throw new InvalidArgument(MESSAGE, where);
  const q = raw.indexOf('?');
  const pathPart = q >= 0 ? raw.slice(0, q) : raw;
  const query = q >= 0 ? new URLSearchParams(raw.slice(q + 1)) : undefined;
  let path: string;
  try {
    path = decodeURIComponent(pathPart);
  } catch {
    throw new InvalidArgument(MESSAGE, where);
  }
  if (path.startsWith('/')) path = path.slice(1);
  const slash = path.indexOf('/');
  if (slash <= 0 || slash === path.length - 1) throw new InvalidArgument(MESSAGE, where);
  const source: CopySource = { bucket: path.slice(0, slash), key: path.slice(slash + 1) };
  const versionId = query?.get('versionId');
  if (versionId !== undefined && versionId !== null) {
    if (versionId === '') throw new InvalidArgument('Version id cannot be the empty string', where);
    source.versionId = versionId;
  }
  return source;
}

/**
 * Look the source version up (a delete marker or missing key fails as the layer reports it), with
 * the request's copy-source SSE-C key.
 */
export async function copySourceInfo(
  layer: {
    getObjectInfo(
      bucket: string,
      key: string,
      options?: { versionId?: string; sse?: { customerKey?: Buffer } },
    ): Promise<ObjectInfo>;
  },
  source: CopySource,
  customerKey?: Buffer,
): Promise<ObjectInfo> {
  // The source's SSE-C key is checked as a read would check it (required, refused, or wrong).
  return layer.getObjectInfo(source.bucket, source.key, {
    ...(source.versionId !== undefined ? { versionId: source.versionId } : {}),
    sse: customerKey !== undefined ? { customerKey } : {},
  });
}

/** S3 names the source version in x-amz-copy-source-version-id, except the null version of an unversioned bucket. */
export function copySourceVersionHeader(source: CopySource, info: ObjectInfo): string | undefined {
  if (info.versionId !== 'null' || source.versionId !== undefined) return info.versionId;
  return undefined;
}
