/**
 * The WebAssembly SIMD kernel of the Reed–Solomon codec, assembled here byte by byte (no toolchain,
 * no committed binary: the module is about 3 KB and each instruction below is named).
 *
 * It computes out[r] = Σ_j coef[r][j] · in[j] over GF(2^8) with the split-nibble technique: a
 * product c·x is c·(x & 0x0f) ⊕ c·(x & 0xf0), and each half is a 16-entry table lookup, which
 * `i8x16.swizzle` (x86 PSHUFB) does for 16 bytes at once. So per coefficient the module needs two
 * 16-byte tables, low[i] = c·i and high[i] = c·(i << 4); all 256 coefficients' tables (8 KiB) live
 * at address 0 of the linear memory and the kernel finds them as `c << 5`.
 *
 * Linear memory layout (chosen by the caller, see reed-solomon.ts):
 *   [0, 8192)            nibble tables, 32 bytes per coefficient value
 *   coefPtr              nOut × nIn coefficient bytes, row-major
 *   inBase + j·stride    input j, `len` bytes (len a multiple of KERNEL_STEP)
 *   outBase + r·stride   output r
 * Each exported function handles a group of 1, 2 or 4 output rows; the loop order is column
 * (32–128 bytes) → inputs, so every output vector is accumulated in registers across all inputs and
 * stored once, and each input vector is loaded and split into nibbles once for the whole group.
 */

import { uleb, sleb, vec, name, section } from './wasm-encoding.js';

/**
 * One exported kernel function: (coefPtr, nIn, inBase, stride, outBase, len) → void computes a
 * group of output rows (see rowGroupBody).
 */
export type RowGroupFn = (
  coefPtr: number,
  nIn: number,
  inBase: number,
  stride: number,
  outBase: number,
  len: number,
) => void;

/** Bytes of nibble tables at the start of memory. */
export const TABLES_BYTES = 8192;
/** The kernel processes `len` in steps of this many bytes. */
export const KERNEL_STEP = 128;

// Instructions (WebAssembly core 2.0 + fixed-width SIMD).
const I32 = 0x7f;
const V128 = 0x7b;
const op = {
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  end: [0x0b],
  br: (depth: number) => [0x0c, ...uleb(depth)],
  brIf: (depth: number) => [0x0d, ...uleb(depth)],
  get: (i: number) => [0x20, ...uleb(i)],
  set: (i: number) => [0x21, ...uleb(i)],
  tee: (i: number) => [0x22, ...uleb(i)],
  i32Const: (n: number) => [0x41, ...sleb(n)],
  i32Load8U: [0x2d, 0x00, 0x00],
  i32LtU: [0x49],
  i32GeU: [0x4f],
  i32Add: [0x6a],
  i32Mul: [0x6c],
  i32Shl: [0x74],
  v128Load: (offset: number) => [0xfd, ...uleb(0x00), 4, ...uleb(offset)],
  v128Store: (offset: number) => [0xfd, ...uleb(0x0b), 4, ...uleb(offset)],
  v128Zero: [0xfd, ...uleb(0x0c), ...new Array<number>(16).fill(0)],
  i8x16Swizzle: [0xfd, ...uleb(0x0e)],
  // Relaxed SIMD: identical to i8x16.swizzle for indices < 16 (all ours are), but maps to a bare
  // PSHUFB, without the saturating add that makes out-of-range indices select zero.
  i8x16RelaxedSwizzle: [0xfd, ...uleb(0x100)],
  i8x16Splat: [0xfd, ...uleb(0x0f)],
  v128And: [0xfd, ...uleb(0x4e)],
  v128Xor: [0xfd, ...uleb(0x51)],
  i16x8ShrU: [0xfd, ...uleb(0x8d)],
};

/**
 * Body of a kernel function that computes `rows` output rows at once, `vecs` 16-byte vectors per
 * step. Sharing each loaded input vector and its nibble split among several rows saves work per
 * row; `rows × vecs` accumulators plus 2·rows tables must fit the 16 SIMD registers of x86-64.
 * Signature: (coefPtr, nIn, inBase, stride, outBase, len); row r's coefficients are the nIn bytes
 * at coefPtr + r·nIn, its output is at outBase + r·stride; len is a multiple of 16·vecs.
 */
