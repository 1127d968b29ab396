#!/usr/bin/env node
// `npm run bench`: the engine side by side with a peer (s3rver) and the raw limit (a bare Node
// server streaming bytes to the same disk), one run, one machine, one disk. Servers run one at a
// time as child processes over data dirs under .tmp/bench/ (same filesystem as the repo); the
// same signed keep-alive HTTP client drives all three. Results: a table on stdout with the
// issue's targets as PASS/MISS, bench/results/latest.json, and with --update-docs the generated
// block of docs/performance.md.
//
// Options:
//   --quick                 short smoke run (few objects, one repeat, no million-key listing)
//   --only a,b              workloads and/or servers: large, sse, small, list; raw, s3rver, engine
//                           (sse: only the engine's SSE-S3 vs plain 64 MiB pass, which `large` includes)
//   --repeats N             override the repeat count of every timed pass
//   --update-docs           rewrite the results block of docs/performance.md
//   --profile               run servers under `node --cpu-prof` (profiles in .tmp/bench/profiles/)
//   --keep                  keep this run's data dirs
//   --repopulate            rebuild the cached million-key engine data dir
//   --list-big N            key count of the engine's big listing bucket (default 1,000,000; 0 skips)
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createClient } from './lib/client.mjs';
import { describeMachine } from './lib/machine.mjs';
import { markdownReport, textReport } from './lib/report.mjs';
import { startServer, waitIdle } from './lib/servers.mjs';
import { loadSigner } from './lib/sign.mjs';
import {
  largeObjects,
  listing,
  makeBucket,
  pairedListingRatio,
  populateHttp,
  round,
  smallObjects,
  sseLargeObjects,
} from './lib/workloads.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const WORKLOADS = ['large', 'sse', 'small', 'list'];
const SERVER_KINDS = ['raw', 's3rver', 'engine'];

function parseArgs(argv) {
  const opts = {
    quick: false,
    only: [],
    repeats: undefined,
    updateDocs: false,
    profile: false,
    keep: false,
    repopulate: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--quick') opts.quick = true;
    else if (arg === '--update-docs') opts.updateDocs = true;
    else if (arg === '--profile') opts.profile = true;
    else if (arg === '--keep') opts.keep = true;
    else if (arg === '--repopulate') opts.repopulate = true;
    else if (arg === '--only') opts.only.push(...(argv[++i] ?? '').split(','));
    else if (arg.startsWith('--only=')) opts.only.push(...arg.slice(7).split(','));
    else if (arg === '--repeats') opts.repeats = Number(argv[++i]);
    else if (arg === '--list-big') opts.listBig = Number(argv[++i]);
    else throw new Error(`unknown option ${arg} (see the header of bench/run.mjs)`);
  }
  for (const name of opts.only) {
    if (![...WORKLOADS, ...SERVER_KINDS].includes(name)) throw new Error(`--only: unknown name ${name}`);
  }
  return opts;
}

function parameters(opts) {
  const p = opts.quick
    ? {
        large: { sizeMiB: 64, count: 2, concurrency: [1], repeats: 1 },
        small: { sizeBytes: 4096, count: 200, concurrency: 16, repeats: 1, maxSeconds: 10 },
        list: { smallCount: 2000, bigCount: 0, repeats: 3, populateConcurrency: 64, maxPopulateSeconds: 60 },
      }
    : {
        large: { sizeMiB: 64, count: 8, concurrency: [1, 4], repeats: 5 },
        small: { sizeBytes: 4096, count: 2000, concurrency: 16, repeats: 5, maxSeconds: 20 },
        list: {
          smallCount: 10_000,
          bigCount: 1_000_000,
          repeats: 7,
          populateConcurrency: 64,
          maxPopulateSeconds: 180,
        },
      };
  if (opts.repeats) for (const w of Object.values(p)) w.repeats = opts.repeats;
  if (opts.listBig !== undefined) p.list.bigCount = opts.listBig;
  // The encryption pass takes the large workload's parameters; `large` runs it too.
  p.sse = p.large;
  const onlyWorkloads = opts.only.filter((n) => WORKLOADS.includes(n));
  if (onlyWorkloads.includes('large')) onlyWorkloads.push('sse');
  if (onlyWorkloads.length) for (const w of WORKLOADS) if (!onlyWorkloads.includes(w)) delete p[w];
  return p;
}

