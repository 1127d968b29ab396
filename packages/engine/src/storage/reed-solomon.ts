/**
 * Reed–Solomon erasure codec over GF(2^8), the arithmetic under every erasure-coded write and
 * degraded read of the storage layer.
 *
 * Field: GF(2^8) built from the primitive polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11d) with
 * generator 2. Encoding matrix (the on-disk format — do not change it, the known-answer test pins
 * it): take the (data+parity) × data Vandermonde matrix V[r][c] = r^c (r = 0…total-1, 0^0 = 1) and
 * multiply it on the right by the inverse of its top data×data square, M = V · V_top⁻¹. The top of M
 * is the identity (the code is systematic: data shards are stored as they are) and parity shard p
 * is Σ_c M[data+p][c] · data_c. Because the r are distinct field elements, any `data` rows of V —
 * hence of M — are linearly independent, so any `parity` lost shards (data or parity) can be
 * rebuilt. This is the construction of the widely used Backblaze / klauspost coders (byte-for-byte
 * compatibility with them is not a goal and is not tested).
 *
 * Decoding picks `data` present shards, inverts the matching rows of M (cached per pattern of
 * chosen shards) and multiplies the present shards by the rows of the inverse belonging to the
 * missing data shards; missing parity is then re-encoded from the data.
 *
 * All heavy lifting is one primitive: out[r] = Σ_j coef[r][j] · in[j] over a byte range. It runs
 * on a WebAssembly SIMD kernel (reed-solomon-kernel.ts, split-nibble table lookups) when the
 * runtime has one, else as plain TypeScript with a 64 KiB multiplication table — the reference
 * implementation the tests hold the kernel to.
 */

import { KERNEL_STEP, TABLES_BYTES, compileKernel } from './reed-solomon-kernel.js';
import type { Kernel, KernelInstance } from './reed-solomon-kernel.js';

/** GF(2^8) exp/log tables and the full 256×256 product table; immutable after construction. */
interface GaloisTables {
  readonly exp: Uint8Array; // 510 entries so exp[log a + log b] needs no reduction
  readonly log: Uint8Array; // log[0] unused
  readonly mul: Uint8Array; // mul[a * 256 + b] = a · b
}

function buildTables(): GaloisTables {
  const exp = new Uint8Array(510);
  const log = new Uint8Array(256);
  let x = 1;
  for (let i = 0; i < 255; i++) {
    exp[i] = x;
    exp[i + 255] = x;
    log[x] = i;
    x <<= 1;
    if (x & 0x100) x ^= 0x11d;
  }
  const mul = new Uint8Array(65536);
  for (let a = 1; a < 256; a++) {
    const la = log[a] as number;
    for (let b = 1; b < 256; b++) mul[a * 256 + b] = exp[la + (log[b] as number)] as number;
  }
  return { exp, log, mul };
}

const GF: GaloisTables = buildTables();

function gfMul(a: number, b: number): number {
  return GF.mul[(a << 8) | b] as number;
}

function gfInv(a: number): number {
  if (a === 0) throw new RangeError('GF(2^8): zero has no inverse');
  return GF.exp[255 - (GF.log[a] as number)] as number;
}

/** a^n in GF(2^8), with 0^0 = 1. */
function gfPow(a: number, n: number): number {
  if (n === 0) return 1;
  if (a === 0) return 0;
  return GF.exp[((GF.log[a] as number) * n) % 255] as number;
}

/** A dense row-major matrix of field elements. */
type Matrix = Uint8Array[];

/** Inverts a square matrix by Gauss–Jordan elimination; throws when it is singular. */
function invert(m: Matrix): Matrix {
  const n = m.length;
  // Work on [m | I].
  const work: Matrix = m.map((row, i) => {
    const r = new Uint8Array(2 * n);
    r.set(row);
    r[n + i] = 1;
    return r;
  });
  for (let col = 0; col < n; col++) {
    let pivot = col;
    while (pivot < n && (work[pivot] as Uint8Array)[col] === 0) pivot++;
    if (pivot === n) throw new Error('Reed–Solomon: singular matrix');
    if (pivot !== col) [work[pivot], work[col]] = [work[col] as Uint8Array, work[pivot] as Uint8Array];
    const prow = work[col] as Uint8Array;
    const scale = gfInv(prow[col] as number);
    for (let c = 0; c < 2 * n; c++) prow[c] = gfMul(prow[c] as number, scale);
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const row = work[r] as Uint8Array;
      const f = row[col] as number;
      if (f === 0) continue;
      for (let c = 0; c < 2 * n; c++) row[c] = (row[c] as number) ^ gfMul(f, prow[c] as number);
    }
  }
  return work.map((r) => r.slice(n));
}

