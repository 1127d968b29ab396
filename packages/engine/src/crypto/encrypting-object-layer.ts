/**
 * Encryption at rest as an `ObjectLayer` decorator (decision record 0006). Below it, the erasure
 * layer stores, heals and lists ciphertext like any other bytes; above it, handlers see plaintext:
 * sizes, ETags, checksums and parts of encrypted versions are the plaintext's, and the internal
 * fields that hold the sealed object key never leave this module.
 *
 * A write that asks for encryption (`PutObjectOptions.encryption`, a multipart upload's) gets a
 * fresh object key — a KMS data key for SSE-S3 / SSE-KMS, a random key sealed under the customer's
 * key for SSE-C — and its body is digested as plaintext (Content-MD5, x-amz-checksum-*, the size
 * check) and then encrypted in packages (`package-cipher.ts`). A read unseals the key, reads only
 * the stored packages a range needs and decrypts them. SSE-C reads and part uploads must bring the
 * right customer key.
 */
import { pipeline, Readable } from 'node:stream';
import type { Kms } from '../kms/types.js';
import { DigestWorker } from '../storage/digest-worker.js';
import { PlaintextDigests } from './plaintext-digests.js';
import type {
  Checksums,
  ComputedDigests,
  EncryptionRequest,
  GetObjectOptions,
  GetObjectResult,
  MultipartUploadInfo,
  ObjectEncryption,
  ObjectInfo,
  ObjectLayer,
  ObjectMetadataInput,
  PutObjectOptions,
  PutPartOptions,
  WriteBodyOptions,
  WritePrecondition,
} from '../object-layer/types.js';
import { InvalidRequest } from '../common/errors.js';
import { decryptSlices } from './package-cipher.js';
import { EncryptStream } from './package-cipher.js';
import { encryptedSize, plaintextSize } from './package-format.js';
import { rangePlan, wholePlan, type ReadPlan, type StoredStream } from './read-plan.js';
import { newObjectKey, opaqueEtag, sealWithCustomerKey, unsealWithCustomerKey } from './object-key.js';
import { ObjectTampered, SseEncryptedObject, SseParametersNotApplicable } from './errors.js';

/** Internal metadata fields of an encrypted version or upload (all start with `SSE_PREFIX`). */
const SSE_PREFIX = 'x-coffer-sse-';
const F = {
  kind: `${SSE_PREFIX}kind`,
  keyId: `${SSE_PREFIX}key-id`,
  sealedKey: `${SSE_PREFIX}sealed-key`,
  context: `${SSE_PREFIX}context`,
  size: `${SSE_PREFIX}size`,
  etag: `${SSE_PREFIX}etag`,
  checksums: `${SSE_PREFIX}checksums`,
} as const;

/** What a read needs to know about the caller's SSE-C key. */
export interface CustomerKeyCheck {
  customerKey?: Buffer;
}

/** The plaintext view of a stored version (identity for unencrypted ones). */
export function plaintextView(info: ObjectInfo): ObjectInfo {
  const kind = info.internal[F.kind];
  if (kind === undefined || info.deleteMarker) return info;
  const internal: Record<string, string> = {};
  for (const [name, value] of Object.entries(info.internal))
    if (!name.startsWith(SSE_PREFIX)) internal[name] = value;
  const encryption: ObjectEncryption = { kind: kind as ObjectEncryption['kind'] };
  const keyId = info.internal[F.keyId];
  if (keyId !== undefined) encryption.keyId = keyId;
  const context = info.internal[F.context];
  if (context !== undefined) encryption.context = context;
  const view: ObjectInfo = { ...info, internal, encryption };
  if (info.parts !== undefined && info.parts.length > 0) {
    view.parts = info.parts.map((p) => ({ ...p, size: plaintextSize(p.size) ?? p.size }));
    view.size = view.parts.reduce((n, p) => n + p.size, 0);
    // The parts' stored checksums are of ciphertext: an encrypted multipart object shows none.
    view.parts = view.parts.map(({ checksums: _dropped, ...p }) => p);
    view.checksums = {};
  } else {
    view.size = Number(info.internal[F.size] ?? plaintextSize(info.size) ?? info.size);
    view.etag = info.internal[F.etag] ?? info.etag;
    view.checksums = parseChecksums(info.internal[F.checksums]);
  }
  return view;
}

function parseChecksums(text: string | undefined): Checksums {
  if (text === undefined) return {};
  try {
    return JSON.parse(text) as Checksums;
  } catch {
    return {};
  }
}

function withoutSseFields(internal: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(internal ?? {}))
    if (!name.startsWith(SSE_PREFIX)) out[name] = value;
  return out;
}

/** The KMS encryption context of an object: its path, plus the client's SSE-KMS context. */
function kmsContext(bucket: string, key: string, clientContext: string | undefined): Record<string, string> {
  const context: Record<string, string> =
    clientContext !== undefined
      ? (JSON.parse(Buffer.from(clientContext, 'base64').toString('utf8')) as Record<string, string>)
      : {};
  context[`${bucket}/${key}`] = '';
  return context;
}

