/**
 * Many MD5 streams hashed together: a coordinator over the WebAssembly MD5 kernel (md5-kernel.ts)
 * that keeps each stream's state (four words, a partial block, its length) and, when several
 * streams have whole 64-byte blocks pending, runs up to four of them side by side in the lanes of
 * `md5x4` — about three times the bytes per CPU-second of one OpenSSL stream. A stream alone runs
 * on `md5x1`.
 *
 * Hashing together means waiting for partners: the digest worker (digest-worker.ts) queues each
 * stream's buffers here and asks `due()` when to hash. A batch starts once every active stream
 * (up to four) has a block pending, or one stream has a backlog, or a stream has waited `waitMs`
 * since it got a block or was last served (a partner whose client is slow costs the others that
 * much per chunk, until their backlog lets them go on without it); `finish` hashes the stream's
 * own remaining bytes at once (others in the same batches ride along), so no stream waits for
 * another to end. Bytes are copied, a chunk per lane at a time, into the module's memory: the
 * kernel reads only its own memory, and a buffer is handed back (its `done` callback) as soon as
 * its last byte is copied.
 *
 * This function is also the digest worker's code: the worker's inline source embeds it with
 * `Function.prototype.toString`, so it must stay self-contained — no imports, no references to
 * anything outside its own body.
 */

/** The slice of the WebAssembly JS API used here (the project compiles without the DOM lib). */
interface Md5WasmApi {
  Memory: new (descriptor: { initial: number }) => { buffer: ArrayBuffer };
  Instance: new (
    module: object,
    imports: Record<string, Record<string, unknown>>,
  ) => { exports: Record<string, unknown> };
}

export interface Md5Lanes {
  /** A new stream under `id`. */
  start(id: number): void;
  /**
   * Queues `view` of stream `id`; `done` is called once its bytes are no longer needed (maybe at
   * once, maybe during a later `run` or `finish`).
   */
  update(id: number, view: Uint8Array, done: () => void): void;
  /** Hashes what is left of stream `id` and ends it: its 16-byte digest. */
  finish(id: number): Uint8Array;
  /** Drops stream `id`, handing back its queued buffers. */
  abort(id: number): void;
  /**
   * When to hash next: 0 = now, a positive number = in that many ms unless more bytes arrive,
   * -1 = nothing pending.
   */
  due(): number;
  /** Hashes one chunk per lane of a batch of up to four streams. */
  run(): void;
  /** Blocks hashed so far, by the number of lanes they were hashed in (index 1–4). */
  readonly blocksByLanes: number[];
}

export interface Md5LanesOptions {
  /** Bytes per lane and batch (a multiple of 64). */
  chunk?: number;
  /** Pending bytes of one stream that start a batch without waiting for partners. */
  backlog?: number;
  /** Longest wait for partners, ms. */
  waitMs?: number;
  /** Clock, ms. */
  now?: () => number;
}

