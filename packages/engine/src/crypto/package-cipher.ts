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
  FORMAT_V1,
  HEADER_SIZE,
  TAG_SIZE,
  packageCount,
  sealedPackageLength,
  streamKey,
  type PackageFormat,
} from './package-format.js';
import { RUN_SIZE, RunBuffers, runPackages } from './run-buffers.js';
import { copyInto } from '../storage/copy-into.js';

export { RunBuffers, runPackages } from './run-buffers.js';

/**
 * Runs sealed (or opened) and not yet handed on, before the writer (or reader) waits: at most
 * 2 × 8 MiB of run buffers per stream. Why 8: a run's buffer is reused only once the digest worker
 * (MD5, the slowest stage) and a cipher thread are done with it, and the event loop feeds both
 * in bursts between socket reads and block writes, so a deeper queue lets it run ahead. Measured,
 * not derived: an encrypted 64 MiB PUT ran at 0.79× plain with 4 runs in interleaved passes under
 * load, 0.90× with 8, 0.85× with 16 (docs/performance.md, session 8).
 */
const MAX_RUNS_IN_FLIGHT = 8;

const ignore = (): void => undefined;

/** A run handed to the cipher: its buffer is reused once `settled`. */
interface Run {
  buffer: Buffer;
  settled: Promise<unknown>;
  /** Both threads are done with the buffer, whatever their outcome. */
  idle: Promise<unknown>;
}