/** The object key and the internal fields that let a reader recover it. */
async function newSealedKey(
  kms: Kms,
  bucket: string,
  key: string,
  request: EncryptionRequest,
): Promise<{ objectKey: Buffer; fields: Record<string, string> }> {
  if (request.kind === 'SSE-C') {
    const objectKey = newObjectKey();
    const sealed = sealWithCustomerKey(objectKey, request.customerKey, bucket, key);
    return { objectKey, fields: { [F.kind]: 'SSE-C', [F.sealedKey]: sealed.toString('base64') } };
  }
  const dataKey = await kms.generateDataKey(request.keyId, kmsContext(bucket, key, request.context));
  const fields: Record<string, string> = {
    [F.kind]: request.kind,
    [F.keyId]: dataKey.keyId,
    [F.sealedKey]: dataKey.sealed.toString('base64'),
  };
  if (request.context !== undefined) fields[F.context] = request.context;
  return { objectKey: dataKey.plaintext, fields };
}

/**
 * Recover the object key of a version or upload from its internal fields, enforcing the SSE-C
 * rules: an SSE-C object needs the right key, any other refuses one.
 */
async function openObjectKey(
  kms: Kms,
  bucket: string,
  key: string,
  internal: Record<string, string>,
  check: CustomerKeyCheck,
): Promise<Buffer | undefined> {
  const kind = internal[F.kind];
  if (kind !== 'SSE-C' && check.customerKey !== undefined)
    throw new SseParametersNotApplicable('The encryption parameters are not applicable to this object.', {
      bucket,
      key,
    });
  if (kind === undefined) return undefined;
  const sealed = Buffer.from(internal[F.sealedKey] ?? '', 'base64');
  if (kind === 'SSE-C') {
    if (check.customerKey === undefined)
      throw new SseEncryptedObject(
        'The object was stored using a form of Server Side Encryption. The correct parameters must be provided to retrieve the object.',
        { bucket, key },
      );
    return unsealWithCustomerKey(sealed, check.customerKey, bucket, key);
  }
  return kms.decryptDataKey(internal[F.keyId] ?? '', sealed, kmsContext(bucket, key, internal[F.context]));
}

/** The stored streams of a version: one for a single PUT, one per part. */
function storedStreams(info: ObjectInfo): StoredStream[] {
  const toStream = (partNumber: number, storedSize: number): StoredStream => {
    const plainSize = plaintextSize(storedSize);
    if (plainSize === undefined)
      throw new ObjectTampered('The stored object does not match its metadata.', {
        bucket: info.bucket,
        key: info.key,
      });
    return { partNumber, plainSize, storedSize };
  };
  if (info.parts !== undefined && info.parts.length > 0)
    return info.parts.map((p) => toStream(p.number, p.size));
  return [toStream(0, info.size)];
}

/**
 * Encrypt `body` for the layer below: the returned options hand the caller's `verify` the
 * plaintext digests, and `onDigests` sees them before the commit. `abort` must be called when the
 * write fails (it ends the digest session).
 */