const log = (line) => console.log(line);

/**
 * All selected servers started side by side (idle while another is measured), then each workload
 * with its repeats interleaved across them; stopped and their data dirs removed at the end.
 */
async function benchServers(kinds, { params, signer, runDir, profileDir, results, keep }) {
  const targets = [];
  try {
    for (const kind of kinds) {
      const dataDir = join(runDir, kind);
      await mkdir(dataDir, { recursive: true });
      try {
        const server = await startServer(kind, { repoRoot: ROOT, dataDir, profileDir });
        log(`${kind}: started in ${server.startMs} ms at ${server.endpoint} (pid ${server.pid})`);
        if (server.profile) log(`  CPU profile: ${server.profile} (written when the server exits)`);
        const client = createClient({ ...server, signer, maxSockets: 64 });
        targets.push({ kind, server, client });
        results.servers[kind] = { startMs: server.startMs, notes: [] };
        await makeBucket(client, 'bench');
      } catch (err) {
        results.servers[kind] = { ...results.servers[kind], error: String(err?.stack ?? err) };
        log(`${kind}: ${results.servers[kind].error}`);
      }
    }
    const healthy = () => targets.filter((t) => !t.error && !results.servers[t.kind].error);
    for (const t of healthy()) {
      const waited = await waitIdle(t.server, 60);
      if (waited > 2) log(`${t.kind}: idle after ${round(waited, 1)} s`);
    }
    const common = { bucket: 'bench', results: results.servers, ratios: results.ratios, log };
    if (params.large) {
      log(`\n== large objects: ${params.large.count} × ${params.large.sizeMiB} MiB ==`);
      await largeObjects({ ...common, targets: healthy(), params: params.large });
    }
    if (params.sse) {
      const engine = healthy().find((t) => t.kind === 'engine');
      if (engine) {
        log(
          `\n== encryption at rest (engine): ${params.sse.count} × ${params.sse.sizeMiB} MiB, SSE-S3 vs plain ==`,
        );
        await sseLargeObjects({
          ...common,
          results: results.servers.engine,
          target: engine,
          params: params.sse,
        });
      }
    }
    if (params.small) {
      log(`\n== small objects: ${params.small.count} × ${params.small.sizeBytes} B ==`);
      await smallObjects({ ...common, targets: healthy(), params: params.small });
    }
    if (params.list) {
      const p = params.list;
      log(`\n== listing: buckets of ${p.smallCount} keys populated through HTTP ==`);
      const entries = [];
      for (const t of healthy().filter((x) => x.kind !== 'raw')) {
        try {
          await makeBucket(t.client, 'list');
          const pop = await populateHttp({
            client: t.client,
            bucket: 'list',
            count: p.smallCount,
            concurrency: p.populateConcurrency,
            maxSeconds: p.maxPopulateSeconds,
          });
          results.servers[t.kind].list = {
            populate: {
              count: p.smallCount,
              done: pop.done,
              seconds: round(pop.seconds),
              rate: pop.done / pop.seconds,
            },
          };
          log(`  ${t.kind}: populated ${pop.done}/${p.smallCount} keys in ${round(pop.seconds, 1)} s`);
          if (pop.done < p.smallCount) {
            results.servers[t.kind].notes.push(
              `could not populate ${p.smallCount} keys within ${p.maxPopulateSeconds} s (${pop.done} done); listing not measured`,
            );
          } else {
            entries.push({ id: t.kind, kind: t.kind, client: t.client, bucket: 'list', count: p.smallCount });
          }
        } catch (err) {
          t.error = String(err?.stack ?? err);
          log(`  ${t.kind} failed: ${t.error}`);
        }
      }
      if (entries.length) {
        const { pages } = await listing({ entries, repeats: p.repeats, log });
        for (const [kind, v] of Object.entries(pages)) results.servers[kind].list.pages = v;
      }
    }
    for (const t of targets) if (t.error) results.servers[t.kind].error = t.error;
  } finally {
    for (const t of targets) {
      t.client.close();
      await t.server.stop();
    }
    if (!keep) for (const kind of kinds) await rm(join(runDir, kind), { recursive: true, force: true });
  }
}

