#!/usr/bin/env node
// A/B of the 4 KiB PUT and GET paths between builds, measured as server CPU per request — what a
// shared machine's load barely moves (wall-clock op/s on two cores shared with other sessions is
// noise). Each target is a server child process; passes are interleaved (the order rotating per
// pass), each pass PUTs and then GETs the same `count` keys at concurrency 16 through the bench's
// client, and the server's CPU is read per thread from /proc/<pid>/task/*/schedstat (nanoseconds,
// not the 10 ms ticks of /proc/<pid>/stat) around each phase.
//
// Usage:
//   node bench/ab-small.mjs [--passes 7] [--count 3000] TARGET...
// TARGET is name=kind:repoRoot[:ENV=V,...], e.g.
//   old=engine:/work/wt/small-old new=engine:. new4=engine:.:UV_THREADPOOL_SIZE=4 raw=raw:.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, keyPath, runPool } from './lib/client.mjs';
import { machineBusySeconds, startServer, threadCpu, waitIdle } from './lib/servers.mjs';
import { loadSigner } from './lib/sign.mjs';
import { EMPTY_SHA256, median, round } from './lib/workloads.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv) {
  const opts = {
    passes: 7,
    count: 3000,
    concurrency: 16,
    targets: [],
    phases: 'put,get',
    profileDir: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--passes') opts.passes = Number(argv[++i]);
    else if (a === '--count') opts.count = Number(argv[++i]);
    else if (a === '--concurrency') opts.concurrency = Number(argv[++i]);
    else if (a === '--phases') opts.phases = argv[++i];
    else if (a === '--profile') opts.profileDir = resolve(argv[++i]);
    else {
      const [name, spec] = a.split('=', 2);
      const [kind, root, env] = [spec.split(':')[0], spec.split(':')[1], spec.split(':').slice(2).join(':')];
      const extraEnv = Object.fromEntries((env ? env.split(',') : []).map((kv) => kv.split('=', 2)));
      opts.targets.push({ name, kind, repoRoot: resolve(root || ROOT), extraEnv });
    }
  }
  return opts;
}

function diff(after, before) {
  const out = {};
  for (const [k, v] of after) out[k] = v - (before.get(k) ?? 0);
  return out;
}

