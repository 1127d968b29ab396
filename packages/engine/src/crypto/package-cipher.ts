/**
 * Encrypting and decrypting streams in the package format of `package-format.ts`. Encryption is a
 * Transform (plaintext in, header and sealed packages out) that holds back a run of packages until
 * it knows whether more data follows, so the last package carries the final flag. Decryption reads
 * sealed packages from a stored byte range and yields only the plaintext bytes asked for; any
 * failed tag, short read or leftover byte is `ObjectTampered`. The cipher work itself is a
 * `PackageCipher`'s (cipher-pool.ts): worker threads for large bodies, inline for small ones.
 */
import { randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { ObjectTampered } from './errors.js';
import { inlineCipher, type PackageCipher } from './cipher-pool.js';
import {
  HEADER_SIZE,
  PACKAGE_SIZE,
  SEALED_PACKAGE_SIZE,
  packageCount,
  sealedPackageLength,
  streamKey,
} from './package-format.js';

/** Plaintext bytes per sealing job: 16 packages, so that a worker message carries 1 MiB. */
export const RUN_PACKAGES = 16;
const RUN_SIZE = RUN_PACKAGES * PACKAGE_SIZE;
/** Runs sealed (or opened) and not yet handed on, before the writer (or reader) waits. */
const MAX_RUNS_IN_FLIGHT = 4;

const ignore = (): void => undefined;

/** A run handed to the cipher: its buffer is reused once `settled`. */
interface Run {
  buffer: Buffer;
  settled: Promise<unknown>;
}

/**
 * Plaintext in, one encrypted stream out (header, then packages). Input chunks are copied into
 * runs of up to 16 packages held in SharedArrayBuffers, which the digest worker (`observe`) and
 * the cipher threads read in place; a full run is sealed only once more bytes arrive (then it is
 * certainly not the last), so the last package carries the final flag. Several runs are in
 * flight; their ciphertext is pushed in order, and the writer waits while all run buffers are busy.
 */
export class EncryptStream extends Transform {
  private readonly key: Buffer;
  private readonly salt = randomBytes(HEADER_SIZE);
  private readonly runs: Run[] = [];
  private current: Buffer | undefined;
  private filled = 0;
  private sequence = 0;
  private headerSent = false;
  /** Settles when every sealed run so far has been pushed (rejects on the first failure). */
  private pushed: Promise<void> = Promise.resolve();
  /** Bytes of the first run buffer: whole packages, no more than a small body needs. */
  private firstRun: number;

  /**
   * `observe` sees each run of plaintext, in order, before it is sealed (the body's digests); the
   * run's buffer is reused only once the promise it answers has settled. `sizeHint`: the declared
   * body size (-1 when unknown), so that a small body does not get a 1 MiB buffer.
   */
  constructor(
    objectKey: Buffer,
    partNumber: number,
    private readonly cipher: PackageCipher = inlineCipher,
    private readonly observe?: (run: Buffer) => Promise<void>,
    sizeHint = -1,
  ) {
    super();
    this.key = streamKey(objectKey, partNumber, this.salt);
    this.firstRun =
      sizeHint < 0
        ? RUN_SIZE
        : Math.min(RUN_SIZE, Math.max(1, Math.ceil(sizeHint / PACKAGE_SIZE)) * PACKAGE_SIZE);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.sendHeader();
    this.fill(chunk).then(() => callback(), callback);
  }

  override _flush(callback: TransformCallback): void {
    this.sendHeader();
    this.submit(true)
      .then(() => this.pushed)
      .then(() => callback(), callback);
  }

  private async fill(chunk: Buffer): Promise<void> {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.current !== undefined && this.filled === this.current.length) await this.submit(false);
      const target = this.current ?? (this.current = await this.runBuffer());
      const end = Math.min(chunk.length, offset + target.length - this.filled);
      this.filled += chunk.copy(target, this.filled, offset, end);
      offset = end;
    }
  }

  /** A run buffer: a new one while few are in flight, else the oldest run's once it settles. */
  private async runBuffer(): Promise<Buffer> {
    if (this.runs.length < MAX_RUNS_IN_FLIGHT) {
      const size = this.firstRun;
      this.firstRun = RUN_SIZE;
      return Buffer.from(new SharedArrayBuffer(size));
    }
    const oldest = this.runs.shift();
    if (oldest === undefined) throw new Error('unreachable: no run in flight');
    await oldest.settled;
    // A small first buffer is not reused: runs after it are full size.
    return oldest.buffer.length === RUN_SIZE ? oldest.buffer : Buffer.from(new SharedArrayBuffer(RUN_SIZE));
  }

  /** Seal the current run (an empty stream's one empty package too) and queue its push. */
  private async submit(final: boolean): Promise<void> {
    const buffer = this.current ?? (await this.runBuffer());
    const plain = buffer.subarray(0, this.filled);
    const observed = this.observe?.(plain) ?? Promise.resolve();
    const sealed = this.cipher.seal(this.key, this.sequence, final, plain);
    this.sequence += Math.max(1, Math.ceil(this.filled / PACKAGE_SIZE));
    const settled = Promise.all([observed, sealed]);
    settled.catch(ignore);
    this.runs.push({ buffer, settled });
    this.pushed = Promise.all([this.pushed, sealed]).then(([, out]) => {
      this.push(out);
    });
    this.pushed.catch(ignore);
    this.current = undefined;
    this.filled = 0;
  }

  private sendHeader(): void {
    if (this.headerSent) return;
    this.headerSent = true;
    this.push(this.salt);
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

/** Stored bytes of a full run. */
const SEALED_RUN_SIZE = RUN_PACKAGES * SEALED_PACKAGE_SIZE;

/**
 * Buffers of one read's full runs: each holds a run's ciphertext, goes to a cipher thread and
 * comes back holding its plaintext; once the consumer has sent that on and hands it back (the GET
 * handler's `release`), it takes the next run. Without this a 64 MiB read allocated 64 MiB.
 */
export class RunBuffers {
  private readonly spare: ArrayBuffer[] = [];

  /** A buffer of `n` bytes owning its whole ArrayBuffer. */
  take(n: number): Buffer {
    const reused = n === SEALED_RUN_SIZE ? this.spare.pop() : undefined;
    return reused !== undefined ? Buffer.from(reused, 0, n) : Buffer.allocUnsafeSlow(n);
  }

  /** A chunk the read yielded, no longer used by its consumer. */
  give(chunk: Buffer): void {
    const buffer = chunk.buffer;
    // Only full-run buffers; a detached one (handed to a thread) has length 0.
    if (!(buffer instanceof ArrayBuffer) || buffer.byteLength !== SEALED_RUN_SIZE) return;
    if (this.spare.length < MAX_RUNS_IN_FLIGHT * 2 && !this.spare.includes(buffer)) this.spare.push(buffer);
  }
}

/**
 * Pulls exact byte counts out of a chunked source, copied into a buffer of their own (a cipher
 * thread takes it over). Chunks are handed to `release` as soon as their bytes are copied (the
 * layer reuses such pooled buffers).
 */
class ByteQueue {
  /** Unread bytes: `view` is what is left of the source chunk `chunk`. */
  private chunks: { chunk: Buffer; view: Buffer }[] = [];
  private available = 0;
  private ended = false;

  constructor(
    private readonly source: AsyncIterator<Buffer | Uint8Array>,
    private readonly release: ((chunk: Buffer) => void) | undefined,
    private readonly buffers: RunBuffers,
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

  /** The next `n` bytes, in a new buffer that owns its whole ArrayBuffer. */
  async take(n: number): Promise<Buffer> {
    while (this.available < n && !this.ended) await this.pull();
    if (this.available < n) throw new ObjectTampered('The stored object is shorter than its metadata says.');
    const out = this.buffers.take(n);
    let at = 0;
    while (at < n) {
      const head = this.chunks[0];
      if (head === undefined) break;
      const take = Math.min(head.view.length, n - at);
      at += head.view.copy(out, at, 0, take);
      if (take === head.view.length) {
        this.chunks.shift();
        this.release?.(head.chunk);
      } else head.view = head.view.subarray(take);
    }
    this.available -= n;
    return out;
  }

  async atEnd(): Promise<boolean> {
    while (this.available === 0 && !this.ended) await this.pull();
    return this.available === 0;
  }
}

/** Reads of at most this many packages are opened here: a worker round trip costs more. */
const INLINE_PACKAGES = 2;

/**
 * Decrypts the stored bytes of `slices` (read back to back from `source`) and yields `length`
 * plaintext bytes after skipping `skip` bytes of the first package. A slice without a salt starts
 * with its stream's header. The source must end exactly after the last package. Runs of up to 16
 * packages are opened by `cipher`, several in flight, and yielded in order; chunks the consumer
 * hands to `buffers.give` are reused.
 */
export async function* decryptSlices(
  source: AsyncIterable<Buffer | Uint8Array>,
  objectKey: Buffer,
  slices: readonly StreamSlice[],
  skip: number,
  length: number,
  release?: (chunk: Buffer) => void,
  cipher: PackageCipher = inlineCipher,
  buffers = new RunBuffers(),
): AsyncGenerator<Buffer> {
  const queue = new ByteQueue(source[Symbol.asyncIterator](), release, buffers);
  const packages = slices.reduce((n, s) => n + s.last - s.first + 1, 0);
  const opener = packages <= INLINE_PACKAGES ? inlineCipher : cipher;
  const inFlight: Promise<Buffer>[] = [];
  let toSkip = skip;
  let left = length;
  /** The part of an opened run the caller asked for. */
  const trim = (opened: Buffer): Buffer => {
    let plain = opened;
    if (toSkip > 0) {
      const cut = Math.min(toSkip, plain.length);
      plain = plain.subarray(cut);
      toSkip -= cut;
    }
    if (plain.length > left) plain = plain.subarray(0, left);
    left -= plain.length;
    return plain;
  };
  for (const slice of slices) {
    const salt = slice.salt ?? (await queue.take(HEADER_SIZE));
    const key = streamKey(objectKey, slice.partNumber, salt);
    const last = packageCount(slice.plainSize) - 1;
    for (let first = slice.first; first <= slice.last; first += RUN_PACKAGES) {
      const end = Math.min(slice.last, first + RUN_PACKAGES - 1);
      const bytes = (end - first) * SEALED_PACKAGE_SIZE + sealedPackageLength(slice.plainSize, end);
      const opened = opener.open(key, first, end === last, await queue.take(bytes));
      // Awaited in order below; a run dropped with the reader must not fail unhandled.
      opened.catch(ignore);
      inFlight.push(opened);
      while (inFlight.length >= MAX_RUNS_IN_FLIGHT) {
        const plain = trim(await (inFlight.shift() ?? Promise.resolve(Buffer.alloc(0))));
        if (plain.length > 0) yield plain;
      }
    }
  }
  for (const opened of inFlight.splice(0)) {
    const plain = trim(await opened);
    if (plain.length > 0) yield plain;
  }
  if (left !== 0 || !(await queue.atEnd()))
    throw new ObjectTampered('The stored object does not match its metadata.');
}
