// Micro-benchmark of the Reed–Solomon codec (packages/engine/src/storage/reed-solomon.ts):
// encode and reconstruct throughput in MB/s of *data* bytes, 1 MiB blocks split into shards.
// Run after a build: `npx tsc -b packages/engine && node bench/reed-solomon.mjs [seconds-per-case]`.
// RS_SIMD=0 measures the pure TypeScript fallback; `node --experimental-wasm-relaxed-simd …` lets Node 20
// use the relaxed-swizzle kernel (the default from Node 22). Not part of `npm test`; figures depend on
// the machine.
import { randomFillSync } from 'node:crypto';
import { kernelBytes } from '../packages/engine/dist/storage/reed-solomon-kernel.js';
import { ReedSolomon, splitBlock } from '../packages/engine/dist/storage/reed-solomon.js';

const BLOCK = 1 << 20;
const seconds = Number(process.argv[2] ?? 1);
const simd = process.env.RS_SIMD !== '0'; // RS_SIMD=0 measures the pure TypeScript path
let relaxed = true; // whether the codec got the relaxed-swizzle variant (it tries that one first)
try {
  new WebAssembly.Module(kernelBytes(true));
} catch {
  relaxed = false;
}
const layouts = [
  [2, 2],
  [3, 3],
  [4, 4],
  [8, 8],
  [12, 4],
];

/**
 * Throughput of `fn` (one call = one 1 MiB block) in MB/s: the best of ten windows, so a busy
 * machine (other processes on the same cores) disturbs the figure less than a single average.
 */
function measure(fn) {
  for (let i = 0; i < 5; i++) fn(); // JIT/tier-up, decode-matrix cache
  let best = 0;
  for (let w = 0; w < 10; w++) {
    let n = 0;
    const start = process.hrtime.bigint();
    let elapsed = 0;
    while (elapsed < (seconds * 1e9) / 10 || n < 3) {
      fn();
      n++;
      elapsed = Number(process.hrtime.bigint() - start);
    }
    best = Math.max(best, (n * BLOCK) / (elapsed / 1e9) / 1e6);
  }
  return best;
}

const rows = [];
for (const [d, p] of layouts) {
  const rs = new ReedSolomon(d, p, { simd });
  const block = randomFillSync(new Uint8Array(BLOCK));
  const shards = splitBlock(block, d, p);
  const encode = measure(() => rs.encode(shards));
  const lostData = shards.map((s, i) => (i < p && i < d ? undefined : s));
  const rebuildData = measure(() => rs.reconstruct(lostData.slice(), { dataOnly: true }));
  const lostParity = shards.map((s, i) => (i >= d ? undefined : s));
  const rebuildParity = measure(() => rs.reconstruct(lostParity.slice()));
  const verify = measure(() => rs.verify(shards));
  rows.push({
    layout: `${d}+${p}`,
    'encode MB/s': Math.round(encode),
    'reconstruct (min(p,d) data lost, dataOnly) MB/s': Math.round(rebuildData),
    'reconstruct (all parity lost) MB/s': Math.round(rebuildParity),
    'verify MB/s': Math.round(verify),
  });
}
console.log(
  `Reed–Solomon, 1 MiB blocks, ${simd ? `WebAssembly SIMD kernel (${relaxed ? 'relaxed' : 'plain'} swizzle)` : 'pure TypeScript'}; MB/s of data bytes`,
);
console.table(rows);