async function phase(target, count, fn) {
  const t0 = threadCpu(target.server.pid);
  const m0 = machineBusySeconds();
  const c0 = process.cpuUsage();
  const start = performance.now();
  await runPool(count, target.concurrency, fn);
  const seconds = (performance.now() - start) / 1000;
  const threads = diff(threadCpu(target.server.pid), t0);
  const serverNs = Object.values(threads).reduce((a, b) => a + b, 0);
  const cu = process.cpuUsage(c0);
  const clientS = (cu.user + cu.system) / 1e6;
  const otherCores = Math.max(0, (machineBusySeconds() - m0 - serverNs / 1e9 - clientS) / seconds);
  return {
    opsPerSec: count / seconds,
    cpuUsPerOp: serverNs / 1e3 / count,
    threadsUsPerOp: Object.fromEntries(
      Object.entries(threads).map(([k, v]) => [k, round(v / 1e3 / count, 1)]),
    ),
    otherCores,
  };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const signer = await loadSigner();
  const runDir = join(ROOT, '.tmp/bench/ab-small');
  await rm(runDir, { recursive: true, force: true });
  const body = randomBytes(4096);
  const payloadHash = createHash('sha256').update(body).digest('hex');
  const keys = Array.from({ length: opts.count }, (_, i) => `small-${String(i).padStart(6, '0')}`);
  const bucket = 'ab-small';
  for (const t of opts.targets) {
    const dataDir = join(runDir, t.name);
    await mkdir(dataDir, { recursive: true });
    t.server = await startServer(t.kind, {
      repoRoot: t.repoRoot,
      dataDir,
      extraEnv: t.extraEnv,
      profileDir: opts.profileDir,
    });
    t.client = createClient({ ...t.server, signer, maxSockets: 64 });
    t.concurrency = opts.concurrency;
    await t.client.send({ method: 'PUT', path: `/${bucket}`, payloadHash: EMPTY_SHA256 });
    await waitIdle(t.server, 60);
    t.passes = [];
  }
  const put = (t, i) => t.client.send({ method: 'PUT', path: keyPath(bucket, keys[i]), body, payloadHash });
  const get = async (t, i) => {
    const res = await t.client.send({
      method: 'GET',
      path: keyPath(bucket, keys[i]),
      payloadHash: EMPTY_SHA256,
    });
    if (res.bytes !== 4096) throw new Error(`GET returned ${res.bytes} bytes`);
  };
  const del = (t, i) =>
    t.client.send({ method: 'DELETE', path: keyPath(bucket, keys[i]), payloadHash: EMPTY_SHA256 });
  // Warm-up pass, untimed.
  for (const t of opts.targets) {
    const warm = Math.min(500, opts.count);
    await runPool(warm, opts.concurrency, (i) => put(t, i));
    await runPool(warm, opts.concurrency, (i) => get(t, i));
    await runPool(warm, opts.concurrency, (i) => del(t, i));
  }
  // `--phases get` (e.g. under --profile): the keys are written once, untimed, and only GETs pass.
  const timePut = opts.phases.includes('put');
  const timeGet = opts.phases.includes('get');
  if (!timePut) for (const t of opts.targets) await runPool(opts.count, opts.concurrency, (i) => put(t, i));
  const skipped = { cpuUsPerOp: NaN, opsPerSec: NaN, otherCores: NaN, threadsUsPerOp: {} };
  const unit = 'µs/op';
  for (let p = 0; p < opts.passes; p++) {
    const order = opts.targets.map((_, i) => opts.targets[(i + p) % opts.targets.length]);
    const load = os.loadavg()[0];
    for (const t of order) {
      const rPut = timePut ? await phase(t, opts.count, (i) => put(t, i)) : skipped;
      const rGet = timeGet ? await phase(t, opts.count, (i) => get(t, i)) : skipped;
      if (timePut) await runPool(opts.count, opts.concurrency, (i) => del(t, i));
      t.passes.push({ put: rPut, get: rGet, load });
      console.log(
        `pass ${p + 1} ${t.name.padEnd(6)} PUT ${round(rPut.cpuUsPerOp, 0)} ${unit} ${round(rPut.opsPerSec, 0)} op/s  GET ${round(rGet.cpuUsPerOp, 0)} ${unit} ${round(rGet.opsPerSec, 0)} op/s  (load ${round(load, 1)}, others ${round(rPut.otherCores, 2)}/${round(rGet.otherCores, 2)} cores)`,
      );
      console.log(
        `        PUT threads ${JSON.stringify(rPut.threadsUsPerOp)}  GET threads ${JSON.stringify(rGet.threadsUsPerOp)}`,
      );
    }
  }
  console.log(`\nmedians (server CPU µs per op; op/s):`);
  for (const t of opts.targets) {
    const m = (sel) => round(median(t.passes.map(sel)), 1);
    console.log(
      `${t.name.padEnd(6)} PUT ${m((x) => x.put.cpuUsPerOp)} ${unit} ${m((x) => x.put.opsPerSec)} op/s   GET ${m((x) => x.get.cpuUsPerOp)} ${unit} ${m((x) => x.get.opsPerSec)} op/s`,
    );
  }
  const [a, ...rest] = opts.targets;
  for (const b of rest) {
    const ratio = (sel) => round(median(a.passes.map((x, i) => sel(b.passes[i]) / sel(x))), 3);
    console.log(
      `${b.name}/${a.name} per-pass median ratios: PUT CPU ${ratio((x) => x.put.cpuUsPerOp)} op/s ${ratio((x) => x.put.opsPerSec)}; GET CPU ${ratio((x) => x.get.cpuUsPerOp)} op/s ${ratio((x) => x.get.opsPerSec)}`,
    );
  }
  for (const t of opts.targets) {
    t.client.close();
    await t.server.stop();
    if (t.server.profile) console.log(`profile of ${t.name}: ${t.server.profile}`);
  }
}

await main();
