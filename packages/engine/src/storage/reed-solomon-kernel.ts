/**
 * The WebAssembly SIMD kernel of the Reed–Solomon codec, assembled here byte by byte (no toolchain,
 * no committed binary: the module is a few hundred bytes and each instruction below is named).
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
 *   inBase + j·stride    input j, `len` bytes (len a multiple of 64)
 *   outBase + r·stride   output r
 * The loop order is row → 64-byte column → inputs, so each output vector is accumulated in
 * registers across all inputs and stored once.
 */

/** Exported function signature: (coefPtr, nIn, inBase, stride, outBase, nOut, len) → void. */
export type MulRows = (
  coefPtr: number,
  nIn: number,
  inBase: number,
  stride: number,
  outBase: number,
  nOut: number,
  len: number,
) => void;

/** Bytes of nibble tables at the start of memory. */
export const TABLES_BYTES = 8192;
/** The kernel processes `len` in steps of this many bytes. */
export const KERNEL_STEP = 64;

function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

const vec = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
const name = (s: string): number[] => vec([...Buffer.from(s, 'utf8')].map((b) => [b]));
const section = (id: number, content: number[]): number[] => [id, ...uleb(content.length), ...content];

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
  i8x16Splat: [0xfd, ...uleb(0x0f)],
  v128And: [0xfd, ...uleb(0x4e)],
  v128Xor: [0xfd, ...uleb(0x51)],
  i8x16ShrU: [0xfd, ...uleb(0x6d)],
};

function mulRowsBody(): number[] {
  // Parameters.
  const coef = 0,
    nIn = 1,
    inBase = 2,
    stride = 3,
    outBase = 4,
    nOut = 5,
    len = 6;
  // i32 locals.
  const r = 7,
    off = 8,
    j = 9,
    t = 10,
    src = 11,
    cp = 12,
    dst = 13;
  // v128 locals: four accumulators (64 bytes per step), the input vector, the two tables, the mask.
  const acc = [14, 15, 16, 17] as const;
  const x = 18,
    lo = 19,
    hi = 20,
    mask = 21;

  const accumulate = (k: number, a: number): number[] => [
    ...op.get(src),
    ...op.v128Load(16 * k),
    ...op.set(x),
    ...op.get(a),
    ...op.get(lo),
    ...op.get(x),
    ...op.get(mask),
    ...op.v128And,
    ...op.i8x16Swizzle, // low[x & 15]
    ...op.v128Xor,
    ...op.get(hi),
    ...op.get(x),
    ...op.i32Const(4),
    ...op.i8x16ShrU,
    ...op.i8x16Swizzle, // high[x >> 4]
    ...op.v128Xor,
    ...op.set(a),
  ];

  const code = [
    ...op.i32Const(0x0f),
    ...op.i8x16Splat,
    ...op.set(mask),
    ...op.i32Const(0),
    ...op.set(r),
    ...op.block, // rows done
    ...op.loop, // rows
    ...op.get(r),
    ...op.get(nOut),
    ...op.i32GeU,
    ...op.brIf(1),
    ...op.get(outBase),
    ...op.get(r),
    ...op.get(stride),
    ...op.i32Mul,
    ...op.i32Add,
    ...op.set(dst),
    ...op.i32Const(0),
    ...op.set(off),
    ...op.block, // columns done
    ...op.loop, // columns, 64 bytes at a time
    ...op.get(off),
    ...op.get(len),
    ...op.i32GeU,
    ...op.brIf(1),
    ...acc.flatMap((a) => [...op.v128Zero, ...op.set(a)]),
    ...op.get(inBase),
    ...op.get(off),
    ...op.i32Add,
    ...op.set(src),
    ...op.get(coef),
    ...op.get(r),
    ...op.get(nIn),
    ...op.i32Mul,
    ...op.i32Add,
    ...op.set(cp),
    ...op.i32Const(0),
    ...op.set(j),
    ...op.loop, // inputs (nIn ≥ 1)
    ...op.get(cp),
    ...op.i32Load8U,
    ...op.i32Const(5),
    ...op.i32Shl,
    ...op.tee(t),
    ...op.v128Load(0),
    ...op.set(lo),
    ...op.get(t),
    ...op.v128Load(16),
    ...op.set(hi),
    ...acc.flatMap((a, k) => accumulate(k, a)),
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
    ...op.get(dst),
    ...op.get(off),
    ...op.i32Add,
    ...op.set(t),
    ...acc.flatMap((a, k) => [...op.get(t), ...op.get(a), ...op.v128Store(16 * k)]),
    ...op.get(off),
    ...op.i32Const(KERNEL_STEP),
    ...op.i32Add,
    ...op.set(off),
    ...op.br(0),
    ...op.end, // columns
    ...op.end, // columns done
    ...op.get(r),
    ...op.i32Const(1),
    ...op.i32Add,
    ...op.set(r),
    ...op.br(0),
    ...op.end, // rows
    ...op.end, // rows done
    ...op.end, // function
  ];
  const locals = vec([
    [...uleb(7), I32],
    [...uleb(8), V128],
  ]);
  const body = [...locals, ...code];
  return [...uleb(body.length), ...body];
}

/** The complete module: imports memory `e.m`, exports `mulRows`. */
export function kernelBytes(): Uint8Array {
  const bytes = [
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00], // magic, version 1
    ...section(1, vec([[0x60, ...vec(new Array<number[]>(7).fill([I32])), ...vec([])]])), // type
    ...section(2, vec([[...name('e'), ...name('m'), 0x02, 0x00, ...uleb(1)]])), // import memory, min 1 page
    ...section(3, vec([uleb(0)])), // function 0 has type 0
    ...section(7, vec([[...name('mulRows'), 0x00, ...uleb(0)]])), // export
    ...section(10, vec([mulRowsBody()])), // code
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
  Memory: new (descriptor: { initial: number; maximum?: number }) => { buffer: ArrayBuffer };
}

/** A ready kernel: its memory (as bytes) and the exported function. */
export interface KernelInstance {
  readonly memory: Uint8Array;
  readonly mulRows: MulRows;
}

/** A compiled kernel that can be instantiated with a memory of a given size. */
export interface Kernel {
  instantiate(bytes: number): KernelInstance;
}

/**
 * Compiles the kernel, or returns undefined where WebAssembly or its SIMD extension is unavailable
 * (the caller then uses the pure TypeScript path). `mul` is the 256×256 product table.
 */
export function compileKernel(mul: Uint8Array): Kernel | undefined {
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (api === undefined) return undefined;
  let module: object;
  try {
    module = new api.Module(kernelBytes());
  } catch {
    return undefined;
  }
  return {
    instantiate(bytes: number): KernelInstance {
      const pages = Math.ceil(bytes / 65536);
      const mem = new api.Memory({ initial: pages, maximum: pages });
      const instance = new api.Instance(module, { e: { m: mem } });
      const memory = new Uint8Array(mem.buffer);
      writeNibbleTables(memory, mul);
      return { memory, mulRows: instance.exports['mulRows'] as MulRows };
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
