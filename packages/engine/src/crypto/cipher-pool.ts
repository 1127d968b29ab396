/**
 * Sealing and opening runs of packages (package-format.ts) off the event loop. AES-256-GCM through
 * `node:crypto` runs at about one core's worth of 1 GB/s, so on the main thread it halves what a
 * plain GET (little more than a copy) reaches; on worker threads it overlaps with the erasure
 * work, the disks and the sockets. A job is a run of consecutive packages of one stream (about
 * 1 MiB, so that the cost of a message is spread over many packages); the caller keeps several in
 * flight and takes the results in order.
 *
 * Runs in SharedArrayBuffers (run-buffers.ts) do not move at all: a run is sealed into an output
 * buffer the caller gives along, or opened in place, and only offsets and lengths travel (an
 * ArrayBuffer that crosses threads arrives as a new one, which V8 counts as fresh external memory
 * and collects with full mark-compacts). Other inputs are handed over without a copy when they
 * own their ArrayBuffer (transferred; the caller gives it up), else copied; their result comes
 * back as a transferred ArrayBuffer. `inlineCipher` does the same on the calling thread, for
 * bodies and reads too small to pay a round trip, and for tests.
 *
 * The worker source is inline (`eval`), as in storage/digest-worker.ts, so it runs the same from
 * the TypeScript sources and the build. Threads start on first use and are unref'd while idle.
 */
import { createCipheriv, createDecipheriv, createSecretKey } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { copyInto } from '../storage/copy-into.js';
import { ObjectTampered } from './errors.js';
import { TAG_SIZE, packageNonce } from './package-format.js';

/** Seals and opens runs of packages; `CipherPool` on worker threads, `inlineCipher` here. */
export interface PackageCipher {
  /**
   * Seal `plain` as packages `first`, `first + 1`, … of a stream (`size` bytes each — the
   * format's package size —, the last may be shorter; an empty input is one empty package).
   * `final`: the run ends the stream. The sealed bytes are written into `into` (at least their
   * length) when it is given — by the pool only when both `plain` and `into` are in shared
   * memory — and answered as a view of it then.
   */
  seal(
    key: Buffer,
    size: number,
    first: number,
    final: boolean,
    plain: Uint8Array,
    into?: Buffer,
  ): Promise<Buffer>;
  /**
   * Open sealed packages `first`, … (each followed by its tag); fails with `ObjectTampered`. The
   * pool opens a run in shared memory in place, and one it took over in the returned buffer, so
   * that the answer is a view of the input's own memory and a caller may recycle it.
   */
  open(key: Buffer, size: number, first: number, final: boolean, sealed: Uint8Array): Promise<Buffer>;
  /**
   * Open sealed packages `first`, … stored in `segments` back to back (a package, even its tag,
   * may span two of them) into `into`, answered as a view of it. Why: a GET's stored bytes
   * arrive as the erasure layer's pieces (two 512 KiB data shards per block), which never line
   * up with runs; gathering them into a run buffer first was a copy of every byte on the event
   * loop. Now the cipher thread reads the pieces where they are and writes the plaintext where
   * it must go anyway (node:crypto answers `update` in a new buffer, which is copied once in
   * both cases). The pool does this without a copy when all of them are in shared memory.
   */
  openInto(
    key: Buffer,
    size: number,
    first: number,
    final: boolean,
    segments: readonly Uint8Array[],
    into: Buffer,
  ): Promise<Buffer>;
}

/** `bytes` copied into `out` at `at` with one memcpy (`out` may be shared memory); answers its length. */
function place(out: Buffer, at: number, bytes: Buffer): number {
  return copyInto(out, at, bytes, 0, bytes.length);
}

/** The tag check failed, or a run is not made of whole packages. */
const TAMPERED = 'An encrypted package of the object failed authentication.';

