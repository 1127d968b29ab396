/**
 * XXH64 (seed 0) as a small WebAssembly module assembled here byte by byte, like the Reed–Solomon
 * kernel (reed-solomon-kernel.ts): it hashes bytes where they already are in a WebAssembly memory,
 * so the shards of a block kept in the codec's shared memory (block-arena.ts) are hashed in place.
 * hash-wasm, used for every other buffer, must first copy the bytes into its own memory — on the
 * write path that copy was as costly as the hash itself.
 *
 * The algorithm is XXH64 as specified by its author (xxhash.com, doc/xxhash_spec.md): four 64-bit
 * lanes over 32-byte stripes, merged, then the 8-, 4- and 1-byte tail and the final avalanche.
 * Values are read little-endian, as WebAssembly loads do. The tests hold it to hash-wasm.
 *
 * Export: `xxh64(ptr: i32, len: i32) → i64`; the memory is imported as `e.m` (shared or not,
 * decided at compile time because a module must declare which kind it imports).
 */

import { uleb, sleb64, vec, name, section } from './wasm-encoding.js';

const P1 = 0x9e3779b185ebca87n;
const P2 = 0xc2b2ae3d27d4eb4fn;
const P3 = 0x165667b19e3779f9n;
const P4 = 0x85ebca77c2b2ae63n;
const P5 = 0x27d4eb2f165667c5n;

const I32 = 0x7f;
const I64 = 0x7e;
const op = {
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  if: [0x04, 0x40],
  else: [0x05],
  end: [0x0b],
  br: (depth: number) => [0x0c, ...uleb(depth)],
  brIf: (depth: number) => [0x0d, ...uleb(depth)],
  get: (i: number) => [0x20, ...uleb(i)],
  set: (i: number) => [0x21, ...uleb(i)],
  i32Const: (n: number) => [0x41, ...uleb(n)], // only small non-negative constants here
  i64Const: (n: bigint) => [0x42, ...sleb64(n)],
  i64Load: (offset: number) => [0x29, 0x03, ...uleb(offset)],
  i64Load32U: [0x35, 0x02, 0x00],
  i64Load8U: [0x31, 0x00, 0x00],
  i32Add: [0x6a],
  i32Sub: [0x6b],
  i32GtU: [0x4b],
  i32LeU: [0x4d],
  i32GeU: [0x4f],
  i64Add: [0x7c],
  i64Mul: [0x7e],
  i64Xor: [0x85],
  i64ShrU: [0x88],
  i64Rotl: [0x89],
  i64ExtendI32U: [0xad],
};

// Parameters, then locals: i32 p, end, limit; i64 v1..v4, h.
const PTR = 0;
const LEN = 1;
const P = 2;
const END = 3;
const LIMIT = 4;
const V = [5, 6, 7, 8] as const;
const H = 9;

/** round(acc, input) = rotl(acc + input·P2, 31)·P1, with `acc` and `input` code that pushes an i64. */
const round = (acc: number[], input: number[]): number[] => [
  ...acc,
  ...input,
  ...op.i64Const(P2),
  ...op.i64Mul,
  ...op.i64Add,
  ...op.i64Const(31n),
  ...op.i64Rotl,
  ...op.i64Const(P1),
  ...op.i64Mul,
];

/** round(0, input). */
const round0 = (input: number[]): number[] => [
  ...input,
  ...op.i64Const(P2),
  ...op.i64Mul,
  ...op.i64Const(31n),
  ...op.i64Rotl,
  ...op.i64Const(P1),
  ...op.i64Mul,
];

/** h = (h ^ round(0, v))·P1 + P4. */
const mergeLane = (v: number): number[] => [
  ...op.get(H),
  ...round0(op.get(v)),
  ...op.i64Xor,
  ...op.i64Const(P1),
  ...op.i64Mul,
  ...op.i64Const(P4),
  ...op.i64Add,
  ...op.set(H),
];

const rotl = (local: number, bits: bigint): number[] => [
  ...op.get(local),
  ...op.i64Const(bits),
  ...op.i64Rotl,
];