function multiply(a: Matrix, b: Matrix): Matrix {
  const inner = b.length;
  const cols = (b[0] as Uint8Array).length;
  return a.map((arow) => {
    const out = new Uint8Array(cols);
    for (let c = 0; c < cols; c++) {
      let acc = 0;
      for (let k = 0; k < inner; k++) acc ^= gfMul(arow[k] as number, (b[k] as Uint8Array)[c] as number);
      out[c] = acc;
    }
    return out;
  });
}

/** The systematic encoding matrix described at the top of this file: total × data. */
function buildEncodingMatrix(dataShards: number, totalShards: number): Matrix {
  const vandermonde: Matrix = [];
  for (let r = 0; r < totalShards; r++) {
    const row = new Uint8Array(dataShards);
    for (let c = 0; c < dataShards; c++) row[c] = gfPow(r, c);
    vandermonde.push(row);
  }
  return multiply(vandermonde, invert(vandermonde.slice(0, dataShards)));
}

/**
 * out[r][start..end) = Σ_j coef[r][j] · inputs[j][start..end), pure TypeScript. Each coefficient
 * selects a 256-entry row of the product table, so the inner loop is one lookup and one XOR per byte.
 */
function codeRowsJs(
  coefs: Matrix,
  inputs: Uint8Array[],
  outputs: Uint8Array[],
  start: number,
  end: number,
): void {
  const mul = GF.mul;
  for (let r = 0; r < outputs.length; r++) {
    const out = outputs[r] as Uint8Array;
    const row = coefs[r] as Uint8Array;
    for (let j = 0; j < inputs.length; j++) {
      const input = inputs[j] as Uint8Array;
      const c = row[j] as number;
      if (j === 0) {
        if (c === 0) out.fill(0, start, end);
        else if (c === 1) out.set(input.subarray(start, end), start);
        else {
          const base = c << 8;
          for (let i = start; i < end; i++) out[i] = mul[base | (input[i] as number)] as number;
        }
      } else if (c === 1) {
        for (let i = start; i < end; i++) out[i] = (out[i] as number) ^ (input[i] as number);
      } else if (c !== 0) {
        const base = c << 8;
        for (let i = start; i < end; i++)
          out[i] = (out[i] as number) ^ (mul[base | (input[i] as number)] as number);
      }
    }
  }
}

/**
 * The SIMD path: one kernel instance (its own linear memory) per codec. Shards live outside the
 * WebAssembly memory, so the work goes in chunks: copy a chunk of every input in, run the kernel,
 * hand each output chunk to `sink`. Chunks are sized so inputs plus outputs stay in the L2 cache.
 */
class SimdCoder {
  private readonly memory: Uint8Array;
  private readonly kernel: KernelInstance;
  private readonly chunk: number;
  private readonly coefPtr = TABLES_BYTES;
  private readonly inBase: number;
  private readonly outBase: number;

  constructor(kernel: Kernel, maxInputs: number, maxOutputs: number) {
    this.chunk = Math.max(
      KERNEL_STEP,
      Math.floor(WORKING_SET / (maxInputs + maxOutputs) / KERNEL_STEP) * KERNEL_STEP,
    );
    this.inBase = align(this.coefPtr + maxInputs * maxOutputs, KERNEL_STEP);
    this.outBase = this.inBase + maxInputs * this.chunk;
    this.kernel = kernel.instantiate(this.outBase + maxOutputs * this.chunk);
    this.memory = this.kernel.memory;
  }

  /** Computes Σ_j coefs[r][j] · inputs[j] chunk by chunk; `sink` returning false stops early. */
  run(
    coefs: Matrix,
    inputs: Uint8Array[],
    size: number,
    sink: (row: number, start: number, bytes: Uint8Array) => boolean | void,
  ): void {
    const mem = this.memory;
    const nIn = inputs.length;
    const nOut = coefs.length;
    for (let r = 0; r < nOut; r++) mem.set(coefs[r] as Uint8Array, this.coefPtr + r * nIn);
    const chunk = this.chunk;
    for (let start = 0; start < size; start += chunk) {
      const n = Math.min(chunk, size - start);
      for (let j = 0; j < nIn; j++)
        mem.set((inputs[j] as Uint8Array).subarray(start, start + n), this.inBase + j * chunk);
      // Past n the input regions hold stale bytes; the kernel's products there are never read.
      const len = align(n, KERNEL_STEP);
      this.kernel.mulRows(this.coefPtr, nIn, this.inBase, chunk, this.outBase, nOut, len);
      for (let r = 0; r < nOut; r++) {
        const at = this.outBase + r * chunk;
        if (sink(r, start, mem.subarray(at, at + n)) === false) return;
      }
    }
  }
}