// The same loops as the worker source below; the pool's tests check that both agree.
function sealRun(
  rawKey: Buffer,
  pkg: number,
  first: number,
  final: boolean,
  plain: Uint8Array,
  into?: Buffer,
): Buffer {
  const key = createSecretKey(rawKey);
  const count = Math.max(1, Math.ceil(plain.length / pkg));
  const size = plain.length + count * TAG_SIZE;
  const out =
    into !== undefined && into.length >= size ? into.subarray(0, size) : Buffer.allocUnsafeSlow(size);
  let at = 0;
  let to = 0;
  for (let i = 0; i < count; i++) {
    const end = Math.min(at + pkg, plain.length);
    const cipher = createCipheriv('aes-256-gcm', key, packageNonce(first + i, final && i === count - 1));
    to += place(out, to, cipher.update(plain.subarray(at, end)));
    cipher.final();
    to += place(out, to, cipher.getAuthTag());
    at = end;
  }
  return out;
}

function openRun(rawKey: Buffer, pkg: number, first: number, final: boolean, sealed: Uint8Array): Buffer {
  const key = createSecretKey(rawKey);
  const sealedSize = pkg + TAG_SIZE;
  // An empty run is no package at all: refused below like a cut one.
  const count = Math.max(1, Math.ceil(sealed.length / sealedSize));
  const out = Buffer.allocUnsafeSlow(Math.max(0, sealed.length - count * TAG_SIZE));
  let at = 0;
  let to = 0;
  for (let i = 0; i < count; i++) {
    const end = Math.min(at + sealedSize, sealed.length);
    if (end - at < TAG_SIZE) throw new ObjectTampered(TAMPERED);
    const decipher = createDecipheriv('aes-256-gcm', key, packageNonce(first + i, final && i === count - 1));
    decipher.setAuthTag(sealed.subarray(end - TAG_SIZE, end));
    try {
      to += place(out, to, decipher.update(sealed.subarray(at, end - TAG_SIZE)));
      decipher.final();
    } catch {
      throw new ObjectTampered(TAMPERED);
    }
    at = end;
  }
  return out;
}

/** `openRun` over stored bytes held in several segments, into `into` (see `openInto`). */
function openSegments(
  rawKey: Buffer,
  pkg: number,
  first: number,
  final: boolean,
  segments: readonly Uint8Array[],
  into: Buffer,
): Buffer {
  const key = createSecretKey(rawKey);
  const total = segments.reduce((n, s) => n + s.length, 0);
  const sealedSize = pkg + TAG_SIZE;
  const count = Math.max(1, Math.ceil(total / sealedSize));
  const size = total - count * TAG_SIZE;
  if (size < 0) throw new ObjectTampered(TAMPERED);
  if (into.length < size) throw new Error('output buffer too short');
  const tag = Buffer.alloc(TAG_SIZE);
  let seg = 0;
  let segAt = 0;
  /** Hands the next `n` stored bytes, segment by segment, to `sink`. */
  const walk = (n: number, sink: (bytes: Uint8Array) => void): void => {
    let left = n;
    while (left > 0) {
      const s = segments[seg] as Uint8Array;
      const take = Math.min(left, s.length - segAt);
      if (take > 0) sink(s.subarray(segAt, segAt + take));
      segAt += take;
      left -= take;
      if (segAt === s.length) {
        seg++;
        segAt = 0;
      }
    }
  };
  let at = 0;
  let to = 0;
  for (let i = 0; i < count; i++) {
    const end = Math.min(at + sealedSize, total);
    if (end - at < TAG_SIZE) throw new ObjectTampered(TAMPERED);
    const decipher = createDecipheriv('aes-256-gcm', key, packageNonce(first + i, final && i === count - 1));
    walk(end - at - TAG_SIZE, (bytes) => {
      to += place(into, to, decipher.update(bytes));
    });
    let t = 0;
    walk(TAG_SIZE, (bytes) => {
      tag.set(bytes, t);
      t += bytes.length;
    });
    decipher.setAuthTag(tag);
    try {
      decipher.final();
    } catch {
      throw new ObjectTampered(TAMPERED);
    }
    at = end;
  }
  return into.subarray(0, size);
}

