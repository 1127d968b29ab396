/**
 * Body digests on a worker thread. MD5 (the ETag) runs at ≈ 0.8 GB/s — the slowest per-byte step
 * of a PUT — so the streaming write path hands each erasure block to this worker and goes on
 * encoding and writing while the worker hashes; the blocks live in SharedArrayBuffers (block-pool.ts)
 * so nothing is copied. The worker computes MD5 and the digests node:crypto/zlib provide (SHA-256,
 * SHA-1, CRC-32); the caller computes CRC-32C and CRC-64/NVME itself. Each `update` resolves when
 * the worker is done with that buffer, which is when the caller may reuse it.
 *
 * MD5 of concurrent uploads is hashed together, four streams at a time in WebAssembly SIMD lanes
 * (md5-lanes.ts; a stream alone runs on the module's scalar MD5, as fast as OpenSSL's). So that
 * partners meet, sessions with MD5 are packed four to a thread. Without WebAssembly, OpenSSL.
 *
 * The worker source is inline (`eval`) so it runs the same from the TypeScript sources (tests) and
 * the build; the lanes' coordinator is embedded in it as source text. A layer has a small pool of
 * such workers; each is unref'd while idle.
 */
import { Worker } from 'node:worker_threads';
import { md5ModuleBytes } from './md5-kernel.js';
import { createMd5Lanes } from './md5-lanes.js';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const crypto = require('node:crypto');
const zlib = require('node:zlib');
// The coordinator's source, as the module that exports it was compiled. A loader that keeps
// function names (tsx, via esbuild's keepNames) wraps functions in its helper __name(fn, name),
// which the module defines and this source does not: the identity does here.
const __name = (fn) => fn;
const createMd5Lanes = (${createMd5Lanes.toString()});
let lanes = null;
try {
  if (workerData.md5Module) lanes = createMd5Lanes(workerData.md5Module);
} catch {
  lanes = null; // OpenSSL, one stream at a time
}
const sessions = new Map();
const pinned = new Map();
const ack = (id, seq) => parentPort.postMessage({ type: 'ack', id, seq });

// MD5 in lanes: hash when the coordinator says a batch is due, one chunk per lane at a time,
// returning to the event loop in between so that other streams' blocks can join.
let immediate = null;
let timer = null;
let timerAt = Infinity;
function schedule() {
  if (lanes === null || immediate !== null) return;
  const due = lanes.due();
  if (due === 0) {
    immediate = setImmediate(pump);
    return;
  }
  if (due < 0) return;
  const at = performance.now() + due;
  if (timer !== null) {
    if (timerAt <= at) return;
    clearTimeout(timer);
  }
  timerAt = at;
  timer = setTimeout(() => {
    timer = null;
    timerAt = Infinity;
    schedule();
  }, Math.ceil(due));
}
function pump() {
  immediate = null;
  lanes.run();
  schedule();
}