export function createMd5Lanes(module: object, options: Md5LanesOptions = {}): Md5Lanes {
  const LANES = 4;
  const CHUNK = options.chunk ?? 64 * 1024;
  const BACKLOG = options.backlog ?? 2 * 1024 * 1024;
  const WAIT_MS = options.waitMs ?? 2;
  const now = options.now ?? (() => performance.now());
  // Memory: the x4 state (4 × 16 bytes), the x1 state (16), then one staging chunk per lane.
  const X4_STATE = 0;
  const X1_STATE = 64;
  const STAGE = 1024;
  const api = (globalThis as unknown as { WebAssembly: Md5WasmApi }).WebAssembly;
  const pages = Math.ceil((STAGE + LANES * CHUNK) / 65536);
  const memory = new api.Memory({ initial: pages });
  const exports = new api.Instance(module, { e: { m: memory } }).exports;
  const md5x4 = exports['md5x4'] as (
    s: number,
    p0: number,
    p1: number,
    p2: number,
    p3: number,
    n: number,
  ) => void;
  const md5x1 = exports['md5x1'] as (s: number, p: number, n: number) => void;
  const bytes = new Uint8Array(memory.buffer);
  // Blocks are copied in with Buffer#fill (the chunk as the value, exactly its length: one memcpy
  // in Node's C++): TypedArray#set from a SharedArrayBuffer copies word by word, ≈ 30 % slower.
  const staging = Buffer.from(memory.buffer);
  const words = new Uint32Array(memory.buffer);

  interface Pending {
    view: Uint8Array;
    done: () => void;
  }
  interface Stream {
    /** A, B, C, D. */
    state: Uint32Array;
    /** Bytes hashed or held in `tail`. */
    length: number;
    /** The bytes after the last whole block (fewer than 64). */
    tail: Uint8Array;
    tailLength: number;
    queue: Pending[];
    /** Bytes of queue[0] already taken. */
    headOffset: number;
    /** Bytes in the queue not yet taken. */
    queued: number;
    /** Since when it has had a whole block pending without being served (ms). */
    since: number;
  }
  const streams = new Map<number, Stream>();
  const blocksByLanes = [0, 0, 0, 0, 0];

  const pendingBytes = (s: Stream): number => s.tailLength + s.queued;
  /**
   * Copies `n` bytes (tail first, then queued buffers) of `s` to `dest` in the module's memory,
   * handing back every buffer whose last byte it took.
   */
  function take(s: Stream, dest: number, n: number): void {
    let at = dest;
    if (s.tailLength > 0) {
      bytes.set(s.tail.subarray(0, s.tailLength), at);
      at += s.tailLength;
      n -= s.tailLength;
      s.tailLength = 0;
    }
    while (n > 0) {
      const head = s.queue[0] as Pending;
      const k = Math.min(n, head.view.length - s.headOffset);
      staging.fill(head.view.subarray(s.headOffset, s.headOffset + k), at, at + k);
      at += k;
      n -= k;
      s.queued -= k;
      s.headOffset += k;
      if (s.headOffset === head.view.length) {
        s.queue.shift();
        s.headOffset = 0;
        head.done();
      }
    }
    keepTail(s);
  }

  /** When fewer than 64 bytes are pending, they move to the tail and their buffers are handed back. */
  function keepTail(s: Stream): void {
    if (pendingBytes(s) >= 64) return;
    for (const p of s.queue) {
      const part = p.view.subarray(s.headOffset);
      s.tail.set(part, s.tailLength);
      s.tailLength += part.length;
      s.headOffset = 0;
      p.done();
    }
    s.queue.length = 0;
    s.queued = 0;
  }

  /** Hashes `blocks` whole blocks of each of `batch` (1–4 streams), one lane each. */
  function hash(batch: Stream[], blocks: number): void {
    const n = blocks * 64;
    const t = now();
    batch.forEach((s, k) => {
      take(s, STAGE + k * CHUNK, n);
      s.since = t;
    });
    if (batch.length === 1) {
      const s = batch[0] as Stream;
      words.set(s.state, X1_STATE / 4);
      md5x1(X1_STATE, STAGE, blocks);
      s.state.set(words.subarray(X1_STATE / 4, X1_STATE / 4 + 4));
    } else {
      for (let k = 0; k < LANES; k++) {
        const s = batch[k];
        if (s !== undefined)
          for (let w = 0; w < 4; w++) words[X4_STATE / 4 + 4 * w + k] = s.state[w] as number;
      }
      // Lanes without a stream hash lane 0's bytes again; their results are not read.
      const ptr = (k: number): number => STAGE + (k < batch.length ? k : 0) * CHUNK;
      md5x4(X4_STATE, ptr(0), ptr(1), ptr(2), ptr(3), blocks);
      batch.forEach((s, k) => {
        for (let w = 0; w < 4; w++) s.state[w] = words[X4_STATE / 4 + 4 * w + k] as number;
      });
    }
    blocksByLanes[batch.length] = (blocksByLanes[batch.length] as number) + blocks * batch.length;
  }

  /** Up to four streams with whole blocks pending, `first` (if given) among them, oldest first. */
  function pickBatch(first?: Stream): Stream[] {
    const ready = [...streams.values()].filter((s) => s !== first && pendingBytes(s) >= 64);
    ready.sort((x, y) => x.since - y.since);
    return (first === undefined ? ready : [first, ...ready]).slice(0, LANES);
  }

  /** One chunk per lane of `batch`: as many whole blocks as every member has, at most a chunk. */
  function runBatch(batch: Stream[]): void {
    let blocks = CHUNK / 64;
    for (const s of batch) blocks = Math.min(blocks, Math.floor(pendingBytes(s) / 64));
    if (blocks > 0) hash(batch, blocks);
  }

  return {
    blocksByLanes,
    start(id) {
      streams.set(id, {
        state: Uint32Array.of(0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476),
        length: 0,
        tail: new Uint8Array(64),
        tailLength: 0,
        queue: [],
        headOffset: 0,
        queued: 0,
        since: 0,
      });
    },
    update(id, view, done) {
      const s = streams.get(id);
      if (s === undefined) {
        done();
        return;
      }
      if (pendingBytes(s) < 64) s.since = now();
      s.length += view.length;
      s.queue.push({ view, done });
      s.queued += view.length;
      keepTail(s);
    },
    finish(id) {
      const s = streams.get(id);
      if (s === undefined) throw new Error(`md5 stream ${id} unknown`);
      while (pendingBytes(s) >= 64) runBatch(pickBatch(s));
      streams.delete(id);
      // Padding: 0x80, zeros up to 56 mod 64, the length in bits as 64-bit little-endian.
      const last = new Uint8Array(s.tailLength < 56 ? 64 : 128);
      last.set(s.tail.subarray(0, s.tailLength));
      last[s.tailLength] = 0x80;
      const bits = s.length * 8;
      const trailer = new DataView(last.buffer, last.length - 8, 8);
      trailer.setUint32(0, bits % 2 ** 32, true);
      trailer.setUint32(4, Math.floor(bits / 2 ** 32), true);
      bytes.set(last, STAGE);
      words.set(s.state, X1_STATE / 4);
      md5x1(X1_STATE, STAGE, last.length / 64);
      return bytes.slice(X1_STATE, X1_STATE + 16);
    },
    abort(id) {
      const s = streams.get(id);
      streams.delete(id);
      for (const p of s?.queue ?? []) p.done();
    },
    due() {
      let waiting = 0;
      let oldest = Number.POSITIVE_INFINITY;
      for (const s of streams.values()) {
        const pending = pendingBytes(s);
        if (pending < 64) continue;
        if (pending >= BACKLOG) return 0;
        waiting++;
        oldest = Math.min(oldest, s.since);
      }
      if (waiting === 0) return -1;
      if (waiting >= Math.min(LANES, streams.size)) return 0;
      return Math.max(0, oldest + WAIT_MS - now());
    },
    run() {
      const batch = pickBatch();
      if (batch.length > 0) runBatch(batch);
    },
  };
}