/** Package runs on the calling thread. */
export const inlineCipher: PackageCipher = {
  seal: (key, size, first, final, plain, into) =>
    Promise.resolve(sealRun(key, size, first, final, plain, into)),
  open: (key, size, first, final, sealed) => {
    try {
      return Promise.resolve(openRun(key, size, first, final, sealed));
    } catch (err) {
      return Promise.reject(err as Error);
    }
  },
  openInto: (key, size, first, final, segments, into) => {
    try {
      return Promise.resolve(openSegments(key, size, first, final, segments, into));
    } catch (err) {
      return Promise.reject(err as Error);
    }
  },
};

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const crypto = require('node:crypto');
const TAG = ${TAG_SIZE};
// Outputs are mostly shared memory: Buffer#copy would take V8's slow relaxed memmove (copy-into.ts).
function place(out, at, bytes) {
  if (bytes.length > 0) out.fill(bytes, at, at + bytes.length);
  return bytes.length;
}
function nonce(sequence, final) {
  const n = Buffer.alloc(12);
  n.writeUInt32BE(final ? 1 : 0, 0);
  n.writeBigUInt64BE(BigInt(sequence), 4);
  return n;
}
function seal(key, PACKAGE, first, final, input, into) {
  const count = Math.max(1, Math.ceil(input.length / PACKAGE));
  const size = input.length + count * TAG;
  if (into && into.length < size) throw new Error('output buffer too short');
  const out = into ? into.subarray(0, size) : Buffer.allocUnsafeSlow(size);
  let at = 0, to = 0;
  for (let i = 0; i < count; i++) {
    const end = Math.min(at + PACKAGE, input.length);
    const c = crypto.createCipheriv('aes-256-gcm', key, nonce(first + i, final && i === count - 1));
    to += place(out, to, c.update(input.subarray(at, end)));
    c.final();
    to += place(out, to, c.getAuthTag());
    at = end;
  }
  return out;
}
// Always in place: the input is shared memory lent for the job, or the worker's own.
function open(key, PACKAGE, first, final, input) {
  const SEALED = PACKAGE + TAG;
  const count = Math.max(1, Math.ceil(input.length / SEALED));
  // A package's plaintext lands before its own ciphertext: writing over consumed input is safe.
  const out = input;
  let at = 0, to = 0;
  for (let i = 0; i < count; i++) {
    const end = Math.min(at + SEALED, input.length);
    if (end - at < TAG) return null;
    const d = crypto.createDecipheriv('aes-256-gcm', key, nonce(first + i, final && i === count - 1));
    d.setAuthTag(input.subarray(end - TAG, end));
    try {
      to += place(out, to, d.update(input.subarray(at, end - TAG)));
      d.final();
    } catch {
      return null;
    }
    at = end;
  }
  return out;
}
// The stored bytes in several segments (openSegments in the module above), into 'out'.
function openv(key, PACKAGE, first, final, segments, out) {
  const SEALED = PACKAGE + TAG;
  let total = 0;
  for (const s of segments) total += s.length;
  const count = Math.max(1, Math.ceil(total / SEALED));
  const size = total - count * TAG;
  if (size < 0) return null;
  if (out.length < size) throw new Error('output buffer too short');
  const tag = Buffer.alloc(TAG);
  let seg = 0, segAt = 0, at = 0, to = 0, t = 0, d = null;
  const toPlain = (bytes) => { to += place(out, to, d.update(bytes)); };
  const toTag = (bytes) => { tag.set(bytes, t); t += bytes.length; };
  const walk = (n, sink) => {
    while (n > 0) {
      const s = segments[seg];
      const take = Math.min(n, s.length - segAt);
      if (take > 0) sink(s.subarray(segAt, segAt + take));
      segAt += take;
      n -= take;
      if (segAt === s.length) { seg++; segAt = 0; }
    }
  };
  for (let i = 0; i < count; i++) {
    const end = Math.min(at + SEALED, total);
    if (end - at < TAG) return null;
    d = crypto.createDecipheriv('aes-256-gcm', key, nonce(first + i, final && i === count - 1));
    walk(end - at - TAG, toPlain);
    t = 0;
    walk(TAG, toTag);
    d.setAuthTag(tag);
    try {
      d.final();
    } catch {
      return null;
    }
    at = end;
  }
  return out.subarray(0, size);
}
parentPort.on('message', (m) => {
  if (m.op === 'openv') {
    const key = crypto.createSecretKey(Buffer.from(m.key));
    let out;
    try {
      out = openv(key, m.size, m.first, m.final, m.segments.map((s) => Buffer.from(s.buffer, s.offset, s.length)),
        Buffer.from(m.into, m.intoOffset, m.intoLength));
    } catch (err) {
      parentPort.postMessage({ id: m.id, error: String(err && err.message) });
      return;
    }
    if (out === null) parentPort.postMessage({ id: m.id, tampered: true });
    else parentPort.postMessage({ id: m.id, length: out.length });
    return;
  }
  const input = Buffer.from(m.buffer, m.offset, m.length);
  // One key object per job: createCipheriv would import a raw key again for every package.
  const key = crypto.createSecretKey(Buffer.from(m.key));
  const into = m.into ? Buffer.from(m.into, m.intoOffset, m.intoLength) : null;
  let out;
  try {
    out = m.op === 'seal'
      ? seal(key, m.size, m.first, m.final, input, into)
      : open(key, m.size, m.first, m.final, input);
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: String(err && err.message) });
    return;
  }
  if (out === null) parentPort.postMessage({ id: m.id, tampered: true });
  else if (m.shared) {
    // Written into shared memory (sealed into 'into', or opened in place): only the length goes back.
    const length = out === input ? input.length - Math.max(1, Math.ceil(input.length / (m.size + TAG))) * TAG : out.length;
    parentPort.postMessage({ id: m.id, length });
  } else if (out === input) {
    const length = input.length - Math.max(1, Math.ceil(input.length / (m.size + TAG))) * TAG;
    parentPort.postMessage({ id: m.id, buffer: m.buffer, length }, [m.buffer]);
  } else parentPort.postMessage({ id: m.id, buffer: out.buffer, length: out.length }, [out.buffer]);
});
`;

/** A fresh ArrayBuffer holding `data`'s bytes (`Buffer#slice` would not copy). */
function copyOf(data: Uint8Array): ArrayBuffer {
  const out = new Uint8Array(data.byteLength);
  out.set(data);
  return out.buffer;
}