parentPort.on('message', (m) => {
  if (m.type === 'pin') {
    pinned.set(m.pin, m.buffer);
  } else if (m.type === 'start') {
    sessions.set(m.id, {
      md5: !m.md5 ? null : lanes ? 'lanes' : crypto.createHash('md5'),
      sha256: m.sha256 ? crypto.createHash('sha256') : null,
      sha1: m.sha1 ? crypto.createHash('sha1') : null,
      crc32: m.crc32 ? 0 : null,
    });
    if (m.md5 && lanes) lanes.start(m.id);
  } else if (m.type === 'update') {
    const s = sessions.get(m.id);
    if (!s) {
      ack(m.id, m.seq);
      return;
    }
    const view = new Uint8Array(m.pin === undefined ? m.buffer : pinned.get(m.pin), m.offset, m.length);
    if (s.sha256) s.sha256.update(view);
    if (s.sha1) s.sha1.update(view);
    if (s.crc32 !== null) s.crc32 = zlib.crc32(view, s.crc32);
    if (s.md5 === 'lanes') {
      lanes.update(m.id, view, () => ack(m.id, m.seq));
      schedule();
      return;
    }
    if (s.md5) s.md5.update(view);
    ack(m.id, m.seq);
  } else if (m.type === 'finish') {
    const s = sessions.get(m.id);
    sessions.delete(m.id);
    let md5 = null;
    if (s.md5 === 'lanes') md5 = lanes.finish(m.id);
    else if (s.md5) md5 = s.md5.digest();
    parentPort.postMessage({
      type: 'digest',
      id: m.id,
      md5,
      sha256: s.sha256 ? s.sha256.digest() : null,
      sha1: s.sha1 ? s.sha1.digest() : null,
      crc32: s.crc32,
    });
    schedule();
  } else if (m.type === 'abort') {
    const s = sessions.get(m.id);
    sessions.delete(m.id);
    if (s && s.md5 === 'lanes') lanes.abort(m.id);
  } else if (m.type === 'stats') {
    parentPort.postMessage({ type: 'stats', blocksByLanes: lanes ? lanes.blocksByLanes.slice() : [] });
  }
});
`;

export interface WorkerDigests {
  md5: Buffer;
  sha256?: Buffer;
  sha1?: Buffer;
  crc32?: number;
}

interface SessionState {
  md5: boolean;
  acks: Map<number, () => void>;
  finish?: { resolve: (d: WorkerDigests) => void; reject: (e: Error) => void };
}

type WorkerMessage =
  | { type: 'ack'; id: number; seq: number }
  | {
      type: 'digest';
      id: number;
      md5: Uint8Array | null;
      sha256: Uint8Array | null;
      sha1: Uint8Array | null;
      crc32: number | null;
    }
  | { type: 'stats'; blocksByLanes: number[] };

/** One worker thread and the sessions it serves. */
interface Thread {
  worker: Worker;
  sessions: Map<number, SessionState>;
  /** Callers of `laneStats` waiting for the answer. */
  stats: ((blocksByLanes: number[]) => void)[];
}

/** Streams one thread hashes side by side (md5x4's lanes). */
const LANES = 4;

/** The compiled MD5 kernel, shared by every worker (undefined where WebAssembly refuses it). */
let md5Module: object | null | undefined;
function compiledMd5(): object | undefined {
  if (md5Module === undefined) {
    const api = (globalThis as { WebAssembly?: { Module: new (bytes: Uint8Array) => object } }).WebAssembly;
    try {
      md5Module = api === undefined ? null : new api.Module(md5ModuleBytes(false));
    } catch {
      md5Module = null;
    }
  }
  return md5Module ?? undefined;
}

export class DigestWorker {
  private readonly threads: (Thread | undefined)[];
  private nextId = 1;
  /** Shared buffers every thread holds already, by the number updates name them with. */
  private readonly pins = new Map<SharedArrayBuffer, number>();

  /**
   * `threads`: worker threads to spread sessions over. MD5 of one body cannot be split, but
   * concurrent uploads can hash together (in lanes) or on different threads. Threads are started
   * on first use. `lanes: false` keeps every MD5 on OpenSSL.
   */
  constructor(
    threads = DEFAULT_DIGEST_THREADS,
    private readonly lanes = true,
  ) {
    this.threads = new Array<Thread | undefined>(Math.max(1, threads)).fill(undefined);
  }

  private ensure(index: number): Thread {
    const existing = this.threads[index];
    if (existing) return existing;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { md5Module: this.lanes ? compiledMd5() : undefined },
    });
    const thread: Thread = { worker, sessions: new Map(), stats: [] };
    worker.on('message', (m: WorkerMessage) => this.onMessage(thread, m));
    const fail = (error: Error): void => {
      if (this.threads[index] === thread) this.threads[index] = undefined;
      for (const s of thread.sessions.values()) {
        for (const ack of s.acks.values()) ack();
        s.finish?.reject(error);
      }
      thread.sessions.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`digest worker exited (${code})`)));
    worker.unref();
    for (const [buffer, pin] of this.pins) worker.postMessage({ type: 'pin', pin, buffer });
    this.threads[index] = thread;
    return thread;
  }

  /**
   * Hands `buffer` to every thread once, so that updates on it name it by number. Sending a
   * SharedArrayBuffer in every message costs more than the message itself when it is a
   * WebAssembly memory (the shard arena): V8 registers the memory with the receiving isolate each
   * time. For long-lived buffers only: a pinned buffer is never released.
   */
  pin(buffer: SharedArrayBuffer): void {
    if (this.pins.has(buffer)) return;
    const pin = this.pins.size + 1;
    this.pins.set(buffer, pin);
    for (const t of this.threads) t?.worker.postMessage({ type: 'pin', pin, buffer });
  }

  private onMessage(thread: Thread, m: WorkerMessage): void {
    if (m.type === 'stats') {
      for (const resolve of thread.stats.splice(0)) resolve(m.blocksByLanes);
      return;
    }
    const s = thread.sessions.get(m.id);
    if (!s) return;
    if (m.type === 'ack') {
      const ack = s.acks.get(m.seq);
      s.acks.delete(m.seq);
      ack?.();
      return;
    }
    thread.sessions.delete(m.id);
    updateRef(thread);
    const result: WorkerDigests = { md5: m.md5 ? Buffer.from(m.md5) : Buffer.alloc(16) };
    if (m.sha256) result.sha256 = Buffer.from(m.sha256);
    if (m.sha1) result.sha1 = Buffer.from(m.sha1);
    if (m.crc32 !== null) result.crc32 = m.crc32;
    s.finish?.resolve(result);
  }

  /** `md5: false` leaves MD5 out (a caller that records its own ETag); `md5` is then 16 zero bytes. */
  start(options: { md5?: boolean; sha256?: boolean; sha1?: boolean; crc32?: boolean }): DigestSession {
    const md5 = options.md5 !== false;
    const thread = this.ensure(this.pick(md5));
    const id = this.nextId++;
    const state: SessionState = { md5, acks: new Map() };
    thread.sessions.set(id, state);
    updateRef(thread);
    thread.worker.postMessage({
      type: 'start',
      id,
      md5,
      sha256: options.sha256 === true,
      sha1: options.sha1 === true,
      crc32: options.crc32 === true,
    });
    return new DigestSession(thread.worker, id, state, this.pins, () => {
      thread.sessions.delete(id);
      updateRef(thread);
    });
  }

  /**
   * The thread for a new session. One with MD5 joins the thread with the most MD5 sessions that
   * still has a free lane (partners to hash with); otherwise — and without MD5 — the least busy
   * thread, preferring one already running.
   */
  private pick(md5: boolean): number {
    const md5Sessions = (t: Thread | undefined): number =>
      t === undefined ? 0 : [...t.sessions.values()].filter((s) => s.md5).length;
    if (md5 && this.lanes) {
      let index = -1;
      let most = -1;
      this.threads.forEach((t, i) => {
        const n = md5Sessions(t);
        if (n < LANES && (n > most || (n === most && t !== undefined && this.threads[index] === undefined))) {
          most = n;
          index = i;
        }
      });
      if (index >= 0) return index;
    }
    let index = 0;
    let best = Number.POSITIVE_INFINITY;
    this.threads.forEach((t, i) => {
      const load = t === undefined ? 0.5 : t.sessions.size;
      if (load < best) {
        best = load;
        index = i;
      }
    });
    return index;
  }

  /**
   * MD5 blocks each running thread has hashed in lanes, by how many lanes were filled (index 1–4):
   * how well concurrent uploads met. For tests and measurements.
   */
  async laneStats(): Promise<number[][]> {
    return Promise.all(
      this.threads.flatMap((t) =>
        t === undefined
          ? []
          : [
              new Promise<number[]>((resolve) => {
                // Held while the answer is due, even by an idle thread.
                t.worker.ref();
                t.stats.push((stats) => {
                  updateRef(t);
                  resolve(stats);
                });
                t.worker.postMessage({ type: 'stats' });
              }),
            ],
      ),
    );
  }

  async close(): Promise<void> {
    const threads = this.threads.splice(0, this.threads.length, ...this.threads.map(() => undefined));
    await Promise.all(threads.map((t) => t?.worker.terminate()));
  }
}

/** A thread keeps the process alive only while a digest is in progress on it. */
function updateRef(thread: Thread): void {
  if (thread.sessions.size > 0) thread.worker.ref();
  else thread.worker.unref();
}

/**
 * Two threads: the first four uploads' MD5 share one in lanes; a fifth, and sessions without MD5,
 * go to the other instead of queueing behind them.
 */
export const DEFAULT_DIGEST_THREADS = 2;

export class DigestSession {
  private seq = 0;
  /** Blocks handed over and not yet hashed. */
  outstanding = 0;

  constructor(
    private readonly worker: Worker,
    private readonly id: number,
    private readonly state: SessionState,
    private readonly pins: ReadonlyMap<SharedArrayBuffer, number>,
    private readonly drop: () => void,
  ) {}

  /** Hashes `length` bytes of `buffer` at `offset`; resolves when the buffer may be reused. */
  update(buffer: Buffer, offset: number, length: number): Promise<void> {
    const seq = this.seq++;
    this.outstanding++;
    const done = new Promise<void>((resolve) => {
      this.state.acks.set(seq, () => {
        this.outstanding--;
        resolve();
      });
    });
    const shared = buffer.buffer instanceof SharedArrayBuffer;
    const pin = shared ? this.pins.get(buffer.buffer) : undefined;
    if (pin !== undefined) {
      this.worker.postMessage({
        type: 'update',
        id: this.id,
        seq,
        pin,
        offset: buffer.byteOffset + offset,
        length,
      });
      return done;
    }
    // A SharedArrayBuffer goes over without a copy; anything else is copied by postMessage.
    const payload = shared
      ? buffer.buffer
      : buffer.buffer.slice(buffer.byteOffset + offset, buffer.byteOffset + offset + length);
    this.worker.postMessage({
      type: 'update',
      id: this.id,
      seq,
      buffer: payload,
      offset: shared ? buffer.byteOffset + offset : 0,
      length,
    });
    return done;
  }

  finish(): Promise<WorkerDigests> {
    return new Promise<WorkerDigests>((resolve, reject) => {
      this.state.finish = { resolve, reject };
      this.worker.postMessage({ type: 'finish', id: this.id });
    });
  }

  abort(): void {
    this.worker.postMessage({ type: 'abort', id: this.id });
    for (const ack of this.state.acks.values()) ack();
    this.state.acks.clear();
    this.drop();
  }
}