/** Bytes of shard data (inputs + outputs) one kernel call works on; tuned with bench/reed-solomon.mjs. */
const WORKING_SET = 64 * 1024;

function align(n: number, to: number): number {
  return Math.ceil(n / to) * to;
}

/** Compiled once per process; undefined where WebAssembly SIMD is unavailable. Immutable. */
const KERNEL: Kernel | undefined = compileKernel(GF.mul);
/** The same kernel importing a shared memory, for shard arenas. Immutable. */
const SHARED_KERNEL: Kernel | undefined = compileKernel(GF.mul, { shared: true });

/**
 * Block buffers that live inside a SIMD kernel's own (shared) memory, so that encoding a block
 * held in one needs no copies: the kernel reads the data shards and writes the parity shards
 * where they are, instead of copying chunks in and out (`SimdCoder`), which cost as much as the
 * arithmetic. The memory is a SharedArrayBuffer, so the digest worker reads the same slots
 * without copies too, and other WebAssembly modules (xxh64-wasm.ts) can work on them in place.
 *
 * Layout: nibble tables, the parity coefficients, then `slots` slots of `slotBytes` (page
 * aligned). A slot is handed out by `acquire` and must come back through `release`.
 */
export class ShardArena {
  readonly buffer: SharedArrayBuffer;
  /** The WebAssembly.Memory, for other modules to instantiate over. */
  readonly wasmMemory: object;
  private readonly free: Buffer[] = [];
  private readonly slotBase: number;
  private readonly slotStride: number;
  private readonly out: Set<number> = new Set();

  constructor(
    private readonly instance: KernelInstance,
    private readonly coefPtr: number,
    private readonly dataShards: number,
    private readonly parityShards: number,
    readonly slotBytes: number,
    readonly slots: number,
    slotBase: number,
  ) {
    this.wasmMemory = instance.wasmMemory;
    const buffer = instance.memory.buffer;
    if (!(buffer instanceof SharedArrayBuffer)) throw new TypeError('ShardArena: memory is not shared');
    this.buffer = buffer;
    this.slotBase = slotBase;
    this.slotStride = align(slotBytes, 65536);
    for (let i = slots - 1; i >= 0; i--)
      this.free.push(Buffer.from(buffer, slotBase + i * this.slotStride, slotBytes));
  }

  /** A free slot, or undefined when all are in use. */
  acquire(): Buffer | undefined {
    const slot = this.free.pop();
    if (slot !== undefined) this.out.add(slot.byteOffset);
    return slot;
  }

  /** Takes back a slot; false when `buffer` is not a slot of this arena that is handed out. */
  release(buffer: Uint8Array): boolean {
    if (buffer.buffer !== this.buffer || !this.out.delete(buffer.byteOffset)) return false;
    this.free.push(Buffer.from(this.buffer, buffer.byteOffset, this.slotBytes));
    return true;
  }

  /** Whether `view` lies in this arena's memory. */
  holds(view: Uint8Array): boolean {
    return view.buffer === this.buffer;
  }

  /**
   * Computes the parity shards in place when `shards` are consecutive, equally long views of
   * this memory whose length suits the kernel (a multiple of its step); false otherwise (the
   * caller encodes another way).
   */
  encode(shards: Uint8Array[]): boolean {
    const first = shards[0];
    if (first === undefined || first.buffer !== this.buffer) return false;
    const size = first.length;
    if (size === 0 || size % KERNEL_STEP !== 0) return false;
    const base = first.byteOffset;
    for (let i = 0; i < shards.length; i++) {
      const s = shards[i] as Uint8Array;
      if (s.buffer !== this.buffer || s.byteOffset !== base + i * size || s.length !== size) return false;
    }
    const outBase = base + this.dataShards * size;
    this.instance.mulRows(this.coefPtr, this.dataShards, base, size, outBase, this.parityShards, size);
    return true;
  }
}

/** Thrown by `reconstruct` when fewer than `dataShards` shards are present. */
export class TooFewShardsError extends Error {
  override readonly name = 'TooFewShardsError';
}

export interface ReedSolomonOptions {
  /**
   * Use the WebAssembly SIMD kernel when the runtime has it (default true). False forces the pure
   * TypeScript path, the reference the tests compare the kernel against.
   */
  simd?: boolean;
}

/** Decode patterns kept per codec; each entry is tiny (≤ data×data bytes). */
const MAX_CACHED_DECODERS = 1024;

