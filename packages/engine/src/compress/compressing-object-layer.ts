/**
 * Compression at rest as an `ObjectLayer` decorator (decision record 0008), between the object
 * events and encryption: writes that the `compression` configuration selects (read at each write,
 * so a change applies at once) are stored as deflated 1 MiB blocks with an index; reads inflate
 * only the blocks a range needs. Handlers see the plaintext view — size, ETag, checksums, parts —
 * and never the internal fields. Versions written uncompressed (before compression was enabled, or
 * not selected) pass through untouched.
 */
import { pipeline, Readable } from 'node:stream';
import type { ConfigReader } from '../config/types.js';
import { DigestWorker } from '../storage/digest-worker.js';
import { IncompleteBody } from '../storage/errors.js';
import { InvalidRange } from '../object-layer/errors.js';
import type {
  GetObjectOptions,
  GetObjectResult,
  ObjectInfo,
  ObjectLayer,
  ObjectMetadataInput,
  PutObjectOptions,
  WriteBodyOptions,
  WritePrecondition,
  ComputedDigests,
} from '../object-layer/types.js';
import { PlaintextDigests } from '../crypto/plaintext-digests.js';
import { BLOCK_SIZE, packLengths, readTail, TAIL_SIZE, unpackLengths } from './block-format.js';
import { CompressStream } from './compress-stream.js';
import { decompressBlocks } from './decompress.js';
import { shouldCompress } from './compression-policy.js';
import {
  ALGORITHM,
  C,
  isCompressed,
  uncompressedView,
  uploadView,
  withoutCompressFields,
} from './compress-fields.js';
import { InvalidRequest } from '../common/errors.js';

/** A single PUT keeps its block index in the version's metadata up to this many blocks (4 GiB). */
const MAX_INDEX_IN_METADATA = 4096;

/** One stored stream: the single PUT, or one part. */
interface StoredStream {
  plainStart: number;
  plainSize: number;
  storedStart: number;
  storedSize: number;
  /** Stored block lengths, when the metadata has them; else read from the stream's index block. */
  lengths?: number[];
}

function collect(result: GetObjectResult): AsyncIterable<Buffer | Uint8Array> {
  return result.body !== undefined ? Readable.from([result.body]) : (result.stream as AsyncIterable<Buffer>);
}

async function readAll(result: GetObjectResult): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of collect(result)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function storedStreams(stored: ObjectInfo, view: ObjectInfo): StoredStream[] {
  if (stored.parts !== undefined && stored.parts.length > 0) {
    let plainStart = 0;
    let storedStart = 0;
    return stored.parts.map((p) => {
      const s = { plainStart, plainSize: p.actualSize ?? p.size, storedStart, storedSize: p.size };
      plainStart += s.plainSize;
      storedStart += p.size;
      return s;
    });
  }
  const s: StoredStream = { plainStart: 0, plainSize: view.size, storedStart: 0, storedSize: stored.size };
  const index = stored.internal[C.index];
  if (index !== undefined) s.lengths = unpackLengths(index);
  return [s];
}

/**
 * What tells two writes of a version id apart (an unversioned key is overwritten under `null`): the
 * stored ETag alone does not, a single PUT's being skipped (its ETag is the plaintext's, kept here).
 */
function fingerprint(info: ObjectInfo): string {
  return `${info.etag}/${info.internal[C.etag] ?? ''}/${info.size}/${info.lastModified.getTime()}`;
}

function invalidRange(size: number, text: string): InvalidRange {
  const e = new InvalidRange('The requested range is not satisfiable');
  e.objectSize = size;
  e.range = text;
  return e;
}

