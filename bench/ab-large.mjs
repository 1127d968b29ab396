#!/usr/bin/env node
// A/B of the 64 MiB PUT and GET paths, plain and SSE-S3, between builds or process settings,
// measured as server CPU per object (per thread group, from /proc/<pid>/task/*/schedstat), minor
// page faults per object and throughput. Passes are interleaved, the order rotating per pass; each
// pass PUTs `count` objects then GETs them, once plain and once encrypted (`--modes`).
//
// Usage:
//   node bench/ab-large.mjs [--passes 5] [--count 4] [--size-mib 64] [--concurrency 1]
//     [--modes plain,sse] [--ops put,get] [--env NAME:KEY=VALUE]... [--profile DIR] TARGET...
// TARGET is name=kind:repoRoot, e.g. old=engine:/work/wt/old new=engine:. raw=raw:.
// `--env` adds one environment variable to target NAME's server (the value may hold ':' and '=').
// `--ops get`: the objects are written once per mode, untimed, and only GETs are timed.
// `--profile DIR`: the servers run with --cpu-prof into DIR (main thread; see profile-summary.mjs).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, keyPath, runPool } from './lib/client.mjs';
import { startServer, threadCpu, waitIdle } from './lib/servers.mjs';
import { loadSigner } from './lib/sign.mjs';
import { EMPTY_SHA256, median, round } from './lib/workloads.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const UNSIGNED = 'UNSIGNED-PAYLOAD';
const SSE = { 'x-amz-server-side-encryption': 'AES256' };

function parseArgs(argv) {
  const opts = {
    passes: 5,
    count: 4,
    sizeMiB: 64,
    concurrency: 1,
    modes: ['plain', 'sse'],
    ops: ['put', 'get'],
    targets: [],
  };
  const env = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--passes') opts.passes = Number(argv[++i]);
    else if (a === '--count') opts.count = Number(argv[++i]);
    else if (a === '--size-mib') opts.sizeMiB = Number(argv[++i]);
    else if (a === '--concurrency') opts.concurrency = Number(argv[++i]);
    else if (a === '--modes') opts.modes = argv[++i].split(',');
    else if (a === '--env') env.push(argv[++i]);
    else if (a === '--ops') opts.ops = argv[++i].split(',');
    else if (a === '--profile') opts.profileDir = resolve(argv[++i]);
    else {
      const [name, spec] = a.split('=', 2);
      const [kind, root] = spec.split(':');
      opts.targets.push({ name, kind, repoRoot: resolve(root || ROOT), extraEnv: {} });
    }
  }
  for (const e of env) {
    const colon = e.indexOf(':');
    const eq = e.indexOf('=', colon);
    const t = opts.targets.find((x) => x.name === e.slice(0, colon));
    if (!t) throw new Error(`--env ${e}: no target ${e.slice(0, colon)}`);
    t.extraEnv[e.slice(colon + 1, eq)] = e.slice(eq + 1);
  }
  return opts;
}

/** CPU nanoseconds per thread group of a process, and its minor page faults. */
function sample(pid) {
  const cpu = threadCpu(pid);
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const faults = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[7]);
  return { cpu, faults };
}

