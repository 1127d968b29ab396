#!/usr/bin/env node
// Micro-benchmark of encryption at rest's package cipher (packages/engine/src/crypto/): a 64 MiB
// stream sealed by EncryptStream and opened by decryptSlices, once with the packages sealed on
// the calling thread (`inlineCipher`) and once on the cipher thread pool, in memory (no disks, no
// HTTP). Reports MiB/s of plaintext and the main thread's busy time per GiB (event loop
// utilisation), the cost the event loop pays. Needs the engine built (`npx tsc -b packages/engine`). Usage: node bench/package-cipher.mjs [repeats] [format version: 1 or 2, default the current one]
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '../packages/engine/dist/crypto');
const load = (file) => import(pathToFileURL(join(dist, file)).href);
const { EncryptStream, decryptSlices, RunBuffers } = await load('package-cipher.js');
const { CipherPool, inlineCipher } = await load('cipher-pool.js');
const { wholePlan } = await load('read-plan.js');
const { CURRENT_FORMAT, FORMAT_V1, FORMAT_V2 } = await load('package-format.js');

const repeats = Number(process.argv[2] ?? 3);
const format = { 1: FORMAT_V1, 2: FORMAT_V2 }[process.argv[3]] ?? CURRENT_FORMAT;
const size = 64 * 1024 * 1024;
const key = randomBytes(32);
const plain = randomBytes(size);
// Chunks as a socket would deliver them.
const chunks = [];
for (let i = 0; i < size; i += 65536) chunks.push(plain.subarray(i, i + 65536));
const pool = new CipherPool();

/** Runs `work`; answers MiB/s and the main thread's busy seconds per GiB. */
async function measure(work) {
  const elu = performance.eventLoopUtilization();
  const t = performance.now();
  await work();
  const seconds = (performance.now() - t) / 1000;
  const busy = performance.eventLoopUtilization(elu).active / 1000;
  return { mibs: size / 1048576 / seconds, busyPerGiB: busy / (size / 2 ** 30) };
}

console.log(
  `package cipher, format ${format.version}, ${size / 1048576} MiB, ${repeats} repeats (load average ${(
    await import('node:os')
  )
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})`,
);
for (let r = 0; r < repeats; r++) {
  for (const [name, cipher] of [
    ['inline', inlineCipher],
    ['pool', pool],
  ]) {
    const out = [];
    const seal = await measure(async () => {
      for await (const c of Readable.from(chunks).pipe(new EncryptStream(key, 0, format, cipher)))
        out.push(c);
    });
    const stored = Buffer.concat(out);
    const storedChunks = [];
    for (let i = 0; i < stored.length; i += 1 << 20) storedChunks.push(stored.subarray(i, i + (1 << 20)));
    const plan = wholePlan([{ partNumber: 0, plainSize: size, storedSize: stored.length }], format);
    const buffers = new RunBuffers();
    const open = await measure(async () => {
      const source = Readable.from(storedChunks);
      for await (const c of decryptSlices(
        source,
        key,
        format,
        plan.slices,
        0,
        size,
        undefined,
        cipher,
        buffers,
      ))
        buffers.give(c);
    });
    console.log(
      `${name.padEnd(6)} seal ${seal.mibs.toFixed(0).padStart(5)} MiB/s (${seal.busyPerGiB.toFixed(2)} s main thread/GiB), ` +
        `open ${open.mibs.toFixed(0).padStart(5)} MiB/s (${open.busyPerGiB.toFixed(2)} s main thread/GiB)`,
    );
  }
}
await pool.close();