/**
 * Plaintext in, one encrypted stream out (header, then packages). Input chunks are copied into
 * runs of up to 1 MiB (whole packages of the stream's format) held in shared run buffers, which the digest worker (`observe`) and
 * the cipher threads read in place; a full run is sealed only once more bytes arrive (then it is
 * certainly not the last), so the last package carries the final flag. Several runs are in
 * flight; their ciphertext is pushed in order, and the writer waits while all run buffers are busy.
 * Each run is sealed into a run buffer of its own, pushed as it is: a consumer that is done with
 * a pushed chunk hands it to `release` for reuse.
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
   * body size (-1 when unknown), so that a small body does not get a 1 MiB buffer. `buffers`: the
   * run buffers to take from and give back to (the decorator's, shared by its requests). `format`:
   * the stream format version written (the current one, or an older upload's).
   */
  constructor(
    objectKey: Buffer,
    partNumber: number,
    private readonly format: PackageFormat,
    private readonly cipher: PackageCipher = inlineCipher,
    private readonly observe?: (run: Buffer) => Promise<void>,
    sizeHint = -1,
    private readonly buffers = new RunBuffers(),
  ) {
    super();
    this.key = streamKey(objectKey, partNumber, this.salt, format);
    // Whole packages: a run that fills up is sealed as not final, so it must end on a package.
    const pkg = format.packageSize;
    this.firstRun =
      sizeHint < 0 ? RUN_SIZE : Math.min(RUN_SIZE, Math.max(1, Math.ceil(sizeHint / pkg)) * pkg);
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

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // Plaintext run buffers go back once the threads reading them are done (ended or failed).
    for (const run of this.runs.splice(0)) void run.idle.then(() => this.buffers.give(run.buffer));
    if (this.current !== undefined) this.buffers.give(this.current);
    this.current = undefined;
    callback(error);
  }

  /** A pushed chunk its consumer no longer uses (it must not touch it again): its buffer is reused. */
  readonly release = (chunk: Buffer): void => {
    this.buffers.give(chunk);
  };

  private async fill(chunk: Buffer): Promise<void> {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.current !== undefined && this.filled === this.current.length) await this.submit(false);
      const target = this.current ?? (this.current = await this.runBuffer());
      const end = Math.min(chunk.length, offset + target.length - this.filled);
      // Run buffers are shared memory: Buffer#copy would take V8's slow relaxed memmove.
      this.filled += copyInto(target, this.filled, chunk, offset, end - offset);
      offset = end;
    }
  }

  /** A run buffer: a new one while few are in flight, else the oldest run's once it settles. */
  private async runBuffer(): Promise<Buffer> {
    if (this.runs.length < MAX_RUNS_IN_FLIGHT) {
      const size = this.firstRun;
      this.firstRun = RUN_SIZE;
      return this.shared(size);
    }
    const oldest = this.runs.shift();
    if (oldest === undefined) throw new Error('unreachable: no run in flight');
    await oldest.settled;
    if (oldest.buffer.length === RUN_SIZE) return oldest.buffer;
    // A small first buffer: runs after it are full size.
    this.buffers.give(oldest.buffer);
    return this.shared(RUN_SIZE);
  }

  /** `n` bytes the digest worker and a cipher thread can read in place. */
  private shared(n: number): Buffer {
    const buffer = this.buffers.take(n);
    return buffer.buffer instanceof SharedArrayBuffer ? buffer : Buffer.from(new SharedArrayBuffer(n));
  }

  /** Seal the current run (an empty stream's one empty package too) and queue its push. */
  private async submit(final: boolean): Promise<void> {
    const buffer = this.current ?? (await this.runBuffer());
    const plain = buffer.subarray(0, this.filled);
    const observed = this.observe?.(plain) ?? Promise.resolve();
    const packages = Math.max(1, Math.ceil(this.filled / this.format.packageSize));
    const sealed = this.cipher.seal(
      this.key,
      this.format.packageSize,
      this.sequence,
      final,
      plain,
      this.buffers.take(this.filled + packages * TAG_SIZE),
    );
    this.sequence += packages;
    const settled = Promise.all([observed, sealed]);
    settled.catch(ignore);
    this.runs.push({ buffer, settled, idle: Promise.allSettled([observed, sealed]) });
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

/**
 * Pulls exact byte counts out of a chunked source, copied into a buffer of their own (a cipher
 * thread takes it over). Chunks are handed to `release` as soon as their bytes are copied (the
 * layer reuses such pooled buffers).
 */
class ByteQueue {
  /**
   * Unread bytes: `view` is what is left of the source chunk `chunk`; `lent`: part of it went out
   * as a view (`takeViews`), so it is not released here but through the caller.
   */
  private chunks: { chunk: Buffer; view: Buffer; lent: boolean }[] = [];
  /** Lent chunks that `take` used up: handed to the caller with the next `takeViews` or `rest`. */
  private held: Buffer[] = [];
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
      this.chunks.push({ chunk, view: chunk, lent: false });
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
        if (head.lent) this.held.push(head.chunk);
        else this.release?.(head.chunk);
      } else head.view = head.view.subarray(take);
    }
    this.available -= n;
    return out;
  }

  /**
   * The next `n` bytes as views of the source chunks, without a copy, and the chunks this take
   * used up: those the caller must hand to `release` itself, once whatever reads the views is
   * done (and every earlier take's reader too, since a chunk may be shared by two takes).
   */
  async takeViews(n: number): Promise<{ views: Buffer[]; used: Buffer[] }> {
    while (this.available < n && !this.ended) await this.pull();
    if (this.available < n) throw new ObjectTampered('The stored object is shorter than its metadata says.');
    const views: Buffer[] = [];
    const used: Buffer[] = this.held;
    this.held = [];
    let at = 0;
    while (at < n) {
      const head = this.chunks[0];
      if (head === undefined) break;
      const take = Math.min(head.view.length, n - at);
      head.lent = true;
      views.push(head.view.subarray(0, take));
      at += take;
      if (take === head.view.length) {
        this.chunks.shift();
        used.push(head.chunk);
      } else head.view = head.view.subarray(take);
    }
    this.available -= n;
    return { views, used };
  }

  /** Lent chunks used up since the last `takeViews` (the caller releases them when all is done). */
  rest(): Buffer[] {
    const held = this.held;
    this.held = [];
    return held;
  }

  async atEnd(): Promise<boolean> {
    while (this.available === 0 && !this.ended) await this.pull();
    return this.available === 0;
  }
}

