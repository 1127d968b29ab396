/**
 * Encryption at rest as an `ObjectLayer` decorator (decision record 0006). Below it, the erasure
 * layer stores, heals and lists ciphertext like any other bytes; above it, handlers see plaintext:
 * sizes, ETags, checksums and parts of encrypted versions are the plaintext's, and the internal
 * fields that hold the sealed object key never leave `crypto/`.
 *
 * A write that asks for encryption (`PutObjectOptions.encryption`, a multipart upload's) gets a
 * fresh object key — a KMS data key for SSE-S3 / SSE-KMS, a random key sealed under the customer's
 * key for SSE-C — and its body is digested as plaintext (Content-MD5, x-amz-checksum-*, the size
 * check) and then encrypted in packages (`package-cipher.ts`) of the current stream format. A read
 * unseals the key, reads only the stored packages a range needs — in the format the version names
 * — and decrypts them; the erasure layer skips its bitrot check for these reads, since every
 * package's tag authenticates the bytes, and a failed tag reads them again with the check
 * (decision 0023). SSE-C reads and part uploads must bring the right customer key.
 */
import { Readable } from 'node:stream';
import type { Kms } from '../kms/types.js';
import { DigestWorker } from '../storage/digest-worker.js';
import type {
  Checksums,
  ComputedDigests,
  EncryptionRequest,
  GetObjectOptions,
  GetObjectResult,
  ObjectInfo,
  ObjectLayer,
  ObjectMetadataInput,
  PutObjectOptions,
  PutPartOptions,
  WritePrecondition,
} from '../object-layer/types.js';
import { InvalidRequest } from '../common/errors.js';
import { CipherPool } from './cipher-pool.js';
import { decryptSlices, RunBuffers } from './package-cipher.js';
import { CURRENT_FORMAT, HEADER_SIZE, plaintextSize } from './package-format.js';
import { rangePlan, wholePlan, type ReadPlan } from './read-plan.js';
import { opaqueEtag } from './object-key.js';
import { ObjectTampered, SseEncryptedObject } from './errors.js';
import { encryptBody } from './encrypt-body.js';
import { newSealedKey, openObjectKey, type CustomerKeyCheck } from './key-access.js';
import { F, plaintextView, storedStreams, streamFormat, uploadView, withoutSseFields } from './sse-fields.js';

export { plaintextView } from './sse-fields.js';

/** The bytes of a read: the in-memory body when the layer had one, else its stream. */
function collect(result: GetObjectResult): AsyncIterable<Buffer | Uint8Array> {
  return result.body !== undefined ? Readable.from([result.body]) : (result.stream as AsyncIterable<Buffer>);
}

