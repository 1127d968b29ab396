// Micro-benchmark of compression at rest (packages/engine/src/compress) without HTTP: PUT/GET
// throughput of a compressible (log-like text) and an incompressible (random) object through the
// compression decorator, against the same layer with compression off, and the bytes stored on the
// drives in each case; and the cost of one audit webhook target on small requests' bookkeeping.
// Run after a build: `npx tsc -b packages/engine && node bench/compression.mjs [--mib 64] [--repeats 3]`.
// Not part of `npm test`; figures depend on the machine (and on the other work it is doing).
import { randomFillSync } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { openObjectLayer } from '../packages/engine/dist/object-layer/index.js';
import { withCompression } from '../packages/engine/dist/compress/index.js';
import { staticConfig } from '../packages/engine/dist/config/types.js';
import { LoggingSystem } from '../packages/engine/dist/logging/index.js';

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const MIB = opt('mib', 64);
const REPEATS = opt('repeats', 3);
const CHUNK = 64 * 1024;

function logText(size) {
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (let i = 0; at < size; i++)
    at += out.write(
      `2026-11-25T04:${String(i % 60).padStart(2, '0')} INFO request ${i} served in ${i % 997} ms\n`,
      at,
    );
  return out;
}
const payloads = {
  text: logText(MIB * 1024 * 1024),
  random: randomFillSync(Buffer.allocUnsafe(MIB * 1024 * 1024)),
};
const body = (buf) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < buf.length; i += CHUNK) yield buf.subarray(i, i + CHUNK);
    })(),
  );
const mbps = (bytes, ms) => (bytes / 1e6 / (ms / 1000)).toFixed(0);
const best = (xs) => Math.min(...xs);

async function storedBytes(dir, bucket) {
  let total = 0;
  const walk = async (d, inBucket) => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) await walk(p, inBucket || e.name === bucket);
      else if (inBucket) total += (await stat(p)).size;
    }
  };
  await walk(dir, false);
  return total;
}

const root = await mkdtemp(join(tmpdir(), 'coffer-bench-zip-'));
try {
  const drives = [1, 2, 3, 4].map((i) => join(root, `d${i}`));
  const { layer: inner } = await openObjectLayer({ drives });
  const config = staticConfig({ compression: { enable: 'on', extensions: '', mime_types: '' } });
  const layer = withCompression(inner, config);
  console.log(`compression: 4 drives, ${MIB} MiB objects, best of ${REPEATS}`);
  console.log('payload  mode        PUT MB/s  GET MB/s  stored/plain');
  for (const [name, payload] of Object.entries(payloads)) {
    for (const mode of ['off', 'on']) {
      config.set('compression', { enable: mode, extensions: '', mime_types: '' });
      const bucket = `${name}-${mode}`;
      await layer.makeBucket(bucket);
      const puts = [];
      const gets = [];
      for (let r = 0; r < REPEATS; r++) {
        let t = performance.now();
        await layer.putObject(bucket, 'obj', body(payload), { size: payload.length });
        puts.push(performance.now() - t);
        t = performance.now();
        const read = await layer.getObject(bucket, 'obj');
        for await (const _ of read.stream);
        gets.push(performance.now() - t);
      }
      const ratio = (await storedBytes(root, bucket)) / (await storedBytes(root, `${name}-off`));
      console.log(
        `${name.padEnd(8)} ${`compress ${mode}`.padEnd(11)} ${mbps(payload.length, best(puts)).padStart(8)}  ${mbps(payload.length, best(gets)).padStart(8)}  ${ratio.toFixed(3).padStart(12)}`,
      );
    }
  }
  await layer.close();

  // Audit bookkeeping: 4 KiB-request descriptions handed to a system with one target vs none.
  const received = { n: 0 };
  const sink = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.n++;
      res.end();
    });
  });
  await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${sink.address().port}/audit`;
  const request = (i) => ({
    api: 'PutObject',
    bucket: 'b',
    object: `k${i}`,
    statusCode: 200,
    rx: 4096,
    tx: 0,
    timeToResponseNs: 1000,
    remoteHost: '127.0.0.1',
    requestId: String(i),
    userAgent: 'bench',
    requestPath: `/b/k${i}`,
    requestHost: 'localhost',
    requestQuery: {},
    requestHeader: { 'Content-Length': '4096' },
    responseHeader: {},
    time: new Date(),
  });
  const N = 20_000;
  for (const targets of [0, 1]) {
    const cfg = staticConfig(targets > 0 ? { audit_webhook: { enable: 'on', endpoint: url } } : {});
    const system = new LoggingSystem(cfg, { deploymentId: 'bench' });
    const t = performance.now();
    for (let i = 0; i < N; i++) if (system.auditEnabled) system.audit(request(i));
    const queued = performance.now() - t;
    await system.targets().audit[0]?.queue.drained();
    const delivered = performance.now() - t;
    console.log(
      `audit, ${targets} target(s): ${N} entries queued in ${queued.toFixed(0)} ms (${((queued * 1000) / N).toFixed(1)} µs each), delivered after ${delivered.toFixed(0)} ms`,
    );
    await system.close();
  }
  sink.close();
} finally {
  await rm(root, { recursive: true, force: true });
}