const body = [
  // end = ptr + len; p = ptr
  ...op.get(PTR),
  ...op.get(LEN),
  ...op.i32Add,
  ...op.set(END),
  ...op.get(PTR),
  ...op.set(P),
  // if (len >= 32): the four-lane loop over whole stripes
  ...op.get(LEN),
  ...op.i32Const(32),
  ...op.i32GeU,
  ...op.if,
  ...op.i64Const(P1 + P2),
  ...op.set(V[0]),
  ...op.i64Const(P2),
  ...op.set(V[1]),
  ...op.i64Const(0n),
  ...op.set(V[2]),
  ...op.i64Const(-P1),
  ...op.set(V[3]),
  ...op.get(END),
  ...op.i32Const(32),
  ...op.i32Sub,
  ...op.set(LIMIT),
  ...op.loop,
  ...V.flatMap((v, i) => [...round(op.get(v), [...op.get(P), ...op.i64Load(8 * i)]), ...op.set(v)]),
  ...op.get(P),
  ...op.i32Const(32),
  ...op.i32Add,
  ...op.set(P),
  ...op.get(P),
  ...op.get(LIMIT),
  ...op.i32LeU,
  ...op.brIf(0),
  ...op.end,
  // h = rotl(v1,1) + rotl(v2,7) + rotl(v3,12) + rotl(v4,18), then each lane merged in
  ...rotl(V[0], 1n),
  ...rotl(V[1], 7n),
  ...op.i64Add,
  ...rotl(V[2], 12n),
  ...op.i64Add,
  ...rotl(V[3], 18n),
  ...op.i64Add,
  ...op.set(H),
  ...V.flatMap(mergeLane),
  ...op.else,
  ...op.i64Const(P5),
  ...op.set(H),
  ...op.end,
  // h += len
  ...op.get(H),
  ...op.get(LEN),
  ...op.i64ExtendI32U,
  ...op.i64Add,
  ...op.set(H),
  // 8-byte words: h = rotl(h ^ round(0, word), 27)·P1 + P4
  ...op.block,
  ...op.loop,
  ...op.get(P),
  ...op.i32Const(8),
  ...op.i32Add,
  ...op.get(END),
  ...op.i32GtU,
  ...op.brIf(1),
  ...op.get(H),
  ...round0([...op.get(P), ...op.i64Load(0)]),
  ...op.i64Xor,
  ...op.i64Const(27n),
  ...op.i64Rotl,
  ...op.i64Const(P1),
  ...op.i64Mul,
  ...op.i64Const(P4),
  ...op.i64Add,
  ...op.set(H),
  ...op.get(P),
  ...op.i32Const(8),
  ...op.i32Add,
  ...op.set(P),
  ...op.br(0),
  ...op.end,
  ...op.end,
  // one 4-byte word: h = rotl(h ^ word·P1, 23)·P2 + P3
  ...op.get(P),
  ...op.i32Const(4),
  ...op.i32Add,
  ...op.get(END),
  ...op.i32LeU,
  ...op.if,
  ...op.get(H),
  ...op.get(P),
  ...op.i64Load32U,
  ...op.i64Const(P1),
  ...op.i64Mul,
  ...op.i64Xor,
  ...op.i64Const(23n),
  ...op.i64Rotl,
  ...op.i64Const(P2),
  ...op.i64Mul,
  ...op.i64Const(P3),
  ...op.i64Add,
  ...op.set(H),
  ...op.get(P),
  ...op.i32Const(4),
  ...op.i32Add,
  ...op.set(P),
  ...op.end,
  // single bytes: h = rotl(h ^ byte·P5, 11)·P1
  ...op.block,
  ...op.loop,
  ...op.get(P),
  ...op.get(END),
  ...op.i32GeU,
  ...op.brIf(1),
  ...op.get(H),
  ...op.get(P),
  ...op.i64Load8U,
  ...op.i64Const(P5),
  ...op.i64Mul,
  ...op.i64Xor,
  ...op.i64Const(11n),
  ...op.i64Rotl,
  ...op.i64Const(P1),
  ...op.i64Mul,
  ...op.set(H),
  ...op.get(P),
  ...op.i32Const(1),
  ...op.i32Add,
  ...op.set(P),
  ...op.br(0),
  ...op.end,
  ...op.end,
  // avalanche
  ...op.get(H),
  ...op.get(H),
  ...op.i64Const(33n),
  ...op.i64ShrU,
  ...op.i64Xor,
  ...op.i64Const(P2),
  ...op.i64Mul,
  ...op.set(H),
  ...op.get(H),
  ...op.get(H),
  ...op.i64Const(29n),
  ...op.i64ShrU,
  ...op.i64Xor,
  ...op.i64Const(P3),
  ...op.i64Mul,
  ...op.set(H),
  ...op.get(H),
  ...op.get(H),
  ...op.i64Const(32n),
  ...op.i64ShrU,
  ...op.i64Xor,
  ...op.end,
];

/** The module's bytes; `shared` imports a shared memory (maximum 65536 pages, i.e. any). */
export function xxh64ModuleBytes(shared: boolean): Uint8Array {
  const locals = vec([
    [...uleb(3), I32],
    [...uleb(5), I64],
  ]);
  const code = [...locals, ...body];
  const limits = shared ? [0x03, ...uleb(1), ...uleb(65536)] : [0x00, ...uleb(1)];
  const bytes = [
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00], // magic, version 1
    ...section(1, vec([[0x60, ...vec([[I32], [I32]]), ...vec([[I64]])]])), // type 0: (i32, i32) → i64
    ...section(2, vec([[...name('e'), ...name('m'), 0x02, ...limits]])), // import memory e.m
    ...section(3, vec([uleb(0)])), // one function of type 0
    ...section(7, vec([[...name('xxh64'), 0x00, ...uleb(0)]])), // export it
    ...section(10, vec([[...uleb(code.length), ...code]])), // its body
  ];
  return Uint8Array.from(bytes);
}

/** XXH64 of `len` bytes at `ptr` of the memory the module was instantiated with (signed result). */
export type Xxh64Fn = (ptr: number, len: number) => bigint;

/** The slice of the WebAssembly JS API used here (the project compiles without the DOM lib). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (
    module: object,
    imports: Record<string, Record<string, unknown>>,
  ) => { exports: Record<string, unknown> };
}

/**
 * Instantiates XXH64 over `memory` (a WebAssembly.Memory, shared when `shared`); undefined where
 * WebAssembly is unavailable or rejects the module (callers then hash by other means).
 */
export function xxh64Over(memory: object, shared: boolean): Xxh64Fn | undefined {
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (api === undefined) return undefined;
  try {
    const instance = new api.Instance(new api.Module(xxh64ModuleBytes(shared)), { e: { m: memory } });
    return instance.exports['xxh64'] as Xxh64Fn;
  } catch {
    return undefined;
  }
}