/** Run a Node script; resolve to its stdout, reject with its output on failure. */
function runNode(args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => {
      stderr += c;
      process.stderr.write(c);
    });
    child.on('exit', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`exit ${code}: ${stderr.slice(-2000)}`)),
    );
  });
}

/** The engine's on-disk format version when the built engine exports one (the cache key). */
async function engineFormatKey() {
  const index = join(ROOT, 'packages/engine/dist/index.js');
  if (!existsSync(index)) return 'unversioned';
  try {
    const mod = await import(pathToFileURL(index).href);
    const version = mod.FORMAT_VERSION ?? mod.formatVersion ?? mod.STORAGE_FORMAT_VERSION;
    return version === undefined ? 'unversioned' : `v${version}`;
  } catch {
    return 'unversioned';
  }
}

/**
 * Listing at scale on the engine: a data dir holding a small and a big bucket (cached under
 * .tmp/bench/cache/ because populating a million keys is slow), then the engine started on it
 * and both buckets listed. A cached dir the current engine cannot list right (its format changed)
 * is rebuilt once.
 */
async function engineListingAtScale({ params, signer, opts, profileDir }) {
  const p = params.list;
  const counts = { small: p.smallCount, big: p.bigCount };
  const cacheDir = join(
    ROOT,
    '.tmp/bench/cache',
    `engine-list-${counts.small}-${counts.big}-${await engineFormatKey()}`,
  );
  log(`\n== engine listing at scale == (${cacheDir})`);
  let cache = await ensureListingCache({ cacheDir, counts, signer, repopulate: opts.repopulate });
  let measured;
  try {
    measured = await listCached({ cacheDir, counts, signer, repeats: p.repeats, profileDir });
  } catch (err) {
    if (!cache.reused) throw err;
    log(
      `  cached data dir does not list right with this engine (${String(err.message).split('\n')[0]}); rebuilding`,
    );
    cache = await ensureListingCache({ cacheDir, counts, signer, repopulate: true });
    measured = await listCached({ cacheDir, counts, signer, repeats: p.repeats, profileDir });
  }
  return { counts, cache, ...measured };
}

async function listCached({ cacheDir, counts, signer, repeats, profileDir }) {
  const server = await startServer('engine', { repoRoot: ROOT, dataDir: cacheDir, profileDir });
  log(`  engine started on the cached data dir in ${server.startMs} ms`);
  // The engine scans data usage at start; with a million keys that takes a while and must not
  // overlap the timed listing.
  const waited = await waitIdle(server, 300);
  log(`  engine idle after ${round(waited, 1)} s (start-up scan)`);
  const client = createClient({ ...server, signer, maxSockets: 4 });
  try {
    const entries = ['small', 'big'].map((bucket) => ({
      id: bucket,
      kind: 'engine',
      client,
      bucket,
      count: counts[bucket],
    }));
    const { pages, runs } = await listing({ entries, repeats, log });
    return {
      buckets: pages,
      startMs: server.startMs,
      idleAfterSeconds: round(waited, 1),
      ratios: {
        first: pairedListingRatio(runs, 'big', 'small', 'first'),
        middle: pairedListingRatio(runs, 'big', 'small', 'middle'),
      },
    };
  } finally {
    client.close();
    await server.stop();
  }
}