type Reply =
  | { id: number; buffer: ArrayBuffer; length: number }
  | { id: number; length: number }
  | { id: number; tampered: true }
  | { id: number; error: string };

interface Job {
  resolve: (out: Buffer) => void;
  reject: (err: Error) => void;
  /** The answer's memory when it was written in shared memory: the length picks the view. */
  sharedResult?: Uint8Array;
}

interface Thread {
  worker: Worker;
  jobs: Map<number, Job>;
}

/** Cipher threads by default: the cores left over by the event loop, at least one. */
export function defaultCipherThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

/**
 * Worker threads sealing and opening package runs. One per engine (the encryption decorator
 * owns it; `close` ends its threads). Jobs go to the thread with the fewest pending ones.
 */
export class CipherPool implements PackageCipher {
  private readonly threads: (Thread | undefined)[];
  private nextId = 1;
  private closed = false;

  constructor(threads = defaultCipherThreads()) {
    this.threads = new Array<Thread | undefined>(Math.max(1, threads)).fill(undefined);
  }

  seal(
    key: Buffer,
    size: number,
    first: number,
    final: boolean,
    plain: Uint8Array,
    into?: Buffer,
  ): Promise<Buffer> {
    return this.run('seal', key, size, first, final, plain, into);
  }

  open(key: Buffer, size: number, first: number, final: boolean, sealed: Uint8Array): Promise<Buffer> {
    return this.run('open', key, size, first, final, sealed);
  }

