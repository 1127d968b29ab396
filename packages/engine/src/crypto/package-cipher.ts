/**
 * Encrypting and decrypting streams in the package format of `package-format.ts`. Encryption is a
 * Transform (plaintext in, header and sealed packages out) that holds back one package until it
 * knows whether more data follows, so the last package carries the final flag. Decryption reads
 * sealed packages from a stored byte range and yields only the plaintext bytes asked for; any
 * failed tag, short read or leftover byte is `ObjectTampered`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { ObjectTampered } from './errors.js';
import {
  HEADER_SIZE,
  PACKAGE_SIZE,
  TAG_SIZE,
  packageCount,
  packageNonce,
  sealedPackageLength,
  streamKey,
} from './package-format.js';

/**
 * Plaintext in, one encrypted stream out (header, then packages). Input chunks are not copied: a
 * package is a list of slices of them, fed to the cipher one after another (GCM is a stream
 * cipher), and each ciphertext piece is pushed as it comes. This holds on to input chunks until
 * their package is sealed, as every Node stream may (writers do not reuse a chunk they wrote).
 */
export class EncryptStream extends Transform {
  private readonly key: Buffer;
  private readonly salt = randomBytes(HEADER_SIZE);
  private pending: Buffer[] = [];
  private filled = 0;
  private sequence = 0;
  private headerSent = false;

  /**
   * `observe` sees each plaintext chunk as it passes (the body's digests); a promise it answers
   * holds the next chunk back until it settles (back-pressure from a digest worker).
   */
  constructor(
    objectKey: Buffer,
    partNumber: number,
    private readonly observe?: (chunk: Buffer) => Promise<void> | undefined,
  ) {
    super();
    this.key = streamKey(objectKey, partNumber, this.salt);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const waiting = this.observe?.(chunk);
    this.sendHeader();
    let offset = 0;
    while (offset < chunk.length) {
      // A full package is sealed only once more bytes arrive: then it is certainly not the last.
      if (this.filled === PACKAGE_SIZE) this.seal(false);
      const n = Math.min(PACKAGE_SIZE - this.filled, chunk.length - offset);
      this.pending.push(n === chunk.length ? chunk : chunk.subarray(offset, offset + n));
      this.filled += n;
      offset += n;
    }
    if (waiting === undefined) callback();
    else waiting.then(() => callback(), callback);
  }

  override _flush(callback: TransformCallback): void {
    this.sendHeader();
    this.seal(true);
    callback();
  }

  private sendHeader(): void {
    if (this.headerSent) return;
    this.headerSent = true;
    this.push(this.salt);
  }

  private seal(final: boolean): void {
    const cipher = createCipheriv('aes-256-gcm', this.key, packageNonce(this.sequence, final));
    for (const piece of this.pending) this.push(cipher.update(piece));
    cipher.final();
    this.push(cipher.getAuthTag());
    this.sequence++;
    this.pending = [];
    this.filled = 0;
  }
}

/** One stream's share of a read: packages `first..last` of the stream (part) `partNumber`. */
export interface StreamSlice {
  partNumber: number;
  /** Plaintext size of the whole stream (fixes package lengths and which one is final). */
  plainSize: number;
  first: number;
  last: number;
  /** The stream's salt when the read does not start with its header (fetched separately). */
  salt?: Buffer;
}

/**
 * Pulls exact byte counts out of a chunked source as slices of its chunks (no copies). Chunks
 * used up by a read are handed to `release` at the next read, when their bytes have been
 * decrypted (the layer reuses such pooled buffers).
 */
class ByteQueue {
  /** Unread bytes: `view` is what is left of the source chunk `chunk`. */
  private chunks: { chunk: Buffer; view: Buffer }[] = [];
  private available = 0;
  private ended = false;
  private used: Buffer[] = [];

  constructor(
    private readonly source: AsyncIterator<Buffer | Uint8Array>,
    private readonly release: ((chunk: Buffer) => void) | undefined,
  ) {}

