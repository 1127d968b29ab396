/**
 * Downloads and uploads, streamed end to end (architecture §3; user needs #6, #7).
 *
 * Download: one S3 GET (with the browser's Range, if any) whose response stream is handed to the
 * browser as it arrives — socket back-pressure paces the storage read, nothing is buffered. If the
 * browser goes away mid-way, the storage response is destroyed at once.
 *
 * Upload: the multipart/form-data body is parsed as a stream (one part per file); each file
 * streams into ./storage/upload-stream.ts before the next part is read, so at most one upload part
 * is held whatever the file sizes.
 */
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { UploadedObject } from '@coffer/contract';
import { uriEncode } from '@coffer/protocol';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Client } from 'minio';
import { ConsoleError, invalidRequest } from '../../errors.js';
import { uploadStream } from '../../storage/upload-stream.js';
import { contentDisposition } from './content-disposition.js';

/** Response headers of the storage server passed on to the browser. */
const PASSED_HEADERS = [
  'content-type',
  'content-length',
  'content-range',
  'etag',
  'last-modified',
  'x-amz-version-id',
];

export async function downloadObject(
  s3: Client,
  bucket: string,
  key: string,
  versionId: string | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const range = request.headers.range;
  const res = await s3.makeRequestAsync(
    {
      method: 'GET',
      bucketName: bucket,
      objectName: key,
      query: versionId !== undefined ? `versionId=${uriEncode(versionId, true)}` : '',
      headers: range !== undefined ? { Range: range } : {},
    },
    '',
    [200, 206],
  );
  reply.raw.on('close', () => {
    // The browser left before the end: stop reading from the storage server.
    if (!reply.raw.writableFinished) res.destroy();
  });
  for (const name of PASSED_HEADERS) {
    const value = res.headers[name];
    if (value !== undefined) reply.header(name, value);
  }
  reply.header('accept-ranges', 'bytes');
  reply.header('content-disposition', contentDisposition(key));
  reply.header('cache-control', 'private, no-store');
  reply.header('x-content-type-options', 'nosniff');
  return reply.code(res.statusCode ?? 200).send(res);
}

/**
 * The file name as the user named it. Browsers (WHATWG multipart/form-data encoding) write `"`,
 * CR and LF in file names as %22, %0D and %0A; nothing else is escaped, so only those are undone.
 */
export function decodeFormFileName(name: string): string {
  return name.replace(/%22/g, '"').replace(/%0D/g, '\r').replace(/%0A/g, '\n');
}

/** `prefix` as a folder: '' stays the bucket root, anything else ends in '/'. */
function folderOf(prefix: string): string {
  const p = prefix.replace(/^\/+/, '');
  return p === '' || p.endsWith('/') ? p : `${p}/`;
}

/** A 4xx error of @fastify/multipart itself (limits): it keeps its own status and code. */
function isFastifyClientError(err: unknown): boolean {
  const status = (err as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

function malformedUpload(err: unknown): unknown {
  if (err instanceof ConsoleError || isFastifyClientError(err)) return err;
  return invalidRequest(
    'The upload is not a well-formed multipart/form-data body',
    err instanceof Error ? err.message : String(err),
  );
}

export async function uploadObjects(
  s3: Client,
  bucket: string,
  prefix: string,
  request: FastifyRequest,
  minPartSize: number,
): Promise<UploadedObject[]> {
  if (!request.isMultipart()) throw invalidRequest('Upload with multipart/form-data, one part per file');
  const folder = folderOf(prefix);
  const uploaded: UploadedObject[] = [];
  // A body that is not well-formed multipart fails in the parser: while looking for the next part
  // or inside a file's stream. Either is the client's fault (400), never a server error.
  let malformed: Error | undefined;
  const parts = request.parts()[Symbol.asyncIterator]();
  for (;;) {
    let next: IteratorResult<Multipart>;
    try {
      next = await parts.next();
    } catch (err) {
      throw malformedUpload(err);
    }
    if (next.done === true) break;
    const part = next.value;
    if (part.type !== 'file') continue;
    const file: MultipartFile = part;
    file.file.once('error', (err: Error) => {
      malformed = err;
    });
    const relative = decodeFormFileName(file.filename).replace(/^\/+/, '');
    if (relative === '') {
      file.file.resume();
      throw invalidRequest('A file part has no file name');
    }
    const key = folder + relative;
    // MinIO's console sends each file under a field named by its size: use it to size the parts.
    const sizeHint = /^\d{1,16}$/.test(file.fieldname) ? Number(file.fieldname) : undefined;
    let result;
    try {
      result = await uploadStream(s3, bucket, key, file.file, {
        contentType: file.mimetype || 'application/octet-stream',
        ...(sizeHint !== undefined ? { sizeHint } : {}),
        minPartSize,
      });
    } catch (err) {
      if (malformed !== undefined && !isFastifyClientError(malformed)) throw malformedUpload(malformed);
      throw err;
    }
    if (file.file.truncated) {
      throw new ConsoleError('payload_too_large', `${relative} is larger than the console accepts`);
    }
    uploaded.push({
      name: key,
      size: result.size,
      etag: result.etag,
      ...(result.versionId ? { version_id: result.versionId } : {}),
    });
  }
  if (uploaded.length === 0) throw invalidRequest('The upload contains no file');
  return uploaded;
}