/** Reuse the populated data dir when its marker exists, else populate it (in-process, or HTTP). */
async function ensureListingCache({ cacheDir, counts, signer, repopulate }) {
  const marker = join(cacheDir, 'populated.json');
  if (!repopulate && existsSync(marker)) {
    const cache = { ...JSON.parse(await readFile(marker, 'utf8')), reused: true };
    for (const x of cache.populate)
      log(`  reusing ${x.bucket}: ${x.count} keys (populated in ${round(x.seconds, 1)} s)`);
    return cache;
  }
  await rm(cacheDir, { recursive: true, force: true });
  await mkdir(cacheDir, { recursive: true });
  let populate;
  let method;
  try {
    log('  populating in-process through the object layer…');
    const stdout = await runNode([
      join(ROOT, 'bench/servers/populate-engine.mjs'),
      cacheDir,
      '4',
      `small=${counts.small}`,
      `big=${counts.big}`,
    ]);
    populate = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    method = 'in-process through the object layer (putObject of 0-byte bodies, concurrency 256)';
  } catch (err) {
    log(`  in-process populate unavailable (${String(err.message).split('\n')[0]}); populating through HTTP`);
    await rm(cacheDir, { recursive: true, force: true });
    await mkdir(cacheDir, { recursive: true });
    const server = await startServer('engine', { repoRoot: ROOT, dataDir: cacheDir });
    const client = createClient({ ...server, signer, maxSockets: 128 });
    populate = [];
    try {
      for (const bucket of ['small', 'big']) {
        await makeBucket(client, bucket);
        const pop = await populateHttp({
          client,
          bucket,
          count: counts[bucket],
          concurrency: 128,
          maxSeconds: 3600,
        });
        if (pop.done < counts[bucket])
          throw new Error(`HTTP populate of ${bucket} stopped at ${pop.done} keys`);
        populate.push({ bucket, count: pop.done, seconds: pop.seconds });
      }
    } finally {
      client.close();
      await server.stop();
    }
    method = 'through HTTP (0-byte PUTs, concurrency 128)';
  }
  for (const x of populate) log(`  populated ${x.bucket}: ${x.count} keys in ${round(x.seconds, 1)} s`);
  const cache = { method, populate, date: new Date().toISOString() };
  await writeFile(marker, JSON.stringify(cache, null, 2));
  return { ...cache, reused: false };
}

async function updateDocs(results) {
  const path = join(ROOT, 'docs/performance.md');
  const begin = '<!-- bench:results:begin -->';
  const end = '<!-- bench:results:end -->';
  const doc = existsSync(path) ? await readFile(path, 'utf8') : `# Performance\n\n${begin}\n${end}\n`;
  const from = doc.indexOf(begin);
  const to = doc.indexOf(end);
  if (from === -1 || to === -1) throw new Error(`docs/performance.md lacks the ${begin} / ${end} markers`);
  const block = `${begin}\n${markdownReport(results)}\n${end}`;
  await writeFile(path, doc.slice(0, from) + block + doc.slice(to + end.length));
  log(`updated ${path}`);
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const params = parameters(opts);
  const onlyServers = opts.only.filter((n) => SERVER_KINDS.includes(n));
  const kinds = onlyServers.length ? SERVER_KINDS.filter((k) => onlyServers.includes(k)) : SERVER_KINDS;
  const benchRoot = join(ROOT, '.tmp/bench');
  const runDir = join(benchRoot, `run-${process.pid}`);
  const profileDir = opts.profile ? join(benchRoot, 'profiles') : undefined;
  await mkdir(runDir, { recursive: true });
  if (profileDir) await mkdir(profileDir, { recursive: true });
  const signer = await loadSigner();
  const machine = describeMachine(ROOT, runDir);
  const started = Date.now();
  log(
    `coffer bench${opts.quick ? ' (quick)' : ''}: ${machine.nproc} cores, ${machine.memoryGiB} GiB, disk ${machine.disk.device} (${machine.disk.type}), node ${machine.node}`,
  );
  log(`signer: ${signer.name}; data dirs under ${runDir}`);

  const results = {
    date: new Date().toISOString(),
    quick: opts.quick,
    machine,
    signer: signer.name,
    params,
    servers: {},
    ratios: {},
  };
  try {
    if (params.large || params.sse || params.small || params.list) {
      await benchServers(kinds, { params, signer, runDir, profileDir, results, keep: opts.keep });
    }
    if (params.list && params.list.bigCount > 0 && kinds.includes('engine')) {
      try {
        results.engineListing = await engineListingAtScale({ params, signer, opts, profileDir });
      } catch (err) {
        results.engineListing = { error: String(err?.message ?? err) };
        log(`  engine listing at scale: ${results.engineListing.error}`);
      }
    }
  } finally {
    if (!opts.keep) await rm(runDir, { recursive: true, force: true });
  }
  results.seconds = round((Date.now() - started) / 1000, 1);
  results.machine.loadAverageAtEnd = os.loadavg().map((l) => round(l, 2));

  log(`\n${textReport(results)}\n\ntotal ${results.seconds} s`);
  await mkdir(join(ROOT, 'bench/results'), { recursive: true });
  await writeFile(join(ROOT, 'bench/results/latest.json'), JSON.stringify(results, null, 2));
  log('wrote bench/results/latest.json');
  if (opts.updateDocs) await updateDocs(results);
}

main().catch((err) => {
  console.error(err?.stack ?? err);
  process.exit(1);
});
