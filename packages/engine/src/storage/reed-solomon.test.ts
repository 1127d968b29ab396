import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KERNEL_STEP, TABLES_BYTES, compileKernel } from './reed-solomon-kernel.js';
import { ReedSolomon, TooFewShardsError, splitBlock } from './reed-solomon.js';

// ---------------------------------------------------------------------------------------------
// An independent, deliberately slow reference: GF(2^8) over 0x11d from log/exp tables built here,
// the systematic matrix V · V_top⁻¹ by plain Gauss–Jordan, and parity by the definition.
// ---------------------------------------------------------------------------------------------
const EXP: number[] = [];
const LOG: number[] = new Array<number>(256).fill(0);
{
  let x = 1;
  for (let i = 0; i < 255; i++) {
    EXP[i] = x;
    LOG[x] = i;
    x = x * 2;
    if (x >= 256) x ^= 0x11d;
  }
}
const mul = (a: number, b: number): number => (a === 0 || b === 0 ? 0 : EXP[(LOG[a]! + LOG[b]!) % 255]!);
const inv = (a: number): number => EXP[(255 - LOG[a]!) % 255]!;
const pow = (a: number, n: number): number => {
  let r = 1;
  for (let i = 0; i < n; i++) r = mul(r, a);
  return r;
};

function refMatrix(data: number, total: number): number[][] {
  const v = Array.from({ length: total }, (_, r) => Array.from({ length: data }, (_, c) => pow(r, c)));
  // Invert the top square.
  const a = v
    .slice(0, data)
    .map((row, i) => [...row, ...Array.from({ length: data }, (_, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < data; col++) {
    const p = a.findIndex((row, i) => i >= col && row[col] !== 0);
    [a[col], a[p]] = [a[p]!, a[col]!];
    const s = inv(a[col]![col]!);
    a[col] = a[col]!.map((x) => mul(x, s));
    for (let r = 0; r < data; r++) {
      if (r === col) continue;
      const f = a[r]![col]!;
      a[r] = a[r]!.map((x, c) => x ^ mul(f, a[col]![c]!));
    }
  }
  const topInv = a.map((row) => row.slice(data));
  return v.map((row) =>
    Array.from({ length: data }, (_, c) => row.reduce((acc, x, k) => acc ^ mul(x, topInv[k]![c]!), 0)),
  );
}

function refParity(data: Uint8Array[], parity: number): Uint8Array[] {
  const m = refMatrix(data.length, data.length + parity);
  const size = data[0]!.length;
  return Array.from({ length: parity }, (_, p) => {
    const out = new Uint8Array(size);
    for (let i = 0; i < size; i++) {
      let acc = 0;
      for (let c = 0; c < data.length; c++) acc ^= mul(m[data.length + p]![c]!, data[c]![i]!);
      out[i] = acc;
    }
    return out;
  });
}

/** Byte comparisons as hex strings: fast, and a failure shows the bytes. */
const hex = (b: Uint8Array | undefined): string =>
  b === undefined ? 'missing' : Buffer.from(b.buffer, b.byteOffset, b.length).toString('hex');

/** Deterministic PRNG (xorshift32) so failures reproduce. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s;
  };
}

function randomBytes(n: number, next: () => number): Uint8Array {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = next() & 0xff;
  return b;
}

function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const rec = (start: number, acc: number[]): void => {
    if (acc.length === k) {
      out.push(acc.slice());
      return;
    }
    for (let i = start; i < n; i++) {
      acc.push(i);
      rec(i + 1, acc);
      acc.pop();
    }
  };
  rec(0, []);
  return out;
}

const LAYOUTS: Array<[number, number]> = [
  [1, 0],
  [1, 1],
  [2, 2],
  [3, 1],
  [3, 3],
  [4, 4],
  [5, 3],
  [8, 8],
  [10, 4],
];

describe('ReedSolomon', () => {
  it.each([true, false])('pins the 2+2 matrix with a known answer (simd: %s)', (simd) => {
    const rs = new ReedSolomon(2, 2, { simd });
    const shards = [
      Uint8Array.of(1, 2, 3, 4),
      Uint8Array.of(5, 6, 7, 8),
      new Uint8Array(4).fill(0xaa),
      new Uint8Array(4).fill(0x55),
    ];
    rs.encode(shards);
    // 2+2: V = [[1,0],[1,1],[1,2],[1,3]], V_top⁻¹ = [[1,0],[1,1]], so the parity rows are [3,2] and [2,3].
    expect(Array.from(shards[2]!)).toEqual([9, 10, 11, 28]);
    expect(Array.from(shards[3]!)).toEqual([13, 14, 15, 16]);
    // And the same bytes by the slow reference and by the closed form.
    const ref = refParity([shards[0]!, shards[1]!], 2);
    expect(hex(shards[2])).toBe(hex(ref[0]));
    expect(hex(shards[3])).toBe(hex(ref[1]));
    for (let i = 0; i < 4; i++) {
      expect(shards[2]![i]).toBe(mul(3, shards[0]![i]!) ^ mul(2, shards[1]![i]!));
      expect(shards[3]![i]).toBe(mul(2, shards[0]![i]!) ^ mul(3, shards[1]![i]!));
    }
  });

  it('pins larger layouts: parity digests of a fixed input', () => {
    const digests: Record<string, string> = {};
    for (const [d, p] of [
      [4, 2],
      [8, 8],
    ] as const) {
      const next = rng(12345);
      const shards = splitBlock(randomBytes(1000, next), d, p);
      new ReedSolomon(d, p).encode(shards);
      const h = createHash('sha256');
      const js = shards.map((x) => x.slice());
      new ReedSolomon(d, p, { simd: false }).encode(js);
      expect(js.map(hex)).toEqual(shards.map(hex));
      for (const s of shards.slice(d)) h.update(s);
      digests[`${d}+${p}`] = h.digest('hex');
    }
    expect(digests).toEqual({
      '4+2': '3c9304d06278e4048127cbfb807c27118d5ae9629184fd24f4c5f478ed307ca6',
      '8+8': '0c2a169ad30d88ef881dad25e8f457d0ee7fcc96103fa89b8355150ebb90d145',
    });
  });

  for (const [[d, p], simd] of LAYOUTS.flatMap((l) => [true, false].map((simd) => [l, simd] as const))) {
    it(`${d}+${p} (${simd ? 'SIMD kernel' : 'pure TypeScript'}): encode matches the reference; every loss of ≤ parity shards is rebuilt`, () => {
      const rs = new ReedSolomon(d, p, { simd });
      expect(rs.totalShards).toBe(d + p);
      // Node 20+ has WebAssembly SIMD, so the kernel must really be the one under test.
      expect(rs.simd).toBe(simd && p > 0);
      const next = rng(d * 1000 + p);
      for (const len of [1, 37, 1001, 4099]) {
        const shards = splitBlock(randomBytes(len, next), d, p);
        rs.encode(shards);
        const ref = refParity(shards.slice(0, d), p);
        for (let i = 0; i < p; i++) expect(hex(shards[d + i])).toBe(hex(ref[i]));
        expect(rs.verify(shards)).toBe(true);

        const original = shards.map((s) => s.slice());
        let patterns: number[][] = [];
        for (let k = 1; k <= p; k++) patterns.push(...combinations(d + p, k));
        if (patterns.length > 60) {
          // Big layouts: a random sample, always including the worst cases (all parity lost, first p data lost).
          const sample = [
            Array.from({ length: p }, (_, i) => d + i),
            Array.from({ length: Math.min(p, d) }, (_, i) => i),
          ];
          while (sample.length < 60) sample.push(patterns[next() % patterns.length]!);
          patterns = sample;
        }
        for (const lost of patterns) {
          for (const dataOnly of [false, true]) {
            const damaged: Array<Uint8Array | undefined> = shards.slice();
            for (const i of lost) damaged[i] = undefined;
            const rebuilt = rs.reconstruct(damaged, { dataOnly });
            expect(rebuilt.length).toBe(d + p);
            for (let i = 0; i < d + p; i++) {
              if (dataOnly && i >= d && lost.includes(i)) continue;
              expect(hex(rebuilt[i]), `lost ${lost.join(',')} shard ${i} len ${len}`).toBe(hex(original[i]));
            }
            // Present shards are reused, not copied.
            for (let i = 0; i < d + p; i++) if (!lost.includes(i)) expect(rebuilt[i]).toBe(shards[i]);
          }
        }
      }
    });
  }

  it('throws when too many shards are missing', () => {
    const rs = new ReedSolomon(4, 2);
    const shards = splitBlock(randomBytes(100, rng(7)), 4, 2);
    rs.encode(shards);
    const damaged: Array<Uint8Array | undefined> = shards.slice();
    damaged[0] = undefined;
    damaged[3] = undefined;
    damaged[5] = undefined;
    expect(() => rs.reconstruct(damaged)).toThrow(TooFewShardsError);
    expect(() => new ReedSolomon(2, 0).reconstruct([Uint8Array.of(1), undefined])).toThrow(TooFewShardsError);
  });

  it.each([true, false])('verify detects a flipped byte in data or parity (simd: %s)', (simd) => {
    const rs = new ReedSolomon(3, 2, { simd });
    const shards = splitBlock(randomBytes(3000, rng(9)), 3, 2);
    rs.encode(shards);
    expect(rs.verify(shards)).toBe(true);
    for (const [shard, at] of [
      [0, 0],
      [1, 999],
      [2, 500],
      [3, 17],
      [4, 999],
    ] as const) {
      const target = shards[shard]!;
      target[at] = target[at]! ^ 0x01;
      expect(rs.verify(shards)).toBe(false);
      target[at] = target[at]! ^ 0x01;
    }
    expect(rs.verify(shards)).toBe(true);
  });

  it.each([true, false])('works on shards at odd offsets inside a shared buffer (simd: %s)', (simd) => {
    const rs = new ReedSolomon(4, 4, { simd });
    const next = rng(3);
    const size = 777;
    const backing = randomBytes(1 + size * 8, next);
    const shards = Array.from({ length: 8 }, (_, i) => backing.subarray(1 + i * size, 1 + (i + 1) * size));
    rs.encode(shards);
    const ref = refParity(shards.slice(0, 4), 4);
    for (let i = 0; i < 4; i++) expect(hex(shards[4 + i])).toBe(hex(ref[i]));
  });

  it.each([true, false])('handles large shards, crossing internal chunk boundaries (simd: %s)', (simd) => {
    for (const [d, p] of [
      [2, 2],
      [8, 8],
    ] as const) {
      const rs = new ReedSolomon(d, p, { simd });
      const next = rng(d + p);
      const shards = splitBlock(randomBytes(d * 300_001, next), d, p);
      rs.encode(shards);
      // Check a few parity bytes against the closed form at scattered offsets.
      const m = refMatrix(d, d + p);
      for (const off of [0, 1, 65535, 65536, 131_071, 299_999, 300_000]) {
        for (let q = 0; q < p; q++) {
          let acc = 0;
          for (let c = 0; c < d; c++) acc ^= mul(m[d + q]![c]!, shards[c]![off]!);
          expect(shards[d + q]![off]).toBe(acc);
        }
      }
      const damaged: Array<Uint8Array | undefined> = shards.slice();
      const original = shards.map((s) => s.slice());
      for (let i = 0; i < p; i++) damaged[i] = undefined;
      const rebuilt = rs.reconstruct(damaged);
      for (let i = 0; i < d + p; i++) expect(Buffer.compare(rebuilt[i]!, original[i]!)).toBe(0);
    }
  });

  it('SIMD kernel and pure TypeScript agree on random data, layouts and lengths', () => {
    const next = rng(2024);
    for (let round = 0; round < 40; round++) {
      const d = 1 + (next() % 20);
      const p = 1 + (next() % 12);
      const len = next() % 70_000;
      const fast = new ReedSolomon(d, p);
      const slow = new ReedSolomon(d, p, { simd: false });
      const a = splitBlock(randomBytes(len, next), d, p);
      const b = a.map((x) => x.slice());
      fast.encode(a);
      slow.encode(b);
      expect(a.map(hex), `${d}+${p} len ${len}`).toEqual(b.map(hex));
      expect(fast.verify(b)).toBe(true);
      expect(slow.verify(a)).toBe(true);
      // A random loss pattern of up to p shards, rebuilt both ways.
      const lost = new Set<number>();
      const k = 1 + (next() % p);
      while (lost.size < k) lost.add(next() % (d + p));
      const damaged = a.map((x, i) => (lost.has(i) ? undefined : x));
      expect(fast.reconstruct(damaged.slice()).map(hex)).toEqual(slow.reconstruct(damaged.slice()).map(hex));
    }
  });

  it('rejects invalid layouts and mismatched shards', () => {
    expect(() => new ReedSolomon(0, 2)).toThrow(RangeError);
    expect(() => new ReedSolomon(2, -1)).toThrow(RangeError);
    expect(() => new ReedSolomon(200, 57)).toThrow(RangeError);
    expect(() => new ReedSolomon(128, 128)).not.toThrow();
    const rs = new ReedSolomon(2, 1);
    expect(() => rs.encode([new Uint8Array(2), new Uint8Array(2)])).toThrow(RangeError);
    expect(() => rs.encode([new Uint8Array(2), new Uint8Array(3), new Uint8Array(2)])).toThrow(RangeError);
  });

  it.each([true, false])('encodes and rebuilds the biggest layouts (simd: %s)', (simd) => {
    for (const [d, p] of [
      [128, 128],
      [255, 1],
      [17, 239],
    ] as const) {
      const rs = new ReedSolomon(d, p, { simd });
      const next = rng(d * 7 + p);
      const shards = splitBlock(randomBytes(d * 33, next), d, p);
      rs.encode(shards);
      const original = shards.map((s) => s.slice());
      const damaged: Array<Uint8Array | undefined> = shards.slice();
      // Lose the first min(d,p) data shards and the rest of the allowance in parity.
      for (let i = 0; i < Math.min(d, p); i++) damaged[i] = undefined;
      for (let i = 0; i < p - Math.min(d, p); i++) damaged[d + i] = undefined;
      const rebuilt = rs.reconstruct(damaged);
      for (let i = 0; i < d + p; i++) expect(hex(rebuilt[i])).toBe(hex(original[i]));
    }
  });
});

describe('SIMD kernel', () => {
  // The product table built from the test's own field arithmetic.
  const table = new Uint8Array(65536);
  for (let a = 0; a < 256; a++) for (let b = 0; b < 256; b++) table[a * 256 + b] = mul(a, b);

  // Both variants: plain swizzle, and relaxed swizzle where the runtime has it (Node 22+, or Node 20
  // with --experimental-wasm-relaxed-simd); without it the default compile is the plain one again.
  it.each([{ relaxed: false }, {}])('computes every row group against the reference (%o)', (opts) => {
    const kernel = compileKernel(table, opts);
    expect(kernel).toBeDefined();
    const stride = 4 * KERNEL_STEP;
    const coefPtr = TABLES_BYTES;
    const inBase = coefPtr + 4096;
    const next = rng(77);
    // nIn on both sides of the narrow/wide switch; nOut exercising the 4-, 2- and 1-row groups.
    for (const nIn of [1, 2, 4, 5, 9, 16]) {
      for (const nOut of [1, 2, 3, 4, 5, 7, 8]) {
        const outBase = inBase + nIn * stride;
        const k = kernel!.instantiate(outBase + nOut * stride);
        const coefs = randomBytes(nIn * nOut, next);
        coefs[0] = 0; // zero and one are coefficients like any other
        coefs[coefs.length - 1] = 1;
        const inputs = Array.from({ length: nIn }, () => randomBytes(stride, next));
        k.memory.set(coefs, coefPtr);
        inputs.forEach((x, j) => k.memory.set(x, inBase + j * stride));
        k.mulRows(coefPtr, nIn, inBase, stride, outBase, nOut, stride);
        for (let r = 0; r < nOut; r++) {
          const want = new Uint8Array(stride);
          for (let i = 0; i < stride; i++) {
            let acc = 0;
            for (let j = 0; j < nIn; j++) acc ^= mul(coefs[r * nIn + j]!, inputs[j]![i]!);
            want[i] = acc;
          }
          const got = k.memory.subarray(outBase + r * stride, outBase + (r + 1) * stride);
          expect(hex(got), `nIn ${nIn} nOut ${nOut} row ${r}`).toBe(hex(want));
        }
      }
    }
  });
});

describe('splitBlock', () => {
  it('splits into equal zero-padded shards plus zeroed parity', () => {
    const block = Uint8Array.from({ length: 10 }, (_, i) => i + 1);
    const shards = splitBlock(block, 3, 2);
    expect(shards.length).toBe(5);
    expect(shards.map((s) => Array.from(s))).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [9, 10, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ]);
    expect(splitBlock(new Uint8Array(0), 2, 1).map((s) => s.length)).toEqual([0, 0, 0]);
    expect(splitBlock(Uint8Array.of(7, 8), 1, 0).map((s) => Array.from(s))).toEqual([[7, 8]]);
  });
});
