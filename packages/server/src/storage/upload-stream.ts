/**
 * Streams one upload into S3 with the console's memory flat whatever the file size.
 *
 * The source is read with back-pressure (`for await`: nothing more is read while a part is being
 * sent) into at most one part buffer. A file that ends before the first part fills is one PUT;
 * anything longer is a multipart upload whose parts are sent as they fill, and the upload is
 * aborted if anything fails. Part sizes: with a size hint, the smallest size (≥ `minPartSize`)
 * that fits in S3's 10,000 parts; without one, `minPartSize` doubling every 2,000 parts (16 MiB
 * start → about 1 TiB in 10,000 parts, never more than 256 MiB held). minio-js's own
 * `putObject` of an unknown-size stream would buffer a part of 5 TiB / 10,000 and queue several.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Client } from 'minio';
import { uriEncode } from '@coffer/protocol';

export const DEFAULT_MIN_PART_SIZE = 16 * 1024 * 1024;
const MAX_PARTS = 10_000;
const MIB = 1024 * 1024;
/** Unknown sizes: the part size doubles after this many parts. */
const PARTS_PER_STEP = 2000;

export interface UploadOptions {
  contentType?: string;
  /** Expected size in bytes (optional). */
  sizeHint?: number;
  minPartSize?: number;
}

export interface UploadResult {
  size: number;
  etag: string;
  versionId?: string;
}

/** Size of part `n` (1-based). */
export function partSizeFor(n: number, sizeHint: number | undefined, minPartSize: number): number {
  if (sizeHint !== undefined) {
    const fit = Math.ceil(sizeHint / MAX_PARTS / MIB) * MIB;
    return Math.max(minPartSize, fit);
  }
  return minPartSize * 2 ** Math.floor((n - 1) / PARTS_PER_STEP);
}

function etagOf(headers: Record<string, string | string[] | undefined>): string {
  const v = headers.etag;
  return (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')).replace(/^"+|"+$/g, '');
}

async function drain(res: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of res) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function putPart(
  s3: Client,
  bucket: string,
  key: string,
  uploadId: string,
  partNumber: number,
  body: Buffer,
): Promise<string> {
  const res = await s3.makeRequestAsync(
    {
      method: 'PUT',
      bucketName: bucket,
      objectName: key,
      query: `partNumber=${partNumber}&uploadId=${uriEncode(uploadId, true)}`,
      headers: {
        'Content-Length': String(body.length),
        'Content-MD5': createHash('md5').update(body).digest('base64'),
      },
    },
    body,
    [200],
  );
  await drain(res);
  return etagOf(res.headers);
}

/** Upload `source` to `bucket/key`; resolves when the object exists. */
export async function uploadStream(
  s3: Client,
  bucket: string,
  key: string,
  source: Readable,
  options: UploadOptions = {},
): Promise<UploadResult> {
  const minPartSize = options.minPartSize ?? DEFAULT_MIN_PART_SIZE;
  const metadata = { 'Content-Type': options.contentType ?? 'application/octet-stream' };
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let total = 0;
  let uploadId: string | undefined;
  const parts: { part: number; etag: string }[] = [];

  const take = (n: number): Buffer => {
    const all = pending.length === 1 ? (pending[0] ?? Buffer.alloc(0)) : Buffer.concat(pending, pendingBytes);
    const part = all.subarray(0, n);
    const rest = all.subarray(n);
    pending = rest.length > 0 ? [Buffer.from(rest)] : [];
    pendingBytes = rest.length;
    return part;
  };

  const sendPart = async (body: Buffer): Promise<void> => {
    uploadId ??= await s3.initiateNewMultipartUpload(bucket, key, metadata);
    const partNumber = parts.length + 1;
    if (partNumber > MAX_PARTS) throw new Error(`upload of ${key} needs more than ${MAX_PARTS} parts`);
    parts.push({ part: partNumber, etag: await putPart(s3, bucket, key, uploadId, partNumber, body) });
  };

  try {
    for await (const chunk of source) {
      const buf = chunk as Buffer;
      pending.push(buf);
      pendingBytes += buf.length;
      total += buf.length;
      let size = partSizeFor(parts.length + 1, options.sizeHint, minPartSize);
      while (pendingBytes >= size) {
        await sendPart(take(size));
        size = partSizeFor(parts.length + 1, options.sizeHint, minPartSize);
      }
    }
    if (uploadId === undefined) {
      const body = take(pendingBytes);
      const info = await s3.putObject(bucket, key, body, body.length, metadata);
      return { size: total, etag: info.etag, ...(info.versionId ? { versionId: info.versionId } : {}) };
    }
    if (pendingBytes > 0) await sendPart(take(pendingBytes));
    const done = await s3.completeMultipartUpload(bucket, key, uploadId, parts);
    return { size: total, etag: done.etag, ...(done.versionId ? { versionId: done.versionId } : {}) };
  } catch (err) {
    if (uploadId !== undefined) {
      await s3.abortMultipartUpload(bucket, key, uploadId).catch(() => undefined);
    }
    throw err;
  }
}
