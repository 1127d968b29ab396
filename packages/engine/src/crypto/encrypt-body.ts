/**
 * An encrypted write's body for the layer below: the plaintext digested (on a digest worker) and
 * encrypted in packages as it streams; the layer's `verify` hands the caller the plaintext digests.
 */
import { pipeline, type Readable } from 'node:stream';
import type { DigestWorker } from '../storage/digest-worker.js';
import type { ComputedDigests, WriteBodyOptions } from '../object-layer/types.js';
import { inlineCipher, type PackageCipher } from './cipher-pool.js';
import { EncryptStream } from './package-cipher.js';
import type { RunBuffers } from './run-buffers.js';
import { encryptedSize, type PackageFormat } from './package-format.js';
import { PlaintextDigests } from './plaintext-digests.js';

/** Bodies up to this size are sealed on the calling thread. */
const INLINE_BODY_SIZE = 128 * 1024;

/**
 * Encrypt `body` for the layer below: the returned options hand the caller's `verify` the
 * plaintext digests, and `onDigests` sees them before the commit. `abort` must be called when the
 * write fails (it ends the digest session).
 */
export function encryptBody(
  digestWorker: DigestWorker,
  cipherPool: PackageCipher,
  body: Readable,
  objectKey: Buffer,
  partNumber: number,
  format: PackageFormat,
  options: WriteBodyOptions,
  onDigests: (digests: ComputedDigests) => void,
  buffers?: RunBuffers,
): { stream: Readable; options: WriteBodyOptions; abort: () => void } {
  const digests = new PlaintextDigests(digestWorker, {
    ...(options.computeSha256 !== undefined ? { computeSha256: options.computeSha256 } : {}),
    ...(options.checksumAlgorithms !== undefined ? { checksumAlgorithms: options.checksumAlgorithms } : {}),
  });
  let finished = false;
  // A small body is sealed here: a round trip to a cipher thread would cost more than the cipher.
  const small = options.size >= 0 && options.size <= INLINE_BODY_SIZE;
  const stream = new EncryptStream(
    objectKey,
    partNumber,
    format,
    small ? inlineCipher : cipherPool,
    (run) => digests.update(run),
    options.size,
    buffers,
  );
  // Errors reach the layer below through `stream` (pipeline destroys it with the cause).
  pipeline(body, stream, () => undefined);
  const verify = async (): Promise<void> => {
    finished = true;
    const plain = await digests.finish();
    // The size check is the caller's, against the plaintext it declared.
    await options.verify?.(plain);
    onDigests(plain);
  };
  const inner: WriteBodyOptions = {
    size: options.size < 0 ? -1 : encryptedSize(options.size, format),
    verify,
    // The layer hands back each sealed run once copied: its buffer seals a later run.
    release: stream.release,
  };
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
