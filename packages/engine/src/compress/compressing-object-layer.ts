/**
 * Compression at rest as an `ObjectLayer` decorator (decision record 0008), between the object
 * events and encryption: writes that the `compression` configuration selects (read at each write,
 * so a change applies at once) are stored as deflated 1 MiB blocks with an index; reads inflate
 * only the blocks a range needs. Handlers see the plaintext view — size, ETag, checksums, parts —
 * and never the internal fields. Versions written uncompressed (before compression was enabled, or
 * not selected) pass through untouched.
 */
import { pipeline, type Readable } from 'node:stream';
import type { ConfigReader } from '../config/types.js';
import { DigestWorker } from '../storage/digest-worker.js';
import { IncompleteBody } from '../storage/errors.js';
import type {
  ComputedDigests,
  ObjectInfo,
  ObjectLayer,
  ObjectMetadataInput,
  PutObjectOptions,
  WriteBodyOptions,
  WritePrecondition,
} from '../object-layer/types.js';
import { PlaintextDigests } from '../crypto/plaintext-digests.js';
import { packLengths } from './block-format.js';
import { CompressStream } from './compress-stream.js';
import { compressedReader } from './compressed-reads.js';
import { shouldCompress } from './compression-policy.js';
import {
  ALGORITHM,
  C,
  isCompressed,
  uncompressedView,
  uploadView,
  withoutCompressFields,
} from './compress-fields.js';

/** A single PUT keeps its block index in the version's metadata up to this many blocks (4 GiB). */
const MAX_INDEX_IN_METADATA = 4096;

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
  const { getCompressed } = compressedReader(layer);

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
    deleteObject: (bucket, key, options) =>
      layer.deleteObject(bucket, key, { ...options, precondition: viewPrecondition(options?.precondition) }),
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
      ) {
        internal[C.algorithm] = ALGORITHM;
        internal[C.plainPartChecksums] = '1';
      }
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
          plainChecksums: () => plain?.checksums ?? {},
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
      const plain = result.upload.metadata.internal[C.plainPartChecksums] !== undefined;
      return {
        ...result,
        upload: uploadView(result.upload),
        parts: result.parts.map(({ checksums, actualSize, ...p }) => ({
          ...p,
          size: actualSize ?? p.size,
          ...(plain && checksums !== undefined ? { checksums } : {}),
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
