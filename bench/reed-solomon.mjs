// Micro-benchmark of the Reed–Solomon codec (packages/engine/src/storage/reed-solomon.ts):
// encode and reconstruct throughput in MB/s of *data* bytes, 1 MiB blocks split into shards.
// Run after a build: `npx tsc -b packages/engine && node bench/reed-solomon.mjs [seconds-per-case]`.
// Not part of `npm test`; figures depend on the machine.
import { randomFillSync } from 'node:crypto';
import { ReedSolomon, splitBlock } from '../packages/engine/dist/storage/reed-solomon.js';

const BLOCK = 1 << 20;
const seconds = Number(process.argv[2] ?? 1);
const layouts = [
  [2, 2],
  [3, 3],
  [4, 4],
  [8, 8],
  [12, 4],
];

function measure(fn) {
  // Warm up (JIT, decode-matrix cache), then run for the time budget.
  for (let i = 0; i < 5; i++) fn();
  let n = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < seconds * 1e9) {
    fn();
    n++;
    elapsed = Number(process.hrtime.bigint() - start);
  }
  return (n * BLOCK) / (elapsed / 1e9) / 1e6;
}

const rows = [];
for (const [d, p] of layouts) {
  const rs = new ReedSolomon(d, p);
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
console.table(rows);