function rowGroupBody(rows: number, vecs: number, relaxed: boolean): number[] {
  const swizzle = relaxed ? op.i8x16RelaxedSwizzle : op.i8x16Swizzle;
  // Parameters.
  const coef = 0,
    nIn = 1,
    inBase = 2,
    stride = 3,
    outBase = 4,
    len = 5;
  // i32 locals.
  const off = 6,
    j = 7,
    t = 8,
    src = 9,
    cp = 10,
    dst = 11;
  // v128 locals.
  const mask = 12,
    x = 13,
    xl = 14,
    xh = 15;
  const lo = (r: number): number => 16 + 2 * r;
  const hi = (r: number): number => 17 + 2 * r;
  const acc = (r: number, v: number): number => 16 + 2 * rows + r * vecs + v;
  const v128Locals = 4 + 2 * rows + rows * vecs;
  const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

  /** Pushes base + r·step (base and step are i32 locals). */
  const rowAddress = (base: number, step: number, r: number): number[] =>
    r === 0
      ? op.get(base)
      : [
          ...op.get(base),
          ...op.get(step),
          ...(r === 1 ? [] : [...op.i32Const(r), ...op.i32Mul]),
          ...op.i32Add,
        ];

  const loadTables = (r: number): number[] => [
    ...rowAddress(cp, nIn, r),
    ...op.i32Load8U, // the coefficient c
    ...op.i32Const(5),
    ...op.i32Shl,
    ...op.tee(t), // its tables are at c · 32
    ...op.v128Load(0),
    ...op.set(lo(r)),
    ...op.get(t),
    ...op.v128Load(16),
    ...op.set(hi(r)),
  ];

  const accumulate = (v: number): number[] => [
    ...op.get(src),
    ...op.v128Load(16 * v),
    ...op.tee(x),
    ...op.get(mask),
    ...op.v128And,
    ...op.set(xl), // low nibbles
    ...op.get(x),
    ...op.i32Const(4),
    ...op.i16x8ShrU, // a 16-bit shift lowers to fewer x86 instructions than an 8-bit one…
    ...op.get(mask),
    ...op.v128And, // …and the mask drops the bits it pulls in from the neighbouring byte
    ...op.set(xh), // high nibbles
    ...range(rows).flatMap((r) => [
      ...op.get(acc(r, v)),
      ...op.get(lo(r)),
      ...op.get(xl),
      ...swizzle, // c · (x & 0x0f)
      ...op.v128Xor,
      ...op.get(hi(r)),
      ...op.get(xh),
      ...swizzle, // c · (x & 0xf0)
      ...op.v128Xor,
      ...op.set(acc(r, v)),
    ]),
  ];

  const code = [
    ...op.i32Const(0x0f),
    ...op.i8x16Splat,
    ...op.set(mask),
    ...op.block, // columns done
    ...op.loop, // columns, 16·vecs bytes at a time
    ...op.get(off),
    ...op.get(len),
    ...op.i32GeU,
    ...op.brIf(1),
    ...range(rows * vecs).flatMap((i) => [...op.v128Zero, ...op.set(16 + 2 * rows + i)]),
    ...op.get(inBase),
    ...op.get(off),
    ...op.i32Add,
    ...op.set(src),
    ...op.get(coef),
    ...op.set(cp),
    ...op.i32Const(0),
    ...op.set(j),
    ...op.loop, // inputs (nIn ≥ 1)
    ...range(rows).flatMap(loadTables),
    ...range(vecs).flatMap(accumulate),
    ...op.get(src),
    ...op.get(stride),
    ...op.i32Add,
    ...op.set(src),
    ...op.get(cp),
    ...op.i32Const(1),
    ...op.i32Add,
    ...op.set(cp),
    ...op.get(j),
    ...op.i32Const(1),
    ...op.i32Add,
    ...op.tee(j),
    ...op.get(nIn),
    ...op.i32LtU,
    ...op.brIf(0),
    ...op.end, // inputs
    ...op.get(outBase),
    ...op.get(off),
    ...op.i32Add,
    ...op.set(dst),
    ...range(rows).flatMap((r) => [
      ...rowAddress(dst, stride, r),
      ...op.set(t),
      ...range(vecs).flatMap((v) => [...op.get(t), ...op.get(acc(r, v)), ...op.v128Store(16 * v)]),
    ]),
    ...op.get(off),
    ...op.i32Const(16 * vecs),
    ...op.i32Add,
    ...op.set(off),
    ...op.br(0),
    ...op.end, // columns
    ...op.end, // columns done
    ...op.end, // function
  ];
  const locals = vec([
    [...uleb(6), I32],
    [...uleb(v128Locals), V128],
  ]);
  const body = [...locals, ...code];
  return [...uleb(body.length), ...body];
}

/**
 * The row-group functions the module exports. Which to use depends on the number of inputs
 * (measured with bench/reed-solomon.mjs and a per-function probe): with few inputs the per-step
 * overhead dominates and 2 rows × 2 vectors is fastest; with more inputs, wider groups win.
 */
export const ROW_GROUPS = [
  { name: 'r1v4', rows: 1, vecs: 4 },
  { name: 'r2v2', rows: 2, vecs: 2 },
  { name: 'r1v8', rows: 1, vecs: 8 },
  { name: 'r2v4', rows: 2, vecs: 4 },
  { name: 'r4v2', rows: 4, vecs: 2 },
] as const;

/** Inputs above which the wide groups are used. */
const WIDE_INPUTS = 4;

/**
 * The complete module: imports memory `e.m`, exports the `groups` functions. With `shared` the
 * import is a shared memory (limits flag 3, maximum 65536 pages = any), which a module must declare.
 */
