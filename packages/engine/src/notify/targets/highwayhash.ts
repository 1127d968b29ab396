/**
 * HighwayHash-256 (Google's keyed hash, frozen; as specified by its reference implementation), for
 * one job: MinIO names an Elasticsearch `namespace` document by the HighwayHash-256 of
 * `<bucket>/<object>` under a fixed key, base64url-encoded, so ids stay within Elasticsearch's
 * 512-byte limit whatever the key length. Written over BigInt: the inputs are object keys (at most
 * ~1 KiB), so clarity beats speed here.
 */

const MASK64 = (1n << 64n) - 1n;
const LOW32 = 0xffffffffn;

const INIT0 = [0xdbe6d5d5fe4cce2fn, 0xa4093822299f31d0n, 0x13198a2e03707344n, 0x243f6a8885a308d3n];
const INIT1 = [0x3bd39e10cb0ef593n, 0xc0acf169b5f18a8cn, 0xbe5466cf34e90c6cn, 0x452821e638d01377n];

/** The four lanes of each of the four state vectors. */
interface State {
  v0: bigint[];
  v1: bigint[];
  mul0: bigint[];
  mul1: bigint[];
}

/** Swaps the 32-bit halves of a 64-bit lane. */
const swapHalves = (x: bigint): bigint => ((x >> 32n) | (x << 32n)) & MASK64;

/** The byte `n` (0 = least significant) of `x`, kept in place. */
const byteAt = (x: bigint, n: bigint): bigint => x & (0xffn << (8n * n));

function lanes(block: Uint8Array): bigint[] {
  const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
  return [0, 8, 16, 24].map((at) => view.getBigUint64(at, true));
}

/** Adds a byte-shuffled mix of lanes `a`, `b` to `out[i]`, `out[i + 1]` (HighwayHash's zipper merge). */
function zipperMerge(a: bigint, b: bigint, out: bigint[], i: number): void {
  const first =
    byteAt(a, 2n) +
    (byteAt(b, 7n) >> 8n) +
    ((byteAt(a, 5n) + byteAt(b, 6n)) >> 16n) +
    ((byteAt(a, 3n) + byteAt(b, 4n)) >> 24n) +
    (byteAt(a, 1n) << 32n) +
    ((a << 56n) & MASK64);
  const second =
    byteAt(a, 7n) +
    byteAt(b, 2n) +
    (byteAt(a, 6n) >> 8n) +
    (byteAt(b, 5n) >> 16n) +
    ((byteAt(b, 3n) + byteAt(a, 4n)) >> 24n) +
    (byteAt(b, 0n) << 48n) +
    (byteAt(b, 1n) << 24n);
  out[i] = ((out[i] ?? 0n) + first) & MASK64;
  out[i + 1] = ((out[i + 1] ?? 0n) + second) & MASK64;
}

/** Absorbs one 32-byte block. */
function absorb(state: State, block: Uint8Array): void {
  const { v0, v1, mul0, mul1 } = state;
  const words = lanes(block);
  for (let i = 0; i < 4; i++) {
    v1[i] = ((v1[i] ?? 0n) + (words[i] ?? 0n) + (mul0[i] ?? 0n)) & MASK64;
    mul0[i] = (mul0[i] ?? 0n) ^ (((v1[i] ?? 0n) & LOW32) * ((v0[i] ?? 0n) >> 32n));
    v0[i] = ((v0[i] ?? 0n) + (mul1[i] ?? 0n)) & MASK64;
    mul1[i] = (mul1[i] ?? 0n) ^ (((v0[i] ?? 0n) & LOW32) * ((v1[i] ?? 0n) >> 32n));
  }
  zipperMerge(v1[0] ?? 0n, v1[1] ?? 0n, v0, 0);
  zipperMerge(v1[2] ?? 0n, v1[3] ?? 0n, v0, 2);
  zipperMerge(v0[0] ?? 0n, v0[1] ?? 0n, v1, 0);
  zipperMerge(v0[2] ?? 0n, v0[3] ?? 0n, v1, 2);
}