async function phase(t, count, concurrency, fn) {
  const s0 = sample(t.server.pid);
  const c0 = process.cpuUsage();
  const start = performance.now();
  await runPool(count, concurrency, fn);
  const seconds = (performance.now() - start) / 1000;
  const s1 = sample(t.server.pid);
  const threads = {};
  for (const [k, v] of s1.cpu) threads[k] = round((v - (s0.cpu.get(k) ?? 0)) / 1e6 / count, 1);
  const cu = process.cpuUsage(c0);
  return {
    mibps: (count * t.sizeMiB) / seconds,
    cpuMs: Object.values(threads).reduce((a, b) => a + b, 0),
    threads,
    faults: (s1.faults - s0.faults) / count,
    clientMs: (cu.user + cu.system) / 1000 / count,
  };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const signer = await loadSigner();
  const runDir = join(ROOT, '.tmp/bench/ab-large');
  await rm(runDir, { recursive: true, force: true });
  const size = opts.sizeMiB * 1024 * 1024;
  const body = randomBytes(size);
  const keys = Array.from({ length: opts.count }, (_, i) => `large-${i}`);
  const bucket = 'ab-large';
  for (const t of opts.targets) {
    const dataDir = join(runDir, t.name);
    await mkdir(dataDir, { recursive: true });
    t.server = await startServer(t.kind, {
      repoRoot: t.repoRoot,
      dataDir,
      extraEnv: t.extraEnv,
      profileDir: opts.profileDir,
    });
    t.client = createClient({ ...t.server, signer, maxSockets: 16 });
    t.sizeMiB = opts.sizeMiB;
    await t.client.send({ method: 'PUT', path: `/${bucket}`, payloadHash: EMPTY_SHA256 });
    await waitIdle(t.server, 60);
    t.passes = [];
  }
  const put = (t, headers) => (i) =>
    t.client.send({ method: 'PUT', path: keyPath(bucket, keys[i]), body, payloadHash: UNSIGNED, headers });
  const get = (t) => async (i) => {
    const res = await t.client.send({
      method: 'GET',
      path: keyPath(bucket, keys[i]),
      payloadHash: EMPTY_SHA256,
    });
    if (res.bytes !== size) throw new Error(`GET returned ${res.bytes} bytes`);
  };
  for (const t of opts.targets) {
    // Untimed warm-up of every path.
    for (const mode of opts.modes) {
      await runPool(1, 1, put(t, mode === 'sse' ? SSE : {}));
      await runPool(1, 1, get(t));
    }
  }
  for (let p = 0; p < opts.passes; p++) {
    const order = opts.targets.map((_, i) => opts.targets[(i + p) % opts.targets.length]);
    for (const t of order) {
      const pass = { load: os.loadavg()[0] };
      for (const mode of opts.modes) {
        const headers = mode === 'sse' ? SSE : {};
        if (opts.ops.includes('put'))
          pass[`${mode}.put`] = await phase(t, opts.count, opts.concurrency, put(t, headers));
        else await runPool(opts.count, opts.concurrency, put(t, headers));
        if (opts.ops.includes('get'))
          pass[`${mode}.get`] = await phase(t, opts.count, opts.concurrency, get(t));
      }
      t.passes.push(pass);
      const line = Object.entries(pass)
        .filter(([k]) => k !== 'load')
        .map(([k, r]) => `${k} ${round(r.mibps, 0)} MiB/s ${round(r.cpuMs, 0)} ms ${round(r.faults, 0)} flt`)
        .join(' | ');
      const status = readFileSync(`/proc/${t.server.pid}/status`, 'utf8');
      const rss = (field) => Math.round(Number(/\d+/.exec(status.split(`${field}:`)[1] ?? '')?.[0]) / 1024);
      console.log(
        `pass ${p + 1} ${t.name.padEnd(6)} ${line} (load ${round(pass.load, 1)}, RSS ${rss('VmRSS')} MiB, peak ${rss('VmHWM')} MiB)`,
      );
      for (const [k, r] of Object.entries(pass)) {
        if (k !== 'load')
          console.log(`        ${k} threads ${JSON.stringify(r.threads)} client ${round(r.clientMs, 0)} ms`);
      }
    }
  }
  console.log('\nmedians per object (server CPU ms, minor faults, MiB/s, client CPU ms):');
  for (const t of opts.targets) {
    const cols = Object.keys(t.passes[0]).filter((k) => k !== 'load');
    const m = (k, f) => round(median(t.passes.map((x) => x[k][f])), 1);
    console.log(
      `${t.name.padEnd(6)} ` +
        cols
          .map(
            (k) =>
              `${k} ${m(k, 'cpuMs')} ms ${m(k, 'faults')} flt ${m(k, 'mibps')} MiB/s c${m(k, 'clientMs')}`,
          )
          .join(' | '),
    );
  }
  for (const t of opts.targets) {
    t.client.close();
    await t.server.stop();
    if (t.server.profile) console.log(`profile of ${t.name}: ${t.server.profile}`);
  }
}

await main();