async function readAll(result: GetObjectResult): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of collect(result)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Wrap `layer` so that writes asking for it are encrypted at rest and reads decrypt, with `kms`. */
export function withEncryption(layer: ObjectLayer, kms: Kms): ObjectLayer {
  // Plaintext digests run on threads of their own (started on first use, idle ones unref'd).
  const digestWorker = new DigestWorker();
  // Packages of large bodies are sealed and opened on threads of their own too (started on first use).
  const cipherPool = new CipherPool();
  // Their run buffers, shared memory recycled from request to request (run-buffers.ts).
  const runBuffers = new RunBuffers();
  const viewPrecondition = (precondition: WritePrecondition | undefined): WritePrecondition | undefined =>
    precondition === undefined
      ? undefined
      : (current, replaced) =>
          precondition(
            current !== undefined ? plaintextView(current) : undefined,
            replaced !== undefined ? plaintextView(replaced) : undefined,
          );

  async function putEncrypted(
    bucket: string,
    key: string,
    body: Readable,
    options: PutObjectOptions,
    request: EncryptionRequest,
  ): Promise<ObjectInfo> {
    let sealed;
    try {
      sealed = await newSealedKey(kms, bucket, key, request);
    } catch (err) {
      body.resume();
      throw err;
    }
    const { objectKey, fields } = sealed;
    // The layer copies the metadata when it commits, after `verify`: the plaintext's size, ETag and
    // checksums, known only then, are filled in here in time.
    const internal: Record<string, string> = { ...withoutSseFields(options.metadata?.internal), ...fields };
    const metadata: ObjectMetadataInput = { ...(options.metadata ?? {}), internal };
    const encrypted = encryptBody(
      digestWorker,
      cipherPool,
      body,
      objectKey,
      0,
      CURRENT_FORMAT,
      options,
      (digests) => {
        // A decorator above (compression) fills its own fields in its `verify`, which has just run.
        Object.assign(internal, withoutSseFields(options.metadata?.internal));
        internal[F.size] = String(digests.size);
        internal[F.etag] =
          request.kind === 'SSE-S3' ? digests.md5.toString('hex') : opaqueEtag(objectKey, digests.md5);
        if (Object.keys(digests.checksums).length > 0)
          internal[F.checksums] = JSON.stringify(digests.checksums);
      },
      runBuffers,
    );
    const {
      encryption: _encryption,
      verify: _verify,
      checksumAlgorithms: _algorithms,
      computeSha256: _sha,
      ...rest
    } = options;
    const precondition = viewPrecondition(options.precondition);
    let info: ObjectInfo;
    try {
      info = await layer.putObject(bucket, key, encrypted.stream, {
        ...rest,
        ...encrypted.options,
        metadata,
        ...(precondition !== undefined ? { precondition } : {}),
      });
    } catch (err) {
      encrypted.abort();
      throw err;
    }
    return plaintextView(info);
  }

  /**
   * Reads of encrypted versions skip the bitrot check of their data shards: every package's GCM
   * tag authenticates the bytes anyway (a salt too: a wrong one derives a wrong key). A damaged
   * shard then fails a tag, and the read is done again with the check (`openPlain`, `check`).
   */
  const authenticated = (info: ObjectInfo): boolean => info.internal[F.kind] !== undefined;

  async function readSalt(
    bucket: string,
    key: string,
    versionId: string,
    at: number,
    check: boolean,
  ): Promise<Buffer> {
    const result = await layer.getObject(bucket, key, {
      versionId,
      range: { start: at, end: at + HEADER_SIZE - 1 },
      ...(check ? {} : { authenticated }),
    });
    return readAll(result);
  }

  /**
   * The stored read of plaintext bytes `start..end` of version `stored` (of plaintext size
   * `size`), and its decryption. `check`: with the bitrot check of every shard (a read again after
   * a failed tag). `opened`: the whole-object read the caller already has, reused for a whole read.
   */
  async function openPlain(
    bucket: string,
    key: string,
    stored: ObjectInfo,
    objectKey: Buffer,
    span: { start: number; end: number; size: number },
    check: boolean,
    opened?: GetObjectResult,
  ): Promise<{ read: GetObjectResult; plain: AsyncGenerator<Buffer> }> {
    const format = streamFormat(stored.internal);
    const streams = storedStreams(stored, format);
    const plan: ReadPlan =
      span.start > 0 || span.end < span.size - 1
        ? rangePlan(streams, span.start, span.end, format)
        : wholePlan(streams, format);
    if (plan.saltAt !== undefined && plan.slices[0] !== undefined)
      plan.slices[0].salt = await readSalt(bucket, key, stored.versionId, plan.saltAt, check);
    // A whole read reuses the read the caller already opened (info and stream together).
    const read =
      opened !== undefined && plan.stored === undefined
        ? opened
        : await layer.getObject(bucket, key, {
            versionId: stored.versionId,
            ...(plan.stored !== undefined ? { range: plan.stored } : {}),
            ...(check ? {} : { authenticated }),
          });
    // The sealed key is new with every write: the same one means the same version's bytes.
    if (read.info.internal[F.sealedKey] !== stored.internal[F.sealedKey] || read.info.etag !== stored.etag) {
      if (read.body === undefined) read.stream.destroy();
      throw new InvalidRequest('The object changed while it was being read; retry the request.', {
        bucket,
        key,
      });
    }
    const plain = decryptSlices(
      collect(read),
      objectKey,
      format,
      plan.slices,
      plan.skip,
      plan.length,
      read.release,
      cipherPool,
      runBuffers,
    );
    return { read, plain };
  }

  async function getDecrypted(
    bucket: string,
    key: string,
    stored: ObjectInfo,
    objectKey: Buffer,
    options: GetObjectOptions,
    opened?: GetObjectResult,
  ): Promise<GetObjectResult> {
    const view = plaintextView(stored);
    let range = options.range;
    if (options.partNumber !== undefined && view.parts !== undefined) {
      let start = 0;
      for (const p of view.parts) {
        if (p.number === options.partNumber) {
          range = p.size > 0 ? { start, end: start + p.size - 1 } : undefined;
          break;
        }
        start += p.size;
      }
    }
    const size = view.size;
    const start = range?.start ?? 0;
    const end = range?.end ?? size - 1;
    let current = await openPlain(bucket, key, stored, objectKey, { start, end, size }, false, opened);
    const drop = (read: GetObjectResult): void => {
      if (read.body === undefined && !read.stream.destroyed) read.stream.destroy();
    };
    /**
     * The plaintext, each run only once its tags passed. When a tag fails, the bytes it covers
     * were read without the bitrot check: the rest is read again with it, so that a damaged shard
     * is found, rebuilt from parity and scheduled for healing. A tag that fails then too is
     * tampered data.
     */
    async function* plaintext(): AsyncGenerator<Buffer> {
      let delivered = 0;
      try {
        for await (const chunk of current.plain) {
          delivered += chunk.length;
          yield chunk;
        }
        return;
      } catch (err) {
        if (!(err instanceof ObjectTampered) || start + delivered > end) throw err;
      }
      drop(current.read);
      current = await openPlain(
        bucket,
        key,
        stored,
        objectKey,
        { start: start + delivered, end, size },
        true,
      );
      yield* current.plain;
    }
    const plain = plaintext();
    if (current.read.body !== undefined) {
      // Small objects come from the index in memory: decrypt them at once and answer in memory too.
      const chunks: Buffer[] = [];
      for await (const chunk of plain) chunks.push(chunk);
      const body = Buffer.concat(chunks);
      return { info: view, stream: Readable.from([body]), body };
    }
    // Object mode hands the decrypted pieces on as they are: in byte mode a reader taking what is
    // buffered would get them joined into a new buffer (a copy of every byte).
    const stream = Readable.from(plain, { objectMode: true, highWaterMark: 4 });
    stream.on('close', () => drop(current.read));
    return { info: view, stream, release: (chunk) => runBuffers.give(chunk) };
  }

  return {
    makeBucket: (bucket, options) => layer.makeBucket(bucket, options),
    getBucketInfo: (bucket) => layer.getBucketInfo(bucket),
    listBuckets: () => layer.listBuckets(),
    deleteBucket: (bucket, options) => layer.deleteBucket(bucket, options),
    getBucketMetadata: (bucket) => layer.getBucketMetadata(bucket),
    updateBucketMetadata: (bucket, update) => layer.updateBucketMetadata(bucket, update),

    async putObject(bucket, key, body, options) {
      if (options.encryption !== undefined)
        return putEncrypted(bucket, key, body, options, options.encryption);
      const precondition = viewPrecondition(options.precondition);
      const internal = withoutSseFields(options.metadata?.internal);
      const metadata: ObjectMetadataInput = { ...(options.metadata ?? {}), internal };
      const { verify } = options;
      const info = await layer.putObject(bucket, key, body, {
        ...options,
        metadata,
        ...(precondition !== undefined ? { precondition } : {}),
        // A decorator above (compression) fills its own fields in its `verify`: keep them.
        ...(verify !== undefined
          ? {
              verify: async (digests: ComputedDigests) => {
                await verify(digests);
                Object.assign(internal, withoutSseFields(options.metadata?.internal));
              },
            }
          : {}),
      });
      return plaintextView(info);
    },

    async getObject(bucket, key, options = {}) {
      const { customerKey, ...rest } = options;
      const check: CustomerKeyCheck = customerKey !== undefined ? { customerKey } : {};
      // One read as asked: for a plain object it is the answer. For an encrypted one a whole read
      // is decrypted as it streams; a ranged one is dropped unread (which closes its files) and
      // replaced by the stored range of the packages that hold the plaintext range.
      const first = await layer.getObject(bucket, key, { ...rest, authenticated });
      const drop = (): void => {
        if (first.body === undefined) first.stream.destroy();
      };
      let objectKey: Buffer | undefined;
      try {
        objectKey = await openObjectKey(kms, bucket, key, first.info.internal, check);
      } catch (err) {
        drop();
        throw err;
      }
      if (objectKey === undefined) return first;
      const whole = rest.range === undefined && rest.partNumber === undefined;
      if (!whole) drop();
      const read = { ...rest, versionId: first.info.versionId };
      return getDecrypted(bucket, key, first.info, objectKey, read, whole ? first : undefined);
    },

    async getObjectInfo(bucket, key, options = {}) {
      const { sse, ...rest } = options;
      const info = await layer.getObjectInfo(bucket, key, rest);
      if (sse !== undefined) {
        // Only SSE-C needs checking here; the KMS kinds open on any read.
        if (info.internal[F.kind] === 'SSE-C' || sse.customerKey !== undefined)
          await openObjectKey(kms, bucket, key, info.internal, sse);
      }
      return plaintextView(info);
    },
    deleteObject: (bucket, key, options) =>
      layer.deleteObject(bucket, key, { ...options, precondition: viewPrecondition(options?.precondition) }),
    async updateObjectMetadata(bucket, key, versionId, update, options) {
      return plaintextView(await layer.updateObjectMetadata(bucket, key, versionId, update, options));
    },
    async listObjects(bucket, options) {
      const result = await layer.listObjects(bucket, options);
      return { ...result, objects: result.objects.map(plaintextView) };
    },
    async listObjectVersions(bucket, options) {
      const result = await layer.listObjectVersions(bucket, options);
      return { ...result, versions: result.versions.map(plaintextView) };
    },

    async newMultipartUpload(bucket, key, options) {
      const { encryption, ...rest } = options;
      const metadata: ObjectMetadataInput = {
        ...(rest.metadata ?? {}),
        internal: withoutSseFields(rest.metadata?.internal),
      };
      if (encryption !== undefined) {
        const { fields } = await newSealedKey(kms, bucket, key, encryption);
        metadata.internal = { ...metadata.internal, ...fields, [F.plainPartChecksums]: '1' };
      }
      return layer.newMultipartUpload(bucket, key, { ...rest, metadata });
    },

    async putObjectPart(bucket, key, uploadId, partNumber, body, options: PutPartOptions) {
      let objectKey: Buffer | undefined;
      let internal: Record<string, string>;
      try {
        const upload = await layer.listParts(bucket, key, uploadId, { maxParts: 0 });
        internal = upload.upload.metadata.internal ?? {};
        if (internal[F.kind] === 'SSE-C' && options.customerKey === undefined)
          throw new SseEncryptedObject(
            'The multipart upload initiate requested encryption. Subsequent part requests must include the appropriate encryption parameters.',
            { bucket, key },
          );
        objectKey = await openObjectKey(
          kms,
          bucket,
          key,
          internal,
          options.customerKey !== undefined ? { customerKey: options.customerKey } : {},
        );
      } catch (err) {
        body.resume();
        throw err;
      }
      const { customerKey: _key, ...rest } = options;
      if (objectKey === undefined) return layer.putObjectPart(bucket, key, uploadId, partNumber, body, rest);
      // Every part of an upload is in the format the upload started with (older uploads: 1).
      const format = streamFormat(internal);
      let checksums: Checksums = {};
      let plainSize = 0;
      const encrypted = encryptBody(
        digestWorker,
        cipherPool,
        body,
        objectKey,
        partNumber,
        format,
        rest,
        (digests) => {
          checksums = digests.checksums;
          plainSize = digests.size;
        },
        runBuffers,
      );
      let part;
      try {
        part = await layer.putObjectPart(bucket, key, uploadId, partNumber, encrypted.stream, {
          ...encrypted.options,
          // The client's size and checksums (compression's, when it is above): what the
          // upload's checksum is made of at completion.
          actualSize: rest.actualSize ?? ((): number => plainSize),
          plainChecksums: rest.plainChecksums ?? ((): Checksums => checksums),
        });
      } catch (err) {
        encrypted.abort();
        throw err;
      }
      const info = { ...part, size: plaintextSize(part.size, format) ?? part.size };
      delete info.checksums;
      if (Object.keys(checksums).length > 0) info.checksums = checksums;
      return info;
    },

    async listParts(bucket, key, uploadId, options) {
      const result = await layer.listParts(bucket, key, uploadId, options);
      const upload = uploadView(result.upload);
      if (upload.encryption === undefined) return result;
      const plain = result.upload.metadata.internal?.[F.plainPartChecksums] !== undefined;
      const format = streamFormat(result.upload.metadata.internal);
      return {
        ...result,
        upload,
        parts: result.parts.map(({ checksums, ...p }) => ({
          ...p,
          size: plaintextSize(p.size, format) ?? p.size,
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
      return plaintextView(info);
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
      await Promise.all([digestWorker.close(), cipherPool.close()]);
      await layer.close();
    },
  };
}