  private async pull(): Promise<void> {
    const next = await this.source.next();
    if (next.done === true) {
      this.ended = true;
      return;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    if (chunk.length > 0) {
      this.chunks.push({ chunk, view: chunk });
      this.available += chunk.length;
    }
  }

  /** The next `n` bytes as slices. */
  async read(n: number): Promise<Buffer[]> {
    this.recycle();
    while (this.available < n && !this.ended) await this.pull();
    if (this.available < n) throw new ObjectTampered('The stored object is shorter than its metadata says.');
    const out: Buffer[] = [];
    let left = n;
    while (left > 0) {
      const head = this.chunks[0];
      if (head === undefined) break;
      if (head.view.length <= left) {
        out.push(head.view);
        this.chunks.shift();
        this.used.push(head.chunk);
        left -= head.view.length;
      } else {
        out.push(head.view.subarray(0, left));
        head.view = head.view.subarray(left);
        left = 0;
      }
    }
    this.available -= n;
    return out;
  }

  /** Hand the chunks of earlier reads back (their bytes are decrypted by now). */
  recycle(): void {
    if (this.release !== undefined) for (const chunk of this.used) this.release(chunk);
    this.used = [];
  }

  async atEnd(): Promise<boolean> {
    while (this.available === 0 && !this.ended) await this.pull();
    return this.available === 0;
  }
}

/** The last `n` bytes of a list of slices (the tag may straddle two of them). */
function lastBytes(slices: Buffer[], n: number): Buffer {
  const out = Buffer.alloc(n);
  let at = n;
  for (let i = slices.length - 1; i >= 0 && at > 0; i--) {
    const slice = slices[i] ?? Buffer.alloc(0);
    const take = Math.min(at, slice.length);
    slice.copy(out, at - take, slice.length - take);
    at -= take;
  }
  return out;
}

/** Decrypt one sealed package given as slices; each plaintext piece is returned as produced. */
function openPackage(key: Buffer, sequence: number, final: boolean, sealed: Buffer[]): Buffer[] {
  const total = sealed.reduce((n, b) => n + b.length, 0);
  const decipher = createDecipheriv('aes-256-gcm', key, packageNonce(sequence, final));
  decipher.setAuthTag(lastBytes(sealed, TAG_SIZE));
  const plain: Buffer[] = [];
  let left = total - TAG_SIZE;
  try {
    for (const piece of sealed) {
      if (left <= 0) break;
      const body = piece.length <= left ? piece : piece.subarray(0, left);
      left -= body.length;
      const out = decipher.update(body);
      if (out.length > 0) plain.push(out);
    }
    decipher.final();
  } catch {
    throw new ObjectTampered('An encrypted package of the object failed authentication.');
  }
  return plain;
}

/**
 * Decrypts the stored bytes of `slices` (read back to back from `source`) and yields `length`
 * plaintext bytes after skipping `skip` bytes of the first package. A slice without a salt starts
 * with its stream's header. The source must end exactly after the last package.
 */
export async function* decryptSlices(
  source: AsyncIterable<Buffer | Uint8Array>,
  objectKey: Buffer,
  slices: Iterable<StreamSlice>,
  skip: number,
  length: number,
  release?: (chunk: Buffer) => void,
): AsyncGenerator<Buffer> {
  const queue = new ByteQueue(source[Symbol.asyncIterator](), release);
  let toSkip = skip;
  let left = length;
  for (const slice of slices) {
    const salt = slice.salt ?? Buffer.concat(await queue.read(HEADER_SIZE));
    const key = streamKey(objectKey, slice.partNumber, salt);
    const last = packageCount(slice.plainSize) - 1;
    for (let seq = slice.first; seq <= slice.last; seq++) {
      const sealed = await queue.read(sealedPackageLength(slice.plainSize, seq));
      for (let plain of openPackage(key, seq, seq === last, sealed)) {
        if (toSkip > 0) {
          const cut = Math.min(toSkip, plain.length);
          plain = plain.subarray(cut);
          toSkip -= cut;
        }
        if (plain.length > left) plain = plain.subarray(0, left);
        left -= plain.length;
        if (plain.length > 0) yield plain;
      }
    }
  }
  if (left !== 0 || !(await queue.atEnd()))
    throw new ObjectTampered('The stored object does not match its metadata.');
  queue.recycle();
}