export class ReedSolomon {
  readonly dataShards: number;
  readonly parityShards: number;
  readonly totalShards: number;
  /** Rows data…total-1 of the encoding matrix: parity = parityRows · data. */
  private readonly parityRows: Matrix;
  private readonly matrix: Matrix;
  /** Inverse of the chosen-rows submatrix, keyed by the chosen shard indices. */
  private readonly decoders = new Map<string, Matrix>();
  private readonly useSimd: boolean;
  /** Created on first use: a WebAssembly memory is a sizeable reservation. */
  private simdCoder: SimdCoder | undefined;
  /** Shard arenas made by `createArena`: their blocks are encoded in place. */
  private readonly arenas: ShardArena[] = [];

  constructor(dataShards: number, parityShards: number, options?: ReedSolomonOptions) {
    if (!Number.isInteger(dataShards) || !Number.isInteger(parityShards)) {
      throw new RangeError('Reed–Solomon: shard counts must be integers');
    }
    if (dataShards < 1 || parityShards < 0 || dataShards + parityShards > 256) {
      throw new RangeError(`Reed–Solomon: invalid layout ${dataShards}+${parityShards}`);
    }
    this.dataShards = dataShards;
    this.parityShards = parityShards;
    this.totalShards = dataShards + parityShards;
    this.matrix = buildEncodingMatrix(dataShards, this.totalShards);
    this.parityRows = this.matrix.slice(dataShards);
    this.useSimd = (options?.simd ?? true) && KERNEL !== undefined && parityShards > 0;
  }

  /** True when this codec runs the WebAssembly SIMD kernel (false: pure TypeScript). */
  get simd(): boolean {
    return this.useSimd;
  }

  /**
   * An arena of `slots` block buffers of `slotBytes` each inside a kernel memory, whose blocks
   * `encode` computes in place (see ShardArena); undefined where there is no SIMD kernel or no
   * parity (nothing to compute).
   */
  createArena(slotBytes: number, slots: number): ShardArena | undefined {
    if (!this.useSimd || SHARED_KERNEL === undefined || slots < 1) return undefined;
    const coefPtr = TABLES_BYTES;
    const slotBase = align(coefPtr + this.parityShards * this.dataShards, 65536);
    const bytes = slotBase + slots * align(slotBytes, 65536);
    let instance: KernelInstance;
    try {
      instance = SHARED_KERNEL.instantiate(bytes);
    } catch {
      return undefined; // no memory for it: the pool falls back to ordinary buffers
    }
    this.parityRows.forEach((row, r) => instance.memory.set(row, coefPtr + r * this.dataShards));
    const arena = new ShardArena(
      instance,
      coefPtr,
      this.dataShards,
      this.parityShards,
      slotBytes,
      slots,
      slotBase,
    );
    this.arenas.push(arena);
    return arena;
  }

  /** Fills shards[data…total-1] (parity) in place from the data shards. */
  encode(shards: Uint8Array[]): void {
    const size = this.checkShards(shards);
    if (this.parityShards === 0) return;
    for (const arena of this.arenas) if (arena.encode(shards)) return;
    this.code(this.parityRows, shards.slice(0, this.dataShards), shards.slice(this.dataShards), size);
  }

  /** True when the parity shards match the data shards. */
  verify(shards: Uint8Array[]): boolean {
    const size = this.checkShards(shards);
    if (this.parityShards === 0) return true;
    const data = shards.slice(0, this.dataShards);
    const coder = this.coder();
    if (coder) {
      let ok = true;
      coder.run(this.parityRows, data, size, (r, start, bytes) => {
        const parity = shards[this.dataShards + r] as Uint8Array;
        ok = Buffer.compare(bytes, parity.subarray(start, start + bytes.length)) === 0;
        return ok;
      });
      return ok;
    }
    const scratch = Array.from({ length: this.parityShards }, () => new Uint8Array(size));
    codeRowsJs(this.parityRows, data, scratch, 0, size);
    for (let p = 0; p < this.parityShards; p++) {
      if (Buffer.compare(scratch[p] as Uint8Array, shards[this.dataShards + p] as Uint8Array) !== 0)
        return false;
    }
    return true;
  }

