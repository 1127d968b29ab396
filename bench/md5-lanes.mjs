// Micro-benchmark of the MD5 kernels (packages/engine/src/storage/md5-kernel.ts, md5-lanes.ts)
// against node:crypto (OpenSSL), in bytes hashed per CPU-second of this thread: OpenSSL on one
// stream, the module's scalar `md5x1` on one stream, `md5x4` on four streams (aggregate), and the
// coordinator as the digest worker drives it (four streams of 1 MiB buffers in a SharedArrayBuffer,
// copied into the module chunk by chunk). 1 MiB per call; the median of `rounds` rounds.
// Run after a build: `npx tsc -b packages/engine && node bench/md5-lanes.mjs [rounds]`; run it
// with each Node to compare them. Not part of `npm test`; figures depend on the machine.
import { createHash, randomFillSync } from 'node:crypto';
import { md5ModuleBytes } from '../packages/engine/dist/storage/md5-kernel.js';
import { createMd5Lanes } from '../packages/engine/dist/storage/md5-lanes.js';

const MiB = 1 << 20;
const rounds = Number(process.argv[2] ?? 7);
const module = new WebAssembly.Module(md5ModuleBytes(false));
const memory = new WebAssembly.Memory({ initial: 80 });
const { md5x1, md5x4 } = new WebAssembly.Instance(module, { e: { m: memory } }).exports;
const bytes = new Uint8Array(memory.buffer);
const STATE = 0;
const DATA = 1024;
for (let k = 0; k < 4; k++) randomFillSync(bytes, DATA + k * MiB, MiB);
const shared = new Uint8Array(new SharedArrayBuffer(4 * MiB));
randomFillSync(shared);

/** Bytes per CPU-second of `calls` calls of `fn`, each hashing `bytesPerCall`. */
function rate(fn, bytesPerCall, calls) {
  const before = process.cpuUsage();
  for (let i = 0; i < calls; i++) fn();
  const used = process.cpuUsage(before);
  return (bytesPerCall * calls) / ((used.user + used.system) / 1e6);
}

const lanes = createMd5Lanes(module, { waitMs: 0 });
let id = 0;
function coordinator() {
  const ids = [0, 1, 2, 3].map(() => ++id);
  for (const i of ids) lanes.start(i);
  ids.forEach((i, k) => lanes.update(i, shared.subarray(k * MiB, (k + 1) * MiB), () => undefined));
  while (lanes.due() >= 0) lanes.run();
  for (const i of ids) lanes.finish(i);
}

const cases = {
  'OpenSSL, 1 stream': [() => createHash('md5').update(shared.subarray(0, MiB)).digest(), MiB],
  'md5x1, 1 stream': [() => md5x1(STATE, DATA, MiB / 64), MiB],
  'md5x4, 4 streams': [
    () => md5x4(STATE, DATA, DATA + MiB, DATA + 2 * MiB, DATA + 3 * MiB, MiB / 64),
    4 * MiB,
  ],
  'lanes coordinator, 4 streams': [coordinator, 4 * MiB],
};
const results = {};
for (const [name, [fn, n]] of Object.entries(cases)) {
  const calls = Math.ceil((256 * MiB) / n);
  rate(fn, n, 8); // warm-up: optimised code
  const runs = Array.from({ length: rounds }, () => rate(fn, n, calls)).sort((a, b) => a - b);
  results[name] = runs[Math.floor(runs.length / 2)];
}
const openssl = results['OpenSSL, 1 stream'];
console.log(`Node ${process.version}, MB per CPU-second (median of ${rounds}):`);
for (const [name, r] of Object.entries(results))
  console.log(
    `  ${name.padEnd(30)} ${(r / 1e6).toFixed(0).padStart(6)}  ${(r / openssl).toFixed(2)}× OpenSSL`,
  );