function encryptBody(
  digestWorker: DigestWorker,
  body: Readable,
  objectKey: Buffer,
  partNumber: number,
  options: WriteBodyOptions,
  onDigests: (digests: ComputedDigests) => void,
): { stream: Readable; options: WriteBodyOptions; abort: () => void } {
  const digests = new PlaintextDigests(digestWorker, {
    ...(options.computeSha256 !== undefined ? { computeSha256: options.computeSha256 } : {}),
    ...(options.checksumAlgorithms !== undefined ? { checksumAlgorithms: options.checksumAlgorithms } : {}),
  });
  let finished = false;
  const stream = new EncryptStream(objectKey, partNumber, (chunk) => digests.update(chunk));
  // Errors reach the layer below through `stream` (pipeline destroys it with the cause).
  pipeline(body, stream, () => undefined);
  const verify = async (): Promise<void> => {
    finished = true;
    const plain = await digests.finish();
    // The size check is the caller's, against the plaintext it declared.
    await options.verify?.(plain);
    onDigests(plain);
  };
  const inner: WriteBodyOptions = { size: options.size < 0 ? -1 : encryptedSize(options.size), verify };
  // A single PUT's ETag is the plaintext's (recorded by the caller): the ciphertext's MD5 would be
  // computed for nothing. A part's ETag stays the layer's (CompleteMultipartUpload checks it).
  if (partNumber === 0) inner.skipMd5 = true;
  return {
    stream,
    options: inner,
    abort: () => {
      if (!finished) digests.abort();
    },
  };
}

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
    const encrypted = encryptBody(digestWorker, body, objectKey, 0, options, (digests) => {
      internal[F.size] = String(digests.size);
      internal[F.etag] =
        request.kind === 'SSE-S3' ? digests.md5.toString('hex') : opaqueEtag(objectKey, digests.md5);
      if (Object.keys(digests.checksums).length > 0)
        internal[F.checksums] = JSON.stringify(digests.checksums);
    });
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

  async function readSalt(bucket: string, key: string, versionId: string, at: number): Promise<Buffer> {
    const result = await layer.getObject(bucket, key, { versionId, range: { start: at, end: at + 31 } });
    return readAll(result);
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
    const streams = storedStreams(stored);
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
    const plan: ReadPlan =
      range !== undefined && (range.start > 0 || range.end < view.size - 1)
        ? rangePlan(streams, range.start, range.end)
        : wholePlan(streams);
    if (plan.saltAt !== undefined && plan.slices[0] !== undefined)
      plan.slices[0].salt = await readSalt(bucket, key, stored.versionId, plan.saltAt);
    // A whole read reuses the read the caller already opened (info and stream together).
    const read =
      opened !== undefined && plan.stored === undefined
        ? opened
        : await layer.getObject(bucket, key, {
            versionId: stored.versionId,
            ...(plan.stored !== undefined ? { range: plan.stored } : {}),
          });
    // The sealed key is new with every write: the same one means the same version's bytes.
    if (read.info.internal[F.sealedKey] !== stored.internal[F.sealedKey] || read.info.etag !== stored.etag) {
      if (read.body === undefined) read.stream.destroy();
      throw new InvalidRequest('The object changed while it was being read; retry the request.', {
        bucket,
        key,
      });
    }
    const plain = decryptSlices(collect(read), objectKey, plan.slices, plan.skip, plan.length, read.release);
    if (read.body !== undefined) {
      // Small objects come from the index in memory: decrypt them at once and answer in memory too.
      const chunks: Buffer[] = [];
      for await (const chunk of plain) chunks.push(chunk);
      const body = Buffer.concat(chunks);
      return { info: view, stream: Readable.from([body]), body };
    }
    // Object mode hands the decrypted pieces on as they are: in byte mode a reader taking what is
    // buffered would get them joined into a new buffer (a copy of every byte).
    const stream = Readable.from(plain, { objectMode: true, highWaterMark: 4 });
    stream.on('close', () => {
      if (!read.stream.destroyed) read.stream.destroy();
    });
    return { info: view, stream };
  }

  const uploadView = (upload: MultipartUploadInfo): MultipartUploadInfo => {
    const kind = upload.metadata.internal?.[F.kind];
    if (kind === undefined) return upload;
    const encryption: ObjectEncryption = { kind: kind as ObjectEncryption['kind'] };
    const keyId = upload.metadata.internal?.[F.keyId];
    if (keyId !== undefined) encryption.keyId = keyId;
    const context = upload.metadata.internal?.[F.context];
    if (context !== undefined) encryption.context = context;
    return {
      ...upload,
      metadata: { ...upload.metadata, internal: withoutSseFields(upload.metadata.internal) },
      encryption,
    };
  };

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
      const metadata: ObjectMetadataInput = {
        ...(options.metadata ?? {}),
        internal: withoutSseFields(options.metadata?.internal),
      };
      const info = await layer.putObject(bucket, key, body, {
        ...options,
        metadata,
        ...(precondition !== undefined ? { precondition } : {}),
      });
      return plaintextView(info);
    },

    async getObject(bucket, key, options = {}) {
      const { customerKey, ...rest } = options;
      const check: CustomerKeyCheck = customerKey !== undefined ? { customerKey } : {};
      // One read as asked: for a plain object it is the answer. For an encrypted one a whole read
      // is decrypted as it streams; a ranged one is dropped unread (which closes its files) and
      // replaced by the stored range of the packages that hold the plaintext range.
      const first = await layer.getObject(bucket, key, rest);
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
    deleteObject: (bucket, key, options) => layer.deleteObject(bucket, key, options),
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
        metadata.internal = { ...metadata.internal, ...fields };
      }
      return layer.newMultipartUpload(bucket, key, { ...rest, metadata });
    },

    async putObjectPart(bucket, key, uploadId, partNumber, body, options: PutPartOptions) {
      let objectKey: Buffer | undefined;
      try {
        const upload = await layer.listParts(bucket, key, uploadId, { maxParts: 0 });
        const internal = upload.upload.metadata.internal ?? {};
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
      let checksums: Checksums = {};
      const encrypted = encryptBody(digestWorker, body, objectKey, partNumber, rest, (digests) => {
        checksums = digests.checksums;
      });
      let part;
      try {
        part = await layer.putObjectPart(
          bucket,
          key,
          uploadId,
          partNumber,
          encrypted.stream,
          encrypted.options,
        );
      } catch (err) {
        encrypted.abort();
        throw err;
      }
      const info = { ...part, size: plaintextSize(part.size) ?? part.size };
      delete info.checksums;
      if (Object.keys(checksums).length > 0) info.checksums = checksums;
      return info;
    },

    async listParts(bucket, key, uploadId, options) {
      const result = await layer.listParts(bucket, key, uploadId, options);
      const upload = uploadView(result.upload);
      if (upload.encryption === undefined) return result;
      return {
        ...result,
        upload,
        parts: result.parts.map(({ checksums: _stored, ...p }) => ({
          ...p,
          size: plaintextSize(p.size) ?? p.size,
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
      await digestWorker.close();
      await layer.close();
    },
  };
}
