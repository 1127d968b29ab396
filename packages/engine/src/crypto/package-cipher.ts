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

/** Plaintext in, one encrypted stream out (header, then packages). */
export class EncryptStream extends Transform {
  private readonly key: Buffer;
  private readonly salt = randomBytes(HEADER_SIZE);
  private readonly pending = Buffer.allocUnsafe(PACKAGE_SIZE);
  private filled = 0;
  private sequence = 0;
  private headerSent = false;

  constructor(objectKey: Buffer, partNumber: number) {
    super();
    this.key = streamKey(objectKey, partNumber, this.salt);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.sendHeader();
    let offset = 0;
    while (offset < chunk.length) {
      // A full package is sealed only once more bytes arrive: then it is certainly not the last.
      if (this.filled === PACKAGE_SIZE) this.seal(false);
      const n = Math.min(PACKAGE_SIZE - this.filled, chunk.length - offset);
      chunk.copy(this.pending, this.filled, offset, offset + n);
      this.filled += n;
      offset += n;
    }
    callback();
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
    const sealed = cipher.update(this.pending.subarray(0, this.filled));
    cipher.final();
    this.push(Buffer.concat([sealed, cipher.getAuthTag()], this.filled + TAG_SIZE));
    this.sequence++;
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

/** Pulls exact byte counts out of a chunked source. */
class ByteQueue {
  private chunks: Buffer[] = [];
  private available = 0;
  private ended = false;

  constructor(private readonly source: AsyncIterator<Buffer | Uint8Array>) {}

  async read(n: number): Promise<Buffer> {
    while (this.available < n && !this.ended) {
      const next = await this.source.next();
      if (next.done === true) this.ended = true;
      else {
        const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
        this.chunks.push(chunk);
        this.available += chunk.length;
      }
    }
    if (this.available < n) throw new ObjectTampered('The stored object is shorter than its metadata says.');
    const first = this.chunks[0];
    let out: Buffer;
    if (first !== undefined && first.length >= n) {
      out = first.subarray(0, n);
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
    } else {
      const all = Buffer.concat(this.chunks, this.available);
      out = all.subarray(0, n);
      this.chunks = all.length > n ? [all.subarray(n)] : [];
    }
    this.available -= n;
    return out;
  }

  async atEnd(): Promise<boolean> {
    if (this.available > 0) return false;
    while (!this.ended) {
      const next = await this.source.next();
      if (next.done === true) this.ended = true;
      else if (next.value.length > 0) {
        const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
        this.chunks.push(chunk);
        this.available += chunk.length;
        return false;
      }
    }
    return true;
  }
}

function openPackage(key: Buffer, sequence: number, final: boolean, sealed: Buffer): Buffer {
  const body = sealed.subarray(0, sealed.length - TAG_SIZE);
  const decipher = createDecipheriv('aes-256-gcm', key, packageNonce(sequence, final));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_SIZE));
  try {
    const plain = decipher.update(body);
    decipher.final();
    return plain;
  } catch {
    throw new ObjectTampered('An encrypted package of the object failed authentication.');
  }
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
): AsyncGenerator<Buffer> {
  const queue = new ByteQueue(source[Symbol.asyncIterator]());
  let toSkip = skip;
  let left = length;
  for (const slice of slices) {
    const salt = slice.salt ?? (await queue.read(HEADER_SIZE));
    const key = streamKey(objectKey, slice.partNumber, salt);
    const last = packageCount(slice.plainSize) - 1;
    for (let seq = slice.first; seq <= slice.last; seq++) {
      const sealed = await queue.read(sealedPackageLength(slice.plainSize, seq));
      let plain = openPackage(key, seq, seq === last, sealed);
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
  if (left !== 0 || !(await queue.atEnd()))
    throw new ObjectTampered('The stored object does not match its metadata.');
}