  openInto(
    key: Buffer,
    size: number,
    first: number,
    final: boolean,
    segments: readonly Uint8Array[],
    into: Buffer,
  ): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('The cipher pool is closed.'));
    const shared = (view: Uint8Array): boolean => view.buffer instanceof SharedArrayBuffer;
    if (!shared(into) || !segments.every(shared)) {
      // Some bytes are not in shared memory (a block rebuilt from parity, a short last run):
      // gathered into one buffer the thread takes over, and the plaintext copied into `into`.
      return this.open(key, size, first, final, Buffer.concat(segments)).then((plain) => {
        copyInto(into, 0, plain, 0, plain.length);
        return into.subarray(0, plain.length);
      });
    }
    const thread = this.pick();
    const id = this.nextId++;
    const done = new Promise<Buffer>((resolve, reject) =>
      thread.jobs.set(id, { resolve, reject, sharedResult: into }),
    );
    thread.worker.ref();
    thread.worker.postMessage({
      id,
      op: 'openv',
      key: Uint8Array.from(key),
      size,
      first,
      final,
      segments: segments.map((s) => ({ buffer: s.buffer, offset: s.byteOffset, length: s.byteLength })),
      into: into.buffer,
      intoOffset: into.byteOffset,
      intoLength: into.byteLength,
    });
    return done;
  }

  /** Ends the threads; pending jobs fail, later ones are refused. */
  async close(): Promise<void> {
    this.closed = true;
    const threads = this.threads.splice(0, this.threads.length, ...this.threads.map(() => undefined));
    await Promise.all(threads.map((t) => t?.worker.terminate()));
  }

  private run(
    op: 'seal' | 'open',
    key: Buffer,
    size: number,
    first: number,
    final: boolean,
    data: Uint8Array,
    into?: Buffer,
  ): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error('The cipher pool is closed.'));
    const thread = this.pick();
    const id = this.nextId++;
    const buffer = data.buffer;
    const shared = buffer instanceof SharedArrayBuffer;
    // In shared memory throughout: sealed into `into`, or opened in place; nothing moves.
    const inShared =
      shared && (op === 'open' || (into !== undefined && into.buffer instanceof SharedArrayBuffer));
    if (inShared) {
      const sharedResult = op === 'open' ? data : (into as Buffer);
      const done = new Promise<Buffer>((resolve, reject) =>
        thread.jobs.set(id, { resolve, reject, sharedResult }),
      );
      thread.worker.ref();
      thread.worker.postMessage({
        id,
        op,
        key: Uint8Array.from(key),
        size,
        first,
        final,
        buffer,
        offset: data.byteOffset,
        length: data.byteLength,
        shared: true,
        ...(op === 'seal'
          ? {
              into: sharedResult.buffer,
              intoOffset: sharedResult.byteOffset,
              intoLength: sharedResult.byteLength,
            }
          : {}),
      });
      return done;
    }
    const done = new Promise<Buffer>((resolve, reject) => thread.jobs.set(id, { resolve, reject }));
    thread.worker.ref();
    // A whole ArrayBuffer moves to the worker; part of one would take the rest along, so it is
    // copied (structured clone copies only the view's bytes then).
    const whole =
      buffer instanceof ArrayBuffer && data.byteOffset === 0 && data.byteLength === buffer.byteLength;
    // A shared input sealed without a shared output: read in place, answered in a new buffer.
    const payload = whole || shared ? buffer : copyOf(data);
    const message = {
      id,
      op,
      key: Uint8Array.from(key),
      size,
      first,
      final,
      buffer: payload,
      offset: shared ? data.byteOffset : 0,
      length: data.byteLength,
    };
    thread.worker.postMessage(message, shared ? [] : [payload as ArrayBuffer]);
    return done;
  }

  private pick(): Thread {
    let index = 0;
    let best = Number.POSITIVE_INFINITY;
    this.threads.forEach((t, i) => {
      const load = t === undefined ? 0.5 : t.jobs.size;
      if (load < best) {
        best = load;
        index = i;
      }
    });
    return this.threads[index] ?? this.start(index);
  }

  private start(index: number): Thread {
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    const thread: Thread = { worker, jobs: new Map() };
    worker.on('message', (m: Reply) => {
      const job = thread.jobs.get(m.id);
      if (job === undefined) return;
      thread.jobs.delete(m.id);
      if (thread.jobs.size === 0) worker.unref();
      if ('buffer' in m) job.resolve(Buffer.from(m.buffer, 0, m.length));
      else if ('tampered' in m) job.reject(new ObjectTampered(TAMPERED));
      else if ('error' in m) job.reject(new Error(`cipher worker: ${m.error}`));
      else {
        const at = job.sharedResult ?? new Uint8Array(0);
        job.resolve(Buffer.from(at.buffer, at.byteOffset, m.length));
      }
    });
    const fail = (error: Error): void => {
      if (this.threads[index] === thread) this.threads[index] = undefined;
      for (const job of thread.jobs.values()) job.reject(error);
      thread.jobs.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`cipher worker exited (${code})`)));
    worker.unref();
    this.threads[index] = thread;
    return thread;
  }
}
