/**
 * MD5 (RFC 1321) as a small WebAssembly module assembled here byte by byte, like the Reed–Solomon
 * and XXH64 kernels (reed-solomon-kernel.ts, xxh64-wasm.ts): no toolchain, no committed binary.
 *
 * Why: MD5 is a chain of 64 steps per 64-byte block, each depending on the one before, so one
 * stream runs at the latency of that chain (OpenSSL ≈ 0.8 GB/s) while the CPU's vector units sit
 * idle. Four independent streams — four concurrent uploads — can run the same chain side by side
 * in the four 32-bit lanes of a v128 for little more than the cost of one: `md5x4` does that.
 * `md5x1` is the same compression function on plain i32s, for a stream that has no partner.
 *
 * Both take whole 64-byte blocks only; padding and the length trailer are the caller's
 * (md5-lanes.ts). Words are read little-endian, as WebAssembly loads do and as MD5 defines them.
 *
 *   md5x4(state, p0, p1, p2, p3, blocks)  state: 4 v128 at `state` — A, B, C, D — lane k holding
 *                                          stream k's word; stream k's data is `blocks`×64 bytes
 *                                          at pk.
 *   md5x1(state, p, blocks)                state: A, B, C, D as four i32 at `state`.
 *
 * The memory is imported as `e.m` (shared or not, fixed when the module is built).
 */

import { uleb, sleb, vec, name, section } from './wasm-encoding.js';

const I32 = 0x7f;
const V128 = 0x7b;

const simd = (code: number, ...imm: number[]): number[] => [0xfd, ...uleb(code), ...imm];
const op = {
  loop: [0x03, 0x40],
  end: [0x0b],
  brIf: (depth: number) => [0x0d, ...uleb(depth)],
  get: (i: number) => [0x20, ...uleb(i)],
  set: (i: number) => [0x21, ...uleb(i)],
  tee: (i: number) => [0x22, ...uleb(i)],
  i32Const: (n: number) => [0x41, ...sleb(n | 0)],
  i32Load: (offset: number) => [0x28, 0x02, ...uleb(offset)],
  i32Store: (offset: number) => [0x36, 0x02, ...uleb(offset)],
  i32Add: [0x6a],
  i32Sub: [0x6b],
  i32And: [0x71],
  i32Or: [0x72],
  i32Xor: [0x73],
  i32Rotl: [0x77],
  i32Ne: [0x47],
  v128Load: (offset: number) => simd(0x00, 4, ...uleb(offset)),
  v128Store: (offset: number) => simd(0x0b, 4, ...uleb(offset)),
  v128Const: (lanes: number[]) =>
    simd(0x0c, ...lanes.flatMap((v) => [v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, v >>> 24])),
  /** i8x16.shuffle picking 32-bit lanes (0–3 from the first operand, 4–7 from the second). */
  shuffle32: (lanes: number[]) =>
    simd(0x0d, ...lanes.flatMap((l) => [4 * l, 4 * l + 1, 4 * l + 2, 4 * l + 3])),
  v128Not: simd(0x4d),
  v128And: simd(0x4e),
  v128AndNot: simd(0x4f),
  v128Or: simd(0x50),
  v128Xor: simd(0x51),
  i32x4Shl: simd(0xab),
  i32x4ShrU: simd(0xad),
  i32x4Add: simd(0xae),
  i32x4Sub: simd(0xb1),
};

/** The 64 additive constants: K[i] = floor(|sin(i + 1)| · 2^32) (RFC 1321 §3.4). */
export const MD5_K: readonly number[] = Array.from({ length: 64 }, (_, i) =>
  Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32),
);
/** Left-rotation amounts per round, four per round. */
const SHIFTS = [
  [7, 12, 17, 22],
  [5, 9, 14, 20],
  [4, 11, 16, 23],
  [6, 10, 15, 21],
] as const;
/** The message word step i uses. */
const wordIndex = (i: number): number => {
  const r = i >> 4;
  return r === 0 ? i : r === 1 ? (5 * i + 1) % 16 : r === 2 ? (3 * i + 5) % 16 : (7 * i) % 16;
};

/**
 * The instructions of one kind of value — i32 for one stream, v128 for four — that the 64 steps
 * are written in.
 */
interface Flavour {
  add: number[];
  sub: number[];
  and: number[];
  or: number[];
  xor: number[];
  /** Pushes x & ~y. */
  andNot(x: number, y: number): number[];
  /** Pushes ~x. */
  not(x: number): number[];
  /**
   * How the last round's I(b,c,d) = c ^ (b | ~d) is formed: 'or' as written; 'andNot' as
   * ~(c ^ (d & ~b)), subtracting c ^ (d & ~b) and adding K − 1 (adding ~x is subtracting x + 1),
   * which needs no complement where `andNot` is one instruction (SIMD).
   */
  i: 'or' | 'andNot';
  /** Pushes the 32-bit constant k (splat across lanes). */
  constant(k: number): number[];
  /** Rotates the value on the stack, which is also in local `t`, left by s. */
  rotl(t: number, s: number): number[];
  /** Pushes message word `w` of the current block. */
  word(w: number): number[];
}