/** Absorbs the last 1–31 bytes: the length is folded into the state and the bytes packed. */
function absorbTail(state: State, tail: Uint8Array): void {
  const size = tail.length;
  const length = BigInt(size);
  for (let i = 0; i < 4; i++) state.v0[i] = ((state.v0[i] ?? 0n) + (length << 32n) + length) & MASK64;
  const rotate32 = (x: bigint): bigint => ((x << length) | (x >> (32n - length))) & LOW32;
  for (let i = 0; i < 4; i++) {
    const lane = state.v1[i] ?? 0n;
    state.v1[i] = (rotate32(lane >> 32n) << 32n) | rotate32(lane & LOW32);
  }
  const block = new Uint8Array(32);
  const whole = size - (size % 4);
  block.set(tail.subarray(0, whole));
  if (size >= 16) {
    block.set(tail.subarray(size - 4), 28);
  } else if (size % 4 !== 0) {
    // The 1–3 leftover bytes: first, middle and last, little-endian at offset 16.
    block[16] = tail[whole] ?? 0;
    block[17] = tail[whole + ((size % 4) >> 1)] ?? 0;
    block[18] = tail[size - 1] ?? 0;
  }
  absorb(state, block);
}

/** The 128-bit value `[a0, a1, a2, a3]` reduced modulo x^128 + x^2 + x. */
function reduceModulo(a0: bigint, a1: bigint, a2: bigint, a3: bigint): [bigint, bigint] {
  const high3 = a3 & 0x3fffffffffffffffn;
  const shifted3 = ((high3 << 1n) | (a2 >> 63n)) & MASK64;
  const shifted2 = (a2 << 1n) & MASK64;
  const twice3 = ((high3 << 2n) | (a2 >> 62n)) & MASK64;
  const twice2 = (a2 << 2n) & MASK64;
  return [twice2 ^ a0 ^ shifted2, twice3 ^ a1 ^ shifted3];
}

/** HighwayHash-256 of `data` under a 32-byte `key`. */
export function highwayHash256(key: Uint8Array, data: Uint8Array): Buffer {
  if (key.length !== 32) throw new Error('highwayhash: invalid key size');
  const keyLanes = lanes(key);
  const state: State = {
    v0: keyLanes.map((k, i) => (INIT0[i] ?? 0n) ^ k),
    v1: keyLanes.map((k, i) => (INIT1[i] ?? 0n) ^ swapHalves(k)),
    mul0: [...INIT0],
    mul1: [...INIT1],
  };
  const whole = data.length - (data.length % 32);
  for (let at = 0; at < whole; at += 32) absorb(state, data.subarray(at, at + 32));
  if (whole < data.length) absorbTail(state, data.subarray(whole));
  // The 256-bit output permutes and absorbs ten times (64-bit: four, 128-bit: six).
  for (let round = 0; round < 10; round++) {
    const permuted = Buffer.alloc(32);
    [2, 3, 0, 1].forEach((lane, i) => permuted.writeBigUInt64LE(swapHalves(state.v0[lane] ?? 0n), i * 8));
    absorb(state, permuted);
  }
  const out = Buffer.alloc(32);
  const add = (a: bigint | undefined, b: bigint | undefined): bigint => ((a ?? 0n) + (b ?? 0n)) & MASK64;
  for (const half of [0, 2]) {
    const [h0, h1] = reduceModulo(
      add(state.v0[half], state.mul0[half]),
      add(state.v0[half + 1], state.mul0[half + 1]),
      add(state.v1[half], state.mul1[half]),
      add(state.v1[half + 1], state.mul1[half + 1]),
    );
    out.writeBigUInt64LE(h0, half * 8);
    out.writeBigUInt64LE(h1, half * 8 + 8);
  }
  return out;
}

/** MinIO's fixed key for Elasticsearch document ids (HighwayHash-256 of π's first 100 decimals). */
const ES_ID_KEY = Buffer.from('4be734fa8e238acd263e83e6bb968552040f935da39f441497e09d1322de36a0', 'hex');

/** The id MinIO gives the `namespace` document of `<bucket>/<object>`: padded base64url. */
export function elasticsearchDocumentId(key: string): string {
  return highwayHash256(ES_ID_KEY, Buffer.from(key, 'utf8'))
    .toString('base64')
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}
