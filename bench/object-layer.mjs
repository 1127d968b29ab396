// Micro-benchmark of the erasure-coded object layer (packages/engine/src/object-layer), without
// HTTP: PUT/GET throughput of a large object against a bare write of the same bytes to the same
// disk, small-object PUT/GET rates, and the cost of a 1,000-key listing page with few or many keys.
// Run after a build: `npx tsc -b packages/engine && node bench/object-layer.mjs [--drives 4] [--mib 64] [--keys 1000000]`.
// Not part of `npm test`; figures depend on the machine.
import { randomFillSync } from 'node:crypto';
import { open, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { openObjectLayer } from '../packages/engine/dist/object-layer/index.js';
import { objectKey } from '../packages/engine/dist/storage/meta-keys.js';
import { listObjects } from '../packages/engine/dist/object-layer/listing.js';

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const DRIVES = opt('drives', 4);
const MIB = opt('mib', 64);
const KEYS = opt('keys', 1_000_000);
const REPEATS = opt('repeats', 5);
const CHUNK = 64 * 1024;

const payload = randomFillSync(Buffer.allocUnsafe(MIB * 1024 * 1024));
/** The body as an HTTP server would see it: 64 KiB chunks. */
function body(buf) {
  return Readable.from(
    (function* () {
      for (let i = 0; i < buf.length; i += CHUNK) yield buf.subarray(i, i + CHUNK);
    })(),
    { objectMode: false },
  );
}
const mbps = (bytes, ms) => (bytes / 1e6 / (ms / 1000)).toFixed(0);
const best = (xs) => Math.min(...xs);

async function bareWrite(dir) {
  // The raw limit: stream the same bytes into one file, fsync, close.
  const path = join(dir, 'bare.bin');
  const t = performance.now();
  const fh = await open(path, 'w');
  for (let i = 0; i < payload.length; i += CHUNK)
    await fh.write(payload, i, Math.min(CHUNK, payload.length - i));
  await fh.sync();
  await fh.close();
  const ms = performance.now() - t;
  await rm(path);
  return ms;
}

const root = await mkdtemp(join(tmpdir(), 'coffer-bench-ol-'));
try {
  const drives = Array.from({ length: DRIVES }, (_, i) => join(root, `d${i + 1}`));
  const { layer } = await openObjectLayer({ drives });
  await layer.makeBucket('bench');
  const info = await layer.storageInfo();
  console.log(
    `object layer: ${DRIVES} drive(s), ${info.dataShards}+${info.parityShards}, ${MIB} MiB object, best of ${REPEATS}`,
  );

  const bare = [];
  const puts = [];
  const gets = [];
  // CPU time of the whole process (all threads), which a busy machine disturbs less than wall time.
  const cpu = { bare: [], put: [] };
  const cpuMs = (start) => {
    const u = process.cpuUsage(start);
    return (u.user + u.system) / 1000;
  };
  for (let r = 0; r < REPEATS; r++) {
    let c = process.cpuUsage();
    bare.push(await bareWrite(root));
    cpu.bare.push(cpuMs(c));
    c = process.cpuUsage();
    let t = performance.now();
    await layer.putObject('bench', 'large', body(payload), { size: payload.length });
    puts.push(performance.now() - t);
    cpu.put.push(cpuMs(c));
    t = performance.now();
    const { stream } = await layer.getObject('bench', 'large');
    let n = 0;
    await pipeline(
      stream,
      new Writable({
        write(c, _e, cb) {
          n += c.length;
          cb();
        },
      }),
    );
    gets.push(performance.now() - t);
    if (n !== payload.length) throw new Error('short read');
  }
  const size = payload.length;
  console.log(
    `bare write+fsync  ${mbps(size, best(bare))} MB/s (${best(bare).toFixed(0)} ms, ${best(cpu.bare).toFixed(0)} ms CPU)`,
  );
  console.log(
    `layer PUT         ${mbps(size, best(puts))} MB/s (${best(puts).toFixed(0)} ms, ${best(cpu.put).toFixed(0)} ms CPU) = ` +
      `${(best(bare) / best(puts)).toFixed(2)}x bare`,
  );
  console.log(`layer GET         ${mbps(size, best(gets))} MB/s (${best(gets).toFixed(0)} ms)`);

  // Small objects: 4 KiB, 16 concurrent.
  const small = payload.subarray(0, 4096);
  const N = 2000;
  let t = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < N) {
        const i = next++;
        await layer.putObject('bench', `small/${i}`, Readable.from([small]), { size: small.length });
      }
    }),
  );
  const putMs = performance.now() - t;
  t = performance.now();
  next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < N) {
        const i = next++;
        const { stream } = await layer.getObject('bench', `small/${i}`);
        for await (const _ of stream);
      }
    }),
  );
  const getMs = performance.now() - t;
  console.log(`4 KiB PUT         ${(N / (putMs / 1000)).toFixed(0)} objects/s (16 concurrent)`);
  console.log(`4 KiB GET         ${(N / (getMs / 1000)).toFixed(0)} objects/s (16 concurrent)`);

  // Listing: a 1,000-key page with 10k keys, then with KEYS keys, in the bucket.
  const template = layer.core.drives[0].get(objectKey('bench', 'small/0')).versions[0];
  async function fill(bucket, count) {
    await layer.makeBucket(bucket);
    for (const drive of layer.core.drives) {
      for (let s = 0; s < count; s += 100_000) {
        const ops = [];
        for (let i = s; i < Math.min(count, s + 100_000); i++) {
          ops.push({
            key: objectKey(bucket, `k/${String(i).padStart(8, '0')}`),
            value: { v: 1, versions: [template] },
          });
        }
        await drive.commit(ops);
      }
    }
  }
  for (const [bucket, count] of [
    ['list-small', 10_000],
    ['list-large', KEYS],
  ]) {
    const tf = performance.now();
    await fill(bucket, count);
    const fillMs = performance.now() - tf;
    const stats = { visited: 0 };
    const times = [];
    for (let r = 0; r < 20; r++) {
      const after = `k/${String(Math.floor((count / 20) * r)).padStart(8, '0')}`;
      const t0 = performance.now();
      const page = listObjects(layer.core, bucket, { prefix: 'k/', maxKeys: 1000, after }, stats);
      times.push(performance.now() - t0);
      if (page.objects.length === 0) throw new Error('empty page');
    }
    const delimited = [];
    for (let r = 0; r < 20; r++) {
      const t0 = performance.now();
      listObjects(layer.core, bucket, { delimiter: '/', maxKeys: 1000 }, stats);
      delimited.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `list 1000 of ${String(count).padStart(9)} keys: median ${times[10].toFixed(1)} ms, ` +
        `delimiter '/' page ${best(delimited).toFixed(2)} ms (index built in ${(fillMs / 1000).toFixed(1)} s)`,
    );
  }
  await layer.close();
} finally {
  await rm(root, { recursive: true, force: true });
}
