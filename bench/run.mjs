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
//   --only a,b              workloads and/or servers: large, small, list; raw, s3rver, engine
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
import { startServer } from './lib/servers.mjs';
import { loadSigner } from './lib/sign.mjs';
import { largeObjects, listing, makeBucket, populateHttp, round, smallObjects } from './lib/workloads.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const WORKLOADS = ['large', 'small', 'list'];
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
        small: { sizeBytes: 4096, count: 2000, concurrency: 16, repeats: 3, maxSeconds: 20 },
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
  const onlyWorkloads = opts.only.filter((n) => WORKLOADS.includes(n));
  if (onlyWorkloads.length) for (const w of WORKLOADS) if (!onlyWorkloads.includes(w)) delete p[w];
  return p;
}

const log = (line) => console.log(line);

/** Large, small and (except raw) the HTTP-populated listing on one server. */
async function benchServer(kind, { params, signer, runDir, profileDir }) {
  const dataDir = join(runDir, kind);
  await mkdir(dataDir, { recursive: true });
  log(`\n== ${kind} ==`);
  const server = await startServer(kind, { repoRoot: ROOT, dataDir, profileDir });
  log(`  started in ${server.startMs} ms at ${server.endpoint} (pid ${server.pid})`);
  if (server.profile) log(`  CPU profile: ${server.profile} (written when the server exits)`);
  const client = createClient({ ...server, signer, maxSockets: 64 });
  const out = { startMs: server.startMs, notes: [] };
  try {
    await makeBucket(client, 'bench');
    if (params.large)
      out.large = await largeObjects({ server, client, bucket: 'bench', params: params.large, log });
    if (params.small)
      out.small = await smallObjects({ server, client, bucket: 'bench', params: params.small, log });
    if (params.list && kind !== 'raw') {
      const p = params.list;
      await makeBucket(client, 'list');
      const pop = await populateHttp({
        client,
        bucket: 'list',
        count: p.smallCount,
        concurrency: p.populateConcurrency,
        maxSeconds: p.maxPopulateSeconds,
      });
      out.list = {
        populate: {
          count: p.smallCount,
          done: pop.done,
          seconds: round(pop.seconds),
          rate: pop.done / pop.seconds,
        },
      };
      log(`  populated ${pop.done}/${p.smallCount} keys over HTTP in ${round(pop.seconds, 1)} s`);
      if (pop.done < p.smallCount) {
        out.notes.push(
          `could not populate ${p.smallCount} keys within ${p.maxPopulateSeconds} s (${pop.done} done); listing not measured`,
        );
      } else {
        out.list.pages = await listing({
          client,
          bucket: 'list',
          count: p.smallCount,
          repeats: p.repeats,
          log,
        });
      }
    }
  } catch (err) {
    out.error = String(err?.stack ?? err);
    log(`  ${kind} failed: ${out.error}\n  server output:\n${server.output()}`);
  } finally {
    client.close();
    await server.stop();
    if (!process.argv.includes('--keep')) await rm(dataDir, { recursive: true, force: true });
  }
  return out;
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
  let buckets;
  try {
    buckets = await listCached({ cacheDir, counts, signer, repeats: p.repeats, profileDir });
  } catch (err) {
    if (!cache.reused) throw err;
    log(
      `  cached data dir does not list right with this engine (${String(err.message).split('\n')[0]}); rebuilding`,
    );
    cache = await ensureListingCache({ cacheDir, counts, signer, repopulate: true });
    buckets = await listCached({ cacheDir, counts, signer, repeats: p.repeats, profileDir });
  }
  return { counts, cache, buckets };
}

async function listCached({ cacheDir, counts, signer, repeats, profileDir }) {
  const server = await startServer('engine', { repoRoot: ROOT, dataDir: cacheDir, profileDir });
  log(`  engine started on the cached data dir in ${server.startMs} ms`);
  const client = createClient({ ...server, signer, maxSockets: 4 });
  try {
    const buckets = {};
    for (const bucket of ['small', 'big']) {
      buckets[bucket] = await listing({ client, bucket, count: counts[bucket], repeats, log });
    }
    return buckets;
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
  };
  try {
    for (const kind of kinds) {
      try {
        results.servers[kind] = await benchServer(kind, { params, signer, runDir, profileDir });
      } catch (err) {
        results.servers[kind] = { error: String(err?.message ?? err) };
        log(`  ${kind}: ${results.servers[kind].error}`);
      }
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