  /**
   * Rebuilds missing (undefined) shards from at least `dataShards` present ones. Present shards are
   * reused in the result; missing ones are newly allocated. With `dataOnly`, missing parity shards
   * stay undefined (the caller's contract: only data entries are then guaranteed).
   */
  reconstruct(shards: Array<Uint8Array | undefined>, options?: { dataOnly?: boolean }): Array<Uint8Array> {
    if (shards.length !== this.totalShards) {
      throw new RangeError(`Reed–Solomon: expected ${this.totalShards} shards, got ${shards.length}`);
    }
    let size = -1;
    const present: number[] = [];
    for (let i = 0; i < this.totalShards; i++) {
      const s = shards[i];
      if (s === undefined) continue;
      if (size === -1) size = s.length;
      else if (s.length !== size) throw new RangeError('Reed–Solomon: shards differ in length');
      present.push(i);
    }
    if (present.length < this.dataShards) {
      throw new TooFewShardsError(
        `Reed–Solomon: ${present.length} of ${this.totalShards} shards present, ${this.dataShards} needed`,
      );
    }
    const result = shards.slice();
    const missingData: number[] = [];
    for (let i = 0; i < this.dataShards; i++) if (result[i] === undefined) missingData.push(i);

    if (missingData.length > 0) {
      // Prefer data shards (identity rows) among the chosen ones: `present` is sorted, data first.
      const chosen = present.slice(0, this.dataShards);
      const decoder = this.decoder(chosen);
      const outputs = missingData.map(() => new Uint8Array(size));
      this.code(
        missingData.map((i) => decoder[i] as Uint8Array),
        chosen.map((i) => shards[i] as Uint8Array),
        outputs,
        size,
      );
      missingData.forEach((i, k) => (result[i] = outputs[k]));
    }

    if (!options?.dataOnly) {
      const missingParity: number[] = [];
      for (let i = this.dataShards; i < this.totalShards; i++)
        if (result[i] === undefined) missingParity.push(i);
      if (missingParity.length > 0) {
        const outputs = missingParity.map(() => new Uint8Array(size));
        this.code(
          missingParity.map((i) => this.matrix[i] as Uint8Array),
          result.slice(0, this.dataShards) as Uint8Array[],
          outputs,
          size,
        );
        missingParity.forEach((i, k) => (result[i] = outputs[k]));
      }
    }
    // With dataOnly some parity entries may still be undefined, as documented.
    return result as Uint8Array[];
  }

  /** outputs[r] = Σ_j coefs[r][j] · inputs[j], on whichever path this codec uses. */
  private code(coefs: Matrix, inputs: Uint8Array[], outputs: Uint8Array[], size: number): void {
    const coder = this.coder();
    if (coder)
      coder.run(coefs, inputs, size, (r, start, bytes) => void (outputs[r] as Uint8Array).set(bytes, start));
    else codeRowsJs(coefs, inputs, outputs, 0, size);
  }

  private coder(): SimdCoder | undefined {
    if (!this.useSimd || KERNEL === undefined) return undefined;
    // Every call has dataShards inputs and at most parityShards outputs.
    this.simdCoder ??= new SimdCoder(KERNEL, this.dataShards, this.parityShards);
    return this.simdCoder;
  }

  /** Inverse of the rows of the encoding matrix for `chosen` (exactly dataShards indices). */
  private decoder(chosen: number[]): Matrix {
    const key = chosen.join(',');
    const hit = this.decoders.get(key);
    if (hit) return hit;
    const inverse = invert(chosen.map((i) => this.matrix[i] as Uint8Array));
    if (this.decoders.size >= MAX_CACHED_DECODERS) {
      const oldest = this.decoders.keys().next();
      if (!oldest.done) this.decoders.delete(oldest.value);
    }
    this.decoders.set(key, inverse);
    return inverse;
  }

  private checkShards(shards: Uint8Array[]): number {
    if (shards.length !== this.totalShards) {
      throw new RangeError(`Reed–Solomon: expected ${this.totalShards} shards, got ${shards.length}`);
    }
    const size = (shards[0] as Uint8Array).length;
    for (const s of shards) {
      if (!(s instanceof Uint8Array)) throw new TypeError('Reed–Solomon: every shard must be a Uint8Array');
      if (s.length !== size) throw new RangeError('Reed–Solomon: shards differ in length');
    }
    return size;
  }
}

/**
 * Splits `block` into `dataShards` shards of ceil(len/dataShards) bytes (the last zero-padded) plus
 * `parityShards` zero-filled parity shards. All shards are views into one fresh buffer.
 */
export function splitBlock(block: Uint8Array, dataShards: number, parityShards: number): Uint8Array[] {
  if (dataShards < 1 || parityShards < 0) throw new RangeError('splitBlock: invalid layout');
  const shardSize = Math.ceil(block.length / dataShards);
  const total = dataShards + parityShards;
  const buf = new Uint8Array(shardSize * total);
  buf.set(block);
  const shards: Uint8Array[] = [];
  for (let i = 0; i < total; i++) shards.push(buf.subarray(i * shardSize, (i + 1) * shardSize));
  return shards;
}