/** Reads of at most this many stored bytes are opened here: a worker round trip costs more. */
const INLINE_BYTES = 2 * FORMAT_V1.sealedPackageSize;

/**
 * Decrypts the stored bytes of `slices` (read back to back from `source`) and yields `length`
 * plaintext bytes after skipping `skip` bytes of the first package. A slice without a salt starts
 * with its stream's header; `format` is the version the streams were written in. The source must
 * end exactly after the last package. Runs of up to 1 MiB are opened by `cipher`, several in flight, and yielded in order; chunks the consumer
 * hands to `buffers.give` are reused.
 */
export async function* decryptSlices(
  source: AsyncIterable<Buffer | Uint8Array>,
  objectKey: Buffer,
  format: PackageFormat,
  slices: readonly StreamSlice[],
  skip: number,
  length: number,
  release?: (chunk: Buffer) => void,
  cipher: PackageCipher = inlineCipher,
  buffers = new RunBuffers(),
): AsyncGenerator<Buffer> {
  const queue = new ByteQueue(source[Symbol.asyncIterator](), release, buffers);
  const pkg = format.packageSize;
  const storedBytes = slices.reduce(
    (n, s) =>
      n + (s.last - s.first) * format.sealedPackageSize + sealedPackageLength(s.plainSize, s.last, format),
    0,
  );
  const opener = storedBytes <= INLINE_BYTES ? inlineCipher : cipher;
  const perRun = runPackages(format);
  /** Runs being opened, in order, each with the source chunks to release once it is taken. */
  const inFlight: { opened: Promise<Buffer>; used: Buffer[] }[] = [];
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
  /**
   * The oldest run's plaintext. Runs are taken in order, so every run that read a chunk it used
   * up (it, or the one before, which shared the chunk) is done: the chunks go back to the source.
   */
  const next = async (): Promise<Buffer> => {
    const run = inFlight.shift();
    if (run === undefined) return Buffer.alloc(0);
    const plain = trim(await run.opened);
    for (const chunk of run.used) release?.(chunk);
    return plain;
  };
  for (const slice of slices) {
    const salt = slice.salt ?? (await queue.take(HEADER_SIZE));
    const key = streamKey(objectKey, slice.partNumber, salt, format);
    const last = packageCount(slice.plainSize, format) - 1;
    for (let first = slice.first; first <= slice.last; first += perRun) {
      const end = Math.min(slice.last, first + perRun - 1);
      const bytes =
        (end - first) * format.sealedPackageSize + sealedPackageLength(slice.plainSize, end, format);
      let opened: Promise<Buffer>;
      let used: Buffer[] = [];
      if (opener === inlineCipher) {
        // Opened inline into a new buffer: the input's run buffer is free at once.
        const input = await queue.take(bytes);
        opened = opener.open(key, pkg, first, end === last, input);
        buffers.give(input);
      } else {
        // A cipher thread reads the stored bytes where they are and writes into a run buffer.
        const views = await queue.takeViews(bytes);
        used = views.used;
        const packagesInRun = end - first + 1;
        opened = opener.openInto(
          key,
          pkg,
          first,
          end === last,
          views.views,
          buffers.take(bytes - packagesInRun * TAG_SIZE),
        );
      }
      // Awaited in order below; a run dropped with the reader must not fail unhandled.
      opened.catch(ignore);
      inFlight.push({ opened, used });
      while (inFlight.length >= MAX_RUNS_IN_FLIGHT) {
        const plain = await next();
        if (plain.length > 0) yield plain;
        else buffers.give(plain);
      }
    }
  }
  while (inFlight.length > 0) {
    const plain = await next();
    if (plain.length > 0) yield plain;
    else buffers.give(plain);
  }
  // Every run is done: lent chunks a later salt read used up may go back too.
  for (const chunk of queue.rest()) release?.(chunk);
  if (left !== 0 || !(await queue.atEnd()))
    throw new ObjectTampered('The stored object does not match its metadata.');
}