export function kernelBytes(
  relaxed: boolean,
  groups: ReadonlyArray<{ readonly name: string; readonly rows: number; readonly vecs: number }> = ROW_GROUPS,
  shared = false,
): Uint8Array {
  const limits = shared ? [0x03, ...uleb(1), ...uleb(65536)] : [0x00, ...uleb(1)];
  const bytes = [
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00], // magic, version 1
    ...section(1, vec([[0x60, ...vec(new Array<number[]>(6).fill([I32])), ...vec([])]])), // type 0
    ...section(2, vec([[...name('e'), ...name('m'), 0x02, ...limits]])), // import memory, min 1 page
    ...section(3, vec(groups.map(() => uleb(0)))), // every function has type 0
    ...section(7, vec(groups.map((g, i) => [...name(g.name), 0x00, ...uleb(i)]))), // exports
    ...section(10, vec(groups.map((g) => rowGroupBody(g.rows, g.vecs, relaxed)))), // code
  ];
  return Uint8Array.from(bytes);
}

/**
 * The slice of the WebAssembly JS API used here. Declared locally because the project compiles
 * without the DOM lib, which is where TypeScript keeps the WebAssembly types.
 */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (
    module: object,
    imports: Record<string, Record<string, unknown>>,
  ) => { exports: Record<string, unknown> };
  Memory: new (descriptor: { initial: number; maximum?: number; shared?: boolean }) => {
    buffer: ArrayBuffer | SharedArrayBuffer;
  };
}

/** A ready kernel: its memory (as bytes) and the whole product. */
export interface KernelInstance {
  readonly memory: Uint8Array;
  /** The WebAssembly.Memory itself, for other modules to share (xxh64-wasm.ts). */
  readonly wasmMemory: object;
  /**
   * out[r] = Σ_j coef[r][j] · in[j] for r < nOut, j < nIn: coefficients row-major at coefPtr, input
   * j at inBase + j·stride, output r at outBase + r·stride, len a multiple of KERNEL_STEP.
   */
  mulRows(
    coefPtr: number,
    nIn: number,
    inBase: number,
    stride: number,
    outBase: number,
    nOut: number,
    len: number,
  ): void;
}

/** A compiled kernel that can be instantiated with a memory of a given size. */
export interface Kernel {
  instantiate(bytes: number): KernelInstance;
}

/**
 * Compiles the kernel, or returns undefined where WebAssembly or its SIMD extension is unavailable
 * (the caller then uses the pure TypeScript path). The relaxed-SIMD variant is tried first (on by
 * default from Node 22; Node 20 rejects it at compile time). `mul` is the 256×256 product table.
 * `relaxed: false` forces the plain variant (tests cover both where the runtime allows).
 */
export function compileKernel(
  mul: Uint8Array,
  options?: { relaxed?: boolean; shared?: boolean },
): Kernel | undefined {
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (api === undefined) return undefined;
  const shared = options?.shared === true;
  let module: object | undefined;
  for (const relaxed of options?.relaxed === false ? [false] : [true, false]) {
    try {
      module = new api.Module(kernelBytes(relaxed, ROW_GROUPS, shared));
      break;
    } catch {
      // Not supported here: try the next variant.
    }
  }
  if (module === undefined) return undefined;
  const compiled = module;
  return {
    instantiate(bytes: number): KernelInstance {
      const pages = Math.ceil(bytes / 65536);
      const mem = new api.Memory(
        shared ? { initial: pages, maximum: pages, shared: true } : { initial: pages, maximum: pages },
      );
      const instance = new api.Instance(compiled, { e: { m: mem } });
      const memory = new Uint8Array(mem.buffer);
      writeNibbleTables(memory, mul);
      const fn = (name: (typeof ROW_GROUPS)[number]['name']): RowGroupFn =>
        instance.exports[name] as RowGroupFn;
      const narrow = { 4: undefined, 2: fn('r2v2'), 1: fn('r1v4') };
      const wide = { 4: fn('r4v2'), 2: fn('r2v4'), 1: fn('r1v8') };
      return {
        memory,
        wasmMemory: mem,
        mulRows(coefPtr, nIn, inBase, stride, outBase, nOut, len) {
          const set = nIn > WIDE_INPUTS ? wide : narrow;
          let r = 0;
          if (set[4] !== undefined)
            for (; nOut - r >= 4; r += 4)
              set[4](coefPtr + r * nIn, nIn, inBase, stride, outBase + r * stride, len);
          for (; nOut - r >= 2; r += 2)
            set[2](coefPtr + r * nIn, nIn, inBase, stride, outBase + r * stride, len);
          if (r < nOut) set[1](coefPtr + r * nIn, nIn, inBase, stride, outBase + r * stride, len);
        },
      };
    },
  };
}

/**
 * Fills the nibble tables at address 0 of `memory`: for each c, 16 bytes c·i then 16 bytes c·(i<<4).
 * `mul` is the 256×256 product table.
 */
function writeNibbleTables(memory: Uint8Array, mul: Uint8Array): void {
  for (let c = 0; c < 256; c++) {
    for (let i = 0; i < 16; i++) {
      memory[c * 32 + i] = mul[c * 256 + i] as number;
      memory[c * 32 + 16 + i] = mul[c * 256 + (i << 4)] as number;
    }
  }
}