/**
 * The 64 steps over locals a, b, c, d (whose roles rotate from step to step, so nothing is moved)
 * and temporary `t`. After them the four locals hold the block's result before the feed-forward.
 *
 * Each step is a = b + rotl(a + fn(b, c, d) + M[g] + K[i], s), and only b comes from the step just
 * before: the sum is ordered so that as little as possible waits for it. a + M[g] + K[i] first,
 * then the part of fn that does not involve b (G's c & ~d — its two terms have no bit in common,
 * so | is + — and H's c ^ d), then the rest: one or two operations after b, not three.
 */
function steps(fl: Flavour, abcd: readonly [number, number, number, number], t: number): number[] {
  let [a, b, c, d] = abcd;
  const out: number[] = [];
  const get = op.get;
  for (let i = 0; i < 64; i++) {
    const round = i >> 4;
    const k = MD5_K[i] as number;
    const subtractI = round === 3 && fl.i === 'andNot';
    out.push(
      ...fl.word(wordIndex(i)),
      ...fl.constant(subtractI ? k - 1 : k),
      ...fl.add,
      ...get(a),
      ...fl.add,
    );
    if (round === 0) {
      // F = (b & c) | (~b & d) = d ^ (b & (c ^ d))
      out.push(...get(d), ...get(b), ...get(c), ...get(d), ...fl.xor, ...fl.and, ...fl.xor, ...fl.add);
    } else if (round === 1) {
      // G = (b & d) | (c & ~d) = (c & ~d) + (b & d)
      out.push(...fl.andNot(c, d), ...fl.add, ...get(b), ...get(d), ...fl.and, ...fl.add);
    } else if (round === 2) {
      // H = b ^ c ^ d = (c ^ d) ^ b
      out.push(...get(c), ...get(d), ...fl.xor, ...get(b), ...fl.xor, ...fl.add);
    } else if (subtractI) {
      out.push(...fl.andNot(d, b), ...get(c), ...fl.xor, ...fl.sub);
    } else {
      // I = c ^ (b | ~d)
      out.push(...get(c), ...get(b), ...fl.not(d), ...fl.or, ...fl.xor, ...fl.add);
    }
    out.push(
      ...op.tee(t),
      ...fl.rotl(t, (SHIFTS[round] as readonly number[])[i & 3] as number),
      ...get(b),
      ...fl.add,
      ...op.set(a),
    );
    [a, b, c, d] = [d, a, b, c];
  }
  return out;
}

/** md5x4's body: (state, p0, p1, p2, p3, blocks). */
function x4Body(): number[] {
  const STATE = 0;
  const P = [1, 2, 3, 4] as const;
  const BLOCKS = 5;
  // v128 locals
  const M = Array.from({ length: 16 }, (_, i) => 6 + i);
  const [A, B, C, D] = [22, 23, 24, 25];
  const [A0, B0, C0, D0] = [26, 27, 28, 29];
  const T = 30;
  const R = [31, 32, 33, 34] as const;
  const U = [35, 36, 37, 38] as const;
  const fl: Flavour = {
    add: op.i32x4Add,
    sub: op.i32x4Sub,
    and: op.v128And,
    or: op.v128Or,
    xor: op.v128Xor,
    andNot: (x, y) => [...op.get(x), ...op.get(y), ...op.v128AndNot],
    not: (x) => [...op.get(x), ...op.v128Not],
    i: 'andNot',
    constant: (k) => op.v128Const([k, k, k, k]),
    rotl: (t, s) => [
      ...op.i32Const(s),
      ...op.i32x4Shl,
      ...op.get(t),
      ...op.i32Const(32 - s),
      ...op.i32x4ShrU,
      ...op.v128Or,
    ],
    word: (w) => op.get(M[w] as number),
  };
  // Load 16 bytes (4 words) of each stream and transpose the 4×4 so that M[4q + j] holds word
  // 4q + j of the four streams, lane k = stream k.
  const transpose = (q: number): number[] => [
    ...P.flatMap((p, k) => [...op.get(p), ...op.v128Load(16 * q), ...op.set(R[k] as number)]),
    ...op.get(R[0]),
    ...op.get(R[1]),
    ...op.shuffle32([0, 4, 1, 5]),
    ...op.set(U[0]),
    ...op.get(R[2]),
    ...op.get(R[3]),
    ...op.shuffle32([0, 4, 1, 5]),
    ...op.set(U[1]),
    ...op.get(R[0]),
    ...op.get(R[1]),
    ...op.shuffle32([2, 6, 3, 7]),
    ...op.set(U[2]),
    ...op.get(R[2]),
    ...op.get(R[3]),
    ...op.shuffle32([2, 6, 3, 7]),
    ...op.set(U[3]),
    ...op.get(U[0]),
    ...op.get(U[1]),
    ...op.shuffle32([0, 1, 4, 5]),
    ...op.set(M[4 * q] as number),
    ...op.get(U[0]),
    ...op.get(U[1]),
    ...op.shuffle32([2, 3, 6, 7]),
    ...op.set(M[4 * q + 1] as number),
    ...op.get(U[2]),
    ...op.get(U[3]),
    ...op.shuffle32([0, 1, 4, 5]),
    ...op.set(M[4 * q + 2] as number),
    ...op.get(U[2]),
    ...op.get(U[3]),
    ...op.shuffle32([2, 3, 6, 7]),
    ...op.set(M[4 * q + 3] as number),
  ];
  const body = [
    ...[A, B, C, D].flatMap((v, i) => [...op.get(STATE), ...op.v128Load(16 * i), ...op.set(v)]),
    ...op.loop,
    ...[0, 1, 2, 3].flatMap(transpose),
    ...[A, B, C, D].flatMap((v, i) => [...op.get(v), ...op.set([A0, B0, C0, D0][i] as number)]),
    ...steps(fl, [A, B, C, D], T),
    ...[A, B, C, D].flatMap((v, i) => [
      ...op.get(v),
      ...op.get([A0, B0, C0, D0][i] as number),
      ...op.i32x4Add,
      ...op.set(v),
    ]),
    ...P.flatMap((p) => [...op.get(p), ...op.i32Const(64), ...op.i32Add, ...op.set(p)]),
    ...nextBlock(BLOCKS),
    ...[A, B, C, D].flatMap((v, i) => [...op.get(STATE), ...op.get(v), ...op.v128Store(16 * i)]),
    ...op.end,
  ];
  const locals = vec([[...uleb(33), V128]]);
  return [...locals, ...body];
}