/** Wrap `layer` so that the writes `config` selects are compressed and reads see the plaintext. */
export function withCompression(layer: ObjectLayer, config: ConfigReader): ObjectLayer {
  // Plaintext digests (ETag, checksums) run on a digest thread of the decorator's own.
  const digestWorker = new DigestWorker();
  const viewPrecondition = (precondition: WritePrecondition | undefined): WritePrecondition | undefined =>
    precondition === undefined
      ? undefined
      : (current, replaced) =>
          precondition(
            current !== undefined ? uncompressedView(current) : undefined,
            replaced !== undefined ? uncompressedView(replaced) : undefined,
          );

  /**
   * `body` compressed for the layer below: its `verify` hands the caller the plaintext's digests
   * (after checking the declared size, which the layer below cannot: it sees stored bytes).
   */
  function compressBody(
    body: Readable,
    options: WriteBodyOptions,
    onDigests: (digests: ComputedDigests, stream: CompressStream) => void,
  ): { stream: CompressStream; options: WriteBodyOptions; abort: () => void } {
    const digests = new PlaintextDigests(digestWorker, {
      ...(options.computeSha256 !== undefined ? { computeSha256: options.computeSha256 } : {}),
      ...(options.checksumAlgorithms !== undefined ? { checksumAlgorithms: options.checksumAlgorithms } : {}),
    });
    let finished = false;
    const stream = new CompressStream((chunk) => digests.update(chunk));
    // Errors reach the layer below through `stream` (pipeline destroys it with the cause).
    pipeline(body, stream, () => undefined);
    const verify = async (): Promise<void> => {
      finished = true;
      const plain = await digests.finish();
      if (options.size >= 0 && plain.size !== options.size)
        throw new IncompleteBody(`received ${plain.size} bytes, declared ${options.size}`);
      await options.verify?.(plain);
      onDigests(plain, stream);
    };
    return {
      stream,
      options: { size: -1, verify },
      abort: () => {
        if (!finished) digests.abort();
      },
    };
  }

  async function putCompressed(
    bucket: string,
    key: string,
    body: Readable,
    options: PutObjectOptions,
    internal: Record<string, string>,
  ): Promise<ObjectInfo> {
    internal[C.algorithm] = ALGORITHM;
    const metadata: ObjectMetadataInput = { ...(options.metadata ?? {}), internal };
    // The layer copies the metadata when it commits, after `verify`: the plaintext's size, ETag,
    // checksums and block index, known only then, are filled in here in time.
    const compressed = compressBody(body, options, (digests, stream) => {
      internal[C.size] = String(digests.size);
      internal[C.etag] = digests.md5.toString('hex');
      if (Object.keys(digests.checksums).length > 0)
        internal[C.checksums] = JSON.stringify(digests.checksums);
      if (stream.storedLengths.length <= MAX_INDEX_IN_METADATA)
        internal[C.index] = packLengths(stream.storedLengths);
    });
    const {
      verify: _verify,
      checksumAlgorithms: _algorithms,
      computeSha256: _sha,
      size: _size,
      precondition: _precondition,
      ...rest
    } = options;
    const precondition = viewPrecondition(options.precondition);
    try {
      const info = await layer.putObject(bucket, key, compressed.stream, {
        ...rest,
        ...compressed.options,
        // The stored bytes' MD5 would be computed for nothing: the ETag is the plaintext's.
        skipMd5: true,
        metadata,
        ...(precondition !== undefined ? { precondition } : {}),
      });
      return uncompressedView(info);
    } catch (err) {
      compressed.abort();
      throw err;
    }
  }

  /** The stored block lengths of `s`, from the metadata or the stream's index block. */
  async function blockLengths(
    bucket: string,
    key: string,
    stored: ObjectInfo,
    s: StoredStream,
    customerKey: Buffer | undefined,
  ): Promise<number[]> {
    if (s.lengths !== undefined) return s.lengths;
    const readTailBytes = async (length: number): Promise<Buffer> => {
      const end = s.storedStart + s.storedSize - 1;
      const read = await layer.getObject(bucket, key, {
        versionId: stored.versionId,
        range: { start: end - length + 1, end },
        ...(customerKey !== undefined ? { customerKey } : {}),
      });
      return readAll(read);
    };
    // One read of the stream's end usually holds the whole index (up to 1,020 blocks, 1 GiB).
    let tailBytes = await readTailBytes(Math.min(s.storedSize, 4096));
    const tail = readTail(tailBytes);
    if (tail === undefined)
      throw new InvalidRequest('The stored object has no block index.', { bucket, key });
    const needed = tail.blocks * 4 + TAIL_SIZE;
    if (tailBytes.length < needed) tailBytes = await readTailBytes(needed);
    const lengths = unpackLengths(tailBytes.subarray(tailBytes.length - needed), tail.blocks);
    s.lengths = lengths;
    return lengths;
  }

  /** The plaintext bytes `start..end` of a compressed version, reading only the blocks they lie in. */
  async function* readRange(
    bucket: string,
    key: string,
    stored: ObjectInfo,
    streams: StoredStream[],
    start: number,
    end: number,
    customerKey: Buffer | undefined,
  ): AsyncGenerator<Buffer> {
    for (const s of streams) {
      const plainEnd = s.plainStart + s.plainSize - 1;
      if (s.plainSize === 0 || plainEnd < start || s.plainStart > end) continue;
      const localStart = Math.max(start, s.plainStart) - s.plainStart;
      const localEnd = Math.min(end, plainEnd) - s.plainStart;
      const lengths = await blockLengths(bucket, key, stored, s, customerKey);
      const first = Math.floor(localStart / BLOCK_SIZE);
      const last = Math.floor(localEnd / BLOCK_SIZE);
      let from = s.storedStart;
      for (let i = 0; i < first; i++) from += lengths[i] ?? 0;
      let to = from - 1;
      for (let i = first; i <= last; i++) to += lengths[i] ?? 0;
      const read = await layer.getObject(bucket, key, {
        versionId: stored.versionId,
        range: { start: from, end: to },
        ...(customerKey !== undefined ? { customerKey } : {}),
      });
      if (fingerprint(read.info) !== fingerprint(stored)) {
        if (read.body === undefined) read.stream.destroy();
        throw new InvalidRequest('The object changed while it was being read; retry the request.', {
          bucket,
          key,
        });
      }
      try {
        yield* decompressBlocks(collect(read), localStart - first * BLOCK_SIZE, localEnd - localStart + 1);
      } finally {
        if (read.body === undefined && !read.stream.destroyed) read.stream.destroy();
      }
    }
  }

  /** A plaintext stream over `source`, closing `opened` (the stored read) when it ends or is dropped. */
  function asResult(
    view: ObjectInfo,
    source: AsyncGenerator<Buffer>,
    opened?: GetObjectResult,
  ): GetObjectResult {
    const stream = Readable.from(source, { objectMode: true, highWaterMark: 2 });
    stream.on('close', () => {
      if (opened !== undefined && opened.body === undefined && !opened.stream.destroyed)
        opened.stream.destroy();
    });
    return { info: view, stream };
  }

  async function getCompressed(
    bucket: string,
    key: string,
    stored: ObjectInfo,
    options: GetObjectOptions,
    opened?: GetObjectResult,
  ): Promise<GetObjectResult> {
    const view = uncompressedView(stored);
    let range = options.range;
    if (options.partNumber !== undefined && view.parts !== undefined && view.parts.length > 0) {
      let at = 0;
      const part = view.parts.find((p) => {
        if (p.number === options.partNumber) return true;
        at += p.size;
        return false;
      });
      if (part === undefined) throw invalidRange(view.size, `part ${options.partNumber}`);
      range = part.size > 0 ? { start: at, end: at + part.size - 1 } : undefined;
    }
    if (range !== undefined) {
      const { start } = range;
      if (
        start < 0 ||
        start > range.end ||
        (view.size > 0 && start >= view.size) ||
        (view.size === 0 && start > 0)
      )
        throw invalidRange(view.size, `bytes=${start}-${range.end}`);
      range = { start, end: Math.min(range.end, view.size - 1) };
    }
    if (range === undefined || (range.start === 0 && range.end === view.size - 1)) {
      const read =
        opened ??
        (await layer.getObject(bucket, key, {
          versionId: stored.versionId,
          ...(options.customerKey !== undefined ? { customerKey: options.customerKey } : {}),
        }));
      return asResult(view, decompressBlocks(collect(read), 0, view.size), read);
    }
    const streams = storedStreams(stored, view);
    return asResult(
      view,
      readRange(bucket, key, stored, streams, range.start, range.end, options.customerKey),
    );
  }

  return {
    makeBucket: (bucket, options) => layer.makeBucket(bucket, options),
    getBucketInfo: (bucket) => layer.getBucketInfo(bucket),
    listBuckets: () => layer.listBuckets(),
    deleteBucket: (bucket, options) => layer.deleteBucket(bucket, options),
    getBucketMetadata: (bucket) => layer.getBucketMetadata(bucket),
    updateBucketMetadata: (bucket, update) => layer.updateBucketMetadata(bucket, update),

    async putObject(bucket, key, body, options) {
      const internal = withoutCompressFields(options.metadata?.internal);
      const compress = shouldCompress(config, {
        key,
        contentType: options.metadata?.contentType,
        encrypted: options.encryption !== undefined,
        size: options.size,
      });
      if (compress) return putCompressed(bucket, key, body, options, internal);
      const precondition = viewPrecondition(options.precondition);
      const info = await layer.putObject(bucket, key, body, {
        ...options,
        metadata: { ...(options.metadata ?? {}), internal },
        ...(precondition !== undefined ? { precondition } : {}),
      });
      return uncompressedView(info);
    },

    async getObject(bucket, key, options = {}) {
      const whole = options.range === undefined && options.partNumber === undefined;
      if (whole) {
        // One read as asked: for an uncompressed version it is the answer, for a compressed one
        // its stored stream is inflated as it flows.
        const first = await layer.getObject(bucket, key, options);
        if (!isCompressed(first.info)) return first;
        return getCompressed(bucket, key, first.info, options, first);
      }
      // A range is in plaintext bytes, which only the version's metadata maps to stored ones.
      const stored = await layer.getObjectInfo(bucket, key, {
        ...(options.versionId !== undefined ? { versionId: options.versionId } : {}),
        ...(options.customerKey !== undefined ? { sse: { customerKey: options.customerKey } } : {}),
      });
      if (!isCompressed(stored))
        return layer.getObject(bucket, key, { ...options, versionId: stored.versionId });
      return getCompressed(bucket, key, stored, { ...options, versionId: stored.versionId });
    },

    async getObjectInfo(bucket, key, options) {
      return uncompressedView(await layer.getObjectInfo(bucket, key, options));
    },
    deleteObject: (bucket, key, options) => layer.deleteObject(bucket, key, options),
    async updateObjectMetadata(bucket, key, versionId, update, options) {
      return uncompressedView(await layer.updateObjectMetadata(bucket, key, versionId, update, options));
    },
    async listObjects(bucket, options) {
      const result = await layer.listObjects(bucket, options);
      return { ...result, objects: result.objects.map(uncompressedView) };
    },
    async listObjectVersions(bucket, options) {
      const result = await layer.listObjectVersions(bucket, options);
      return { ...result, versions: result.versions.map(uncompressedView) };
    },

    async newMultipartUpload(bucket, key, options) {
      const internal = withoutCompressFields(options.metadata?.internal);
      // Parts are compressed when the upload is: decided once, from the key and content type.
      if (
        shouldCompress(config, {
          key,
          contentType: options.metadata?.contentType,
          encrypted: options.encryption !== undefined,
          size: -1,
        })
      )
        internal[C.algorithm] = ALGORITHM;
      return layer.newMultipartUpload(bucket, key, {
        ...options,
        metadata: { ...(options.metadata ?? {}), internal },
      });
    },

    async putObjectPart(bucket, key, uploadId, partNumber, body, options) {
      let compressed: boolean;
      try {
        const upload = await layer.listParts(bucket, key, uploadId, { maxParts: 0 });
        compressed = upload.upload.metadata.internal?.[C.algorithm] !== undefined;
      } catch (err) {
        body.resume();
        throw err;
      }
      if (!compressed) return layer.putObjectPart(bucket, key, uploadId, partNumber, body, options);
      let plain: ComputedDigests | undefined;
      const compressedBody = compressBody(body, options, (digests) => {
        plain = digests;
      });
      try {
        const part = await layer.putObjectPart(bucket, key, uploadId, partNumber, compressedBody.stream, {
          ...compressedBody.options,
          ...(options.customerKey !== undefined ? { customerKey: options.customerKey } : {}),
          actualSize: () => plain?.size ?? 0,
        });
        const { checksums: _stored, actualSize, ...rest } = part;
        return {
          ...rest,
          size: actualSize ?? part.size,
          ...(plain !== undefined && Object.keys(plain.checksums).length > 0
            ? { checksums: plain.checksums }
            : {}),
        };
      } catch (err) {
        compressedBody.abort();
        throw err;
      }
    },

    async listParts(bucket, key, uploadId, options) {
      const result = await layer.listParts(bucket, key, uploadId, options);
      if (result.upload.metadata.internal?.[C.algorithm] === undefined) return result;
      return {
        ...result,
        upload: uploadView(result.upload),
        parts: result.parts.map(({ checksums: _stored, actualSize, ...p }) => ({
          ...p,
          size: actualSize ?? p.size,
        })),
      };
    },
    async completeMultipartUpload(bucket, key, uploadId, parts, options) {
      const precondition = viewPrecondition(options?.precondition);
      const info = await layer.completeMultipartUpload(bucket, key, uploadId, parts, {
        ...(options ?? {}),
        ...(precondition !== undefined ? { precondition } : {}),
      });
      return uncompressedView(info);
    },
    abortMultipartUpload: (bucket, key, uploadId) => layer.abortMultipartUpload(bucket, key, uploadId),
    async listMultipartUploads(bucket, options) {
      const result = await layer.listMultipartUploads(bucket, options);
      return { ...result, uploads: result.uploads.map(uploadView) };
    },

    readSystemFile: (path) => layer.readSystemFile(path),
    writeSystemFile: (path, data) => layer.writeSystemFile(path, data),
    deleteSystemFile: (path) => layer.deleteSystemFile(path),
    listSystemFiles: (prefix) => layer.listSystemFiles(prefix),
    storageInfo: () => layer.storageInfo(),
    dataUsage: () => layer.dataUsage(),
    healObject: (bucket, key, options) => layer.healObject(bucket, key, options),
    healAll: (options) => layer.healAll(options),
    async close() {
      await digestWorker.close();
      await layer.close();
    },
  };
}
