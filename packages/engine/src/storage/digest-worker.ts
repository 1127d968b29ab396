/**
 * Body digests on a worker thread. MD5 (the ETag) runs at ≈ 0.8 GB/s — the slowest per-byte step
 * of a PUT — so the streaming write path hands each erasure block to this worker and goes on
 * encoding and writing while the worker hashes; the blocks live in SharedArrayBuffers (block-pool.ts)
 * so nothing is copied. The worker computes the digests node:crypto/zlib provide (MD5, SHA-256,
 * SHA-1, CRC-32); the caller computes CRC-32C and CRC-64/NVME itself. Each `update` resolves when
 * the worker is done with that buffer, which is when the caller may reuse it.
 *
 * The worker source is inline (`eval`) so it runs the same from the TypeScript sources (tests) and
 * the build. One worker serves a whole layer; it is unref'd while idle.
 */
import { Worker } from 'node:worker_threads';

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const crypto = require('node:crypto');
const zlib = require('node:zlib');
const sessions = new Map();
parentPort.on('message', (m) => {
  if (m.type === 'start') {
    sessions.set(m.id, {
      md5: crypto.createHash('md5'),
      sha256: m.sha256 ? crypto.createHash('sha256') : null,
      sha1: m.sha1 ? crypto.createHash('sha1') : null,
      crc32: m.crc32 ? 0 : null,
    });
  } else if (m.type === 'update') {
    const s = sessions.get(m.id);
    if (s) {
      const view = new Uint8Array(m.buffer, m.offset, m.length);
      s.md5.update(view);
      if (s.sha256) s.sha256.update(view);
      if (s.sha1) s.sha1.update(view);
      if (s.crc32 !== null) s.crc32 = zlib.crc32(view, s.crc32);
    }
    parentPort.postMessage({ type: 'ack', id: m.id, seq: m.seq });
  } else if (m.type === 'finish') {
    const s = sessions.get(m.id);
    sessions.delete(m.id);
    parentPort.postMessage({
      type: 'digest',
      id: m.id,
      md5: s.md5.digest(),
      sha256: s.sha256 ? s.sha256.digest() : null,
      sha1: s.sha1 ? s.sha1.digest() : null,
      crc32: s.crc32,
    });
  } else if (m.type === 'abort') {
    sessions.delete(m.id);
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
  acks: Map<number, () => void>;
  finish?: { resolve: (d: WorkerDigests) => void; reject: (e: Error) => void };
}

type WorkerMessage =
  | { type: 'ack'; id: number; seq: number }
  | {
      type: 'digest';
      id: number;
      md5: Uint8Array;
      sha256: Uint8Array | null;
      sha1: Uint8Array | null;
      crc32: number | null;
    };

export class DigestWorker {
  private worker: Worker | undefined;
  private readonly sessions = new Map<number, SessionState>();
  private nextId = 1;

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.on('message', (m: WorkerMessage) => this.onMessage(m));
    const fail = (error: Error): void => {
      if (this.worker === worker) this.worker = undefined;
      for (const s of this.sessions.values()) {
        for (const ack of s.acks.values()) ack();
        s.finish?.reject(error);
      }
      this.sessions.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`digest worker exited (${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private onMessage(m: WorkerMessage): void {
    const s = this.sessions.get(m.id);
    if (!s) return;
    if (m.type === 'ack') {
      const ack = s.acks.get(m.seq);
      s.acks.delete(m.seq);
      ack?.();
      return;
    }
    this.sessions.delete(m.id);
    this.updateRef();
    const result: WorkerDigests = { md5: Buffer.from(m.md5) };
    if (m.sha256) result.sha256 = Buffer.from(m.sha256);
    if (m.sha1) result.sha1 = Buffer.from(m.sha1);
    if (m.crc32 !== null) result.crc32 = m.crc32;
    s.finish?.resolve(result);
  }

  /** Keeps the process alive only while a digest is in progress. */
  private updateRef(): void {
    if (!this.worker) return;
    if (this.sessions.size > 0) this.worker.ref();
    else this.worker.unref();
  }

  start(options: { sha256?: boolean; sha1?: boolean; crc32?: boolean }): DigestSession {
    const worker = this.ensure();
    const id = this.nextId++;
    const state: SessionState = { acks: new Map() };
    this.sessions.set(id, state);
    this.updateRef();
    worker.postMessage({
      type: 'start',
      id,
      sha256: options.sha256 === true,
      sha1: options.sha1 === true,
      crc32: options.crc32 === true,
    });
    return new DigestSession(worker, id, state, () => {
      this.sessions.delete(id);
      this.updateRef();
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }
}

export class DigestSession {
  private seq = 0;
  /** Blocks handed over and not yet hashed. */
  outstanding = 0;

  constructor(
    private readonly worker: Worker,
    private readonly id: number,
    private readonly state: SessionState,
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