/** The loop's end: `blocks -= 1`, and round again while any are left. */
function nextBlock(blocks: number): number[] {
  return [
    ...op.get(blocks),
    ...op.i32Const(1),
    ...op.i32Sub,
    ...op.tee(blocks),
    ...op.i32Const(0),
    ...op.i32Ne,
    ...op.brIf(0),
    ...op.end,
  ];
}

/** md5x1's body: (state, p, blocks). */
function x1Body(): number[] {
  const STATE = 0;
  const P = 1;
  const BLOCKS = 2;
  const [A, B, C, D] = [3, 4, 5, 6];
  const [A0, B0, C0, D0] = [7, 8, 9, 10];
  const T = 11;
  const fl: Flavour = {
    add: op.i32Add,
    sub: op.i32Sub,
    and: op.i32And,
    or: op.i32Or,
    xor: op.i32Xor,
    andNot: (x, y) => [...op.get(x), ...op.get(y), ...op.i32Const(-1), ...op.i32Xor, ...op.i32And],
    not: (x) => [...op.get(x), ...op.i32Const(-1), ...op.i32Xor],
    i: 'or',
    constant: (k) => op.i32Const(k),
    rotl: (_t, s) => [...op.i32Const(s), ...op.i32Rotl],
    word: (w) => [...op.get(P), ...op.i32Load(4 * w)],
  };
  const body = [
    ...[A, B, C, D].flatMap((v, i) => [...op.get(STATE), ...op.i32Load(4 * i), ...op.set(v)]),
    ...op.loop,
    ...[A, B, C, D].flatMap((v, i) => [...op.get(v), ...op.set([A0, B0, C0, D0][i] as number)]),
    ...steps(fl, [A, B, C, D], T),
    ...[A, B, C, D].flatMap((v, i) => [
      ...op.get(v),
      ...op.get([A0, B0, C0, D0][i] as number),
      ...op.i32Add,
      ...op.set(v),
    ]),
    ...op.get(P),
    ...op.i32Const(64),
    ...op.i32Add,
    ...op.set(P),
    ...nextBlock(BLOCKS),
    ...[A, B, C, D].flatMap((v, i) => [...op.get(STATE), ...op.get(v), ...op.i32Store(4 * i)]),
    ...op.end,
  ];
  const locals = vec([[...uleb(9), I32]]);
  return [...locals, ...body];
}

/** The module's bytes; `shared` imports a shared memory (maximum 65536 pages, i.e. any). */
export function md5ModuleBytes(shared: boolean): Uint8Array {
  const limits = shared ? [0x03, ...uleb(1), ...uleb(65536)] : [0x00, ...uleb(1)];
  const x4 = x4Body();
  const x1 = x1Body();
  const bytes = [
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00], // magic, version 1
    ...section(
      1,
      vec([
        [0x60, ...vec(new Array<number[]>(6).fill([I32])), ...vec([])], // type 0: md5x4
        [0x60, ...vec(new Array<number[]>(3).fill([I32])), ...vec([])], // type 1: md5x1
      ]),
    ),
    ...section(2, vec([[...name('e'), ...name('m'), 0x02, ...limits]])), // import memory e.m
    ...section(3, vec([uleb(0), uleb(1)])),
    ...section(
      7,
      vec([
        [...name('md5x4'), 0x00, ...uleb(0)],
        [...name('md5x1'), 0x00, ...uleb(1)],
      ]),
    ),
    ...section(
      10,
      vec([
        [...uleb(x4.length), ...x4],
        [...uleb(x1.length), ...x1],
      ]),
    ),
  ];
  return Uint8Array.from(bytes);
}
