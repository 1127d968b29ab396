#!/usr/bin/env node
// The trace benchmark (issue 11). Reports; never fails on a missed target.
//
// (1) Engine: the 4 KiB PUT rate (concurrency 16) with no trace subscriber against one subscriber
// (`GET /minio/admin/v3/trace?s3=true…`, read as fast as it comes and discarded), passes
// alternating A B B A … in one run, the ratio taken per pair, then the median. Target: the rate with
// a subscriber ≥ 0.9× the rate without (overhead ≤ 10 %).
//
// (2) Console: the console's resident memory while a WebSocket client reads `/ws/trace` slowly
// (its socket paused, resumed for 20 ms every second) and the bench drives the heaviest S3 load it
// can (4 KiB PUTs at concurrency 32, straight to the engine) for --load-seconds. The console must
// hold back (stop reading the engine's trace) instead of buffering: target growth < 50 MB over
// the baseline taken after a warm-up trace.
//
// Usage: node bench/trace.mjs [--repeats N] [--load-seconds N] [--only engine|console]
// Results: a table on stdout and bench/results/trace-latest.json. Build first (npx tsc -b).
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { createClient, keyPath, runPool } from './lib/client.mjs';
import { login, startConsole } from './lib/console-process.mjs';
import { describeMachine } from './lib/machine.mjs';
import { loadSigner } from './lib/sign.mjs';
import { cpuSeconds, machineBusySeconds, startServer, waitIdle } from './lib/servers.mjs';
import { median, round } from './lib/workloads.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUCKET = 'trace-bench';
const SIZE = 4096;
const log = (line) => console.error(line);

function parseArgs(argv) {
  const opts = { repeats: 6, loadSeconds: 60, only: '' };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--repeats') opts.repeats = Number(argv[++i]);
    else if (arg === '--load-seconds') opts.loadSeconds = Number(argv[++i]);
    else if (arg === '--only') opts.only = argv[++i];
    else throw new Error(`unknown option ${arg}`);
  }
  if (!(opts.repeats >= 1) || !(opts.loadSeconds >= 1))
    throw new Error('--repeats and --load-seconds must be >= 1');
  if (!['', 'engine', 'console'].includes(opts.only)) throw new Error('--only takes: engine, console');
  return opts;
}

/** A signed admin trace stream, read and dropped; `close()` ends it and resolves the entry count. */
function openTrace(signer, engine) {
  const url = `${engine.endpoint}/minio/admin/v3/trace?err=false&internal=false&s3=true&threshold=0s`;
  const headers = signer.sign({
    method: 'GET',
    url,
    headers: {},
    accessKey: engine.accessKey,
    secretKey: engine.secretKey,
    region: '',
    service: 's3',
  });
  let entries = 0;
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'GET', headers, agent: false }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`trace: HTTP ${res.statusCode}`));
      // Counted with indexOf: the reader shares the 2 cores with the engine and must stay cheap.
      res.on('data', (chunk) => {
        for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) entries++;
      });
      res.on('error', () => undefined);
      resolve({
        close() {
          req.destroy();
          return entries;
        },
      });
    });
    req.on('error', (err) => (err.code === 'ECONNRESET' ? undefined : reject(err)));
    req.end();
  });
}

/** PUT 4 KiB objects at `concurrency` for `seconds`; resolves { ops, seconds, cpu }. */
async function putLoad(client, engine, { concurrency, seconds, prefix }) {
  const body = randomBytes(SIZE);
  const payloadHash = createHash('sha256').update(body).digest('hex');
  const cpu0 = engine.cpuSeconds();
  const busy0 = machineBusySeconds();
  const started = performance.now();
  const { done, elapsedMs } = await runPool(
    Number.MAX_SAFE_INTEGER,
    concurrency,
    (i) => client.send({ method: 'PUT', path: keyPath(BUCKET, `${prefix}/${i % 5000}`), body, payloadHash }),
    Date.now() + seconds * 1000,
  );
  const elapsed = (elapsedMs || performance.now() - started) / 1000;
  const engineSeconds = engine.cpuSeconds() - cpu0;
  return {
    ops: done,
    opsPerSec: done / elapsed,
    // Steadier than the rate on a shared machine: what each PUT cost the engine in CPU.
    engineCpuMsPerOp: (engineSeconds * 1000) / Math.max(1, done),
    engineCores: engineSeconds / elapsed,
    machineCores: (machineBusySeconds() - busy0) / elapsed,
  };
}

async function engineOverhead(signer, engine, repeats) {
  const client = createClient({ ...engine, signer, maxSockets: 16 });
  try {
    await client.send({ method: 'PUT', path: `/${BUCKET}` }).catch(() => undefined);
    await putLoad(client, engine, { concurrency: 16, seconds: 3, prefix: 'warm' });
    await waitIdle(engine, 20);
    const pairs = [];
    for (let r = 0; r < repeats; r++) {
      // A B, then B A: each pair compares the two within seconds, drift cancels over pairs.
      const order = r % 2 === 0 ? ['none', 'one'] : ['one', 'none'];
      const pass = {};
      for (const mode of order) {
        const trace = mode === 'one' ? await openTrace(signer, engine) : undefined;
        const rec = await putLoad(client, engine, { concurrency: 16, seconds: 8, prefix: `r${r}` });
        rec.traced = trace?.close();
        pass[mode] = rec;
        log(
          `  4 KiB PUT, ${mode === 'one' ? 'one subscriber' : 'no subscriber '}: ${round(rec.opsPerSec, 0)} op/s` +
            (rec.traced !== undefined ? `, ${rec.traced} entries read` : '') +
            `, engine ${round(rec.engineCores, 2)} cores (${round(rec.engineCpuMsPerOp, 3)} ms CPU per PUT), machine ${round(rec.machineCores, 2)} cores`,
        );
      }
      pairs.push({
        none: pass.none,
        one: pass.one,
        ratio: pass.one.opsPerSec / pass.none.opsPerSec,
        cpuRatio: pass.one.engineCpuMsPerOp / pass.none.engineCpuMsPerOp,
      });
    }
    const ratio = median(pairs.map((p) => p.ratio));
    const cpuRatio = median(pairs.map((p) => p.cpuRatio));
    return {
      noneCpuMsPerOp: round(median(pairs.map((p) => p.none.engineCpuMsPerOp)), 3),
      oneCpuMsPerOp: round(median(pairs.map((p) => p.one.engineCpuMsPerOp)), 3),
      cpuRatio: { median: round(cpuRatio, 3), runs: pairs.map((p) => round(p.cpuRatio, 3)) },
      noneOpsPerSec: round(median(pairs.map((p) => p.none.opsPerSec)), 0),
      oneOpsPerSec: round(median(pairs.map((p) => p.one.opsPerSec)), 0),
      ratio: { median: round(ratio, 3), runs: pairs.map((p) => round(p.ratio, 3)) },
      overheadPercent: round((1 - ratio) * 100, 1),
      pairs,
    };
  } finally {
    client.close();
  }
}

/**
 * A process's resident memory in MiB: VmRSS, or RssAnon (its own heap and buffers, leaving out
 * file pages it maps — the engine's LMDB index is mapped and counts in VmRSS as it is touched).
 */
function rssMiB(pid, field = 'VmRSS') {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** A WebSocket client of /ws/trace that reads for 20 ms each second; counts what it got. */
function slowTraceSocket(base, cookie) {
  const url = `${base.replace(/^http/, 'ws')}/ws/trace?calls=s3&threshold=0&onlyErrors=no`;
  const socket = new WebSocket(url, { headers: { cookie, origin: base } });
  let messages = 0;
  let bytes = 0;
  socket.on('message', (data) => {
    messages++;
    bytes += data.length;
  });
  const opened = new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
    socket.once('unexpected-response', (_req, res) => reject(new Error(`/ws/trace: HTTP ${res.statusCode}`)));
  });
  let timer;
  let keepAlive;
  return {
    async open({ slow }) {
      await opened;
      socket.send('ok');
      keepAlive = setInterval(() => socket.send('ok'), 10_000);
      if (!slow) return;
      socket.pause();
      timer = setInterval(() => {
        socket.resume();
        setTimeout(() => socket.pause(), 20);
      }, 1000);
    },
    stats: () => ({ messages, bytes }),
    close() {
      clearInterval(timer);
      clearInterval(keepAlive);
      socket.resume();
      socket.close(1000);
      return { messages, bytes };
    },
  };
}

async function sampleRss(pid, run) {
  const samples = [];
  const timer = setInterval(() => samples.push(rssMiB(pid)), 100);
  try {
    const result = await run();
    return { result, peak: Math.max(...samples.filter((x) => !Number.isNaN(x))), samples: samples.length };
  } finally {
    clearInterval(timer);
  }
}

async function consoleMemory(signer, engine, consoleServer, cookie, loadSeconds) {
  const client = createClient({ ...engine, signer, maxSockets: 32 });
  try {
    await client.send({ method: 'PUT', path: `/${BUCKET}` }).catch(() => undefined);
    // Warm-up: a trace read at full speed under a short load, so the baseline has the paths warm.
    const warm = slowTraceSocket(consoleServer.base, cookie);
    await warm.open({ slow: false });
    await putLoad(client, engine, { concurrency: 32, seconds: 5, prefix: 'cwarm' });
    warm.close();
    await new Promise((r) => setTimeout(r, 2000));
    const baseline = rssMiB(consoleServer.pid);
    const engineBaseline = rssMiB(engine.pid);
    const engineAnonBaseline = rssMiB(engine.pid, 'RssAnon');
    const slow = slowTraceSocket(consoleServer.base, cookie);
    await slow.open({ slow: true });
    const cpu0 = cpuSeconds(consoleServer.pid);
    const { result, peak } = await sampleRss(consoleServer.pid, () =>
      putLoad(client, engine, { concurrency: 32, seconds: loadSeconds, prefix: 'load' }),
    );
    const consoleCores = (cpuSeconds(consoleServer.pid) - cpu0) / loadSeconds;
    const got = slow.close();
    const enginePeak = rssMiB(engine.pid);
    const engineAnon = rssMiB(engine.pid, 'RssAnon');
    return {
      loadSeconds,
      putOps: result.ops,
      putOpsPerSec: round(result.opsPerSec, 0),
      machineCores: round(result.machineCores, 2),
      consoleCores: round(consoleCores, 2),
      slowReader: got,
      consoleRss: {
        baselineMiB: round(baseline, 1),
        peakMiB: round(peak, 1),
        growthMiB: round(peak - baseline, 1),
        growthMB: round(((peak - baseline) * 1048576) / 1e6, 1),
      },
      engineRss: {
        baselineMiB: round(engineBaseline, 1),
        afterMiB: round(enginePeak, 1),
        anonBaselineMiB: round(engineAnonBaseline, 1),
        anonAfterMiB: round(engineAnon, 1),
      },
    };
  } finally {
    client.close();
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const signer = await loadSigner();
  const work = await mkdtemp(join(os.tmpdir(), 'coffer-trace-bench-'));
  const machine = describeMachine(ROOT, work);
  log(
    `trace bench: ${machine.nproc} cores, load ${machine.loadAverageAtStart.join(' ')}, commit ${machine.commit}`,
  );
  const result = { machine, at: new Date().toISOString() };
  const engine = await startServer('engine', { repoRoot: ROOT, dataDir: join(work, 'engine') });
  let consoleServer;
  try {
    await waitIdle(engine, 30);
    if (opts.only !== 'console') {
      log('engine: 4 KiB PUT rate, no trace subscriber vs one');
      result.engine = await engineOverhead(signer, engine, opts.repeats);
    }
    if (opts.only !== 'engine') {
      log(`console: RSS while a WebSocket reads /ws/trace slowly under ${opts.loadSeconds} s of 4 KiB PUTs`);
      consoleServer = await startConsole(ROOT, engine.endpoint, join(work, 'console'));
      const cookie = await login(consoleServer.base, engine.accessKey, engine.secretKey);
      result.console = await consoleMemory(signer, engine, consoleServer, cookie, opts.loadSeconds);
    }
  } finally {
    await consoleServer?.stop();
    await engine.stop();
    await rm(work, { recursive: true, force: true });
  }
  result.loadAverageAtEnd = os.loadavg().map((l) => round(l, 2));
  const rows = [];
  if (result.engine !== undefined) {
    const e = result.engine;
    rows.push(['4 KiB PUT, no trace subscriber (median)', `${e.noneOpsPerSec} op/s`]);
    rows.push(['4 KiB PUT, one trace subscriber (median)', `${e.oneOpsPerSec} op/s`]);
    rows.push([
      'ratio one / none (paired median)',
      `${e.ratio.median}× (overhead ${e.overheadPercent} %) ${e.ratio.median >= 0.9 ? 'PASS' : 'MISS'} ≥ 0.9; runs ${e.ratio.runs.join(', ')}`,
    ]);
    rows.push([
      'engine CPU per PUT, none → one (paired ratio)',
      `${e.noneCpuMsPerOp} → ${e.oneCpuMsPerOp} ms (${e.cpuRatio.median}×; runs ${e.cpuRatio.runs.join(', ')})`,
    ]);
  }
  if (result.console !== undefined) {
    const c = result.console;
    rows.push([
      `console RSS, slow /ws/trace reader, ${c.loadSeconds} s load`,
      `${c.consoleRss.baselineMiB} → ${c.consoleRss.peakMiB} MiB (+${c.consoleRss.growthMB} MB) ${c.consoleRss.growthMB < 50 ? 'PASS' : 'MISS'} < 50 MB`,
    ]);
    rows.push([
      'load during it',
      `${c.putOpsPerSec} PUT/s (${c.putOps}); slow reader got ${c.slowReader.messages} messages; console ${c.consoleCores} cores, machine ${c.machineCores} cores`,
    ]);
    rows.push([
      'engine RSS (anonymous)',
      `${c.engineRss.baselineMiB} → ${c.engineRss.afterMiB} MiB (${c.engineRss.anonBaselineMiB} → ${c.engineRss.anonAfterMiB} MiB)`,
    ]);
  }
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log(
    `\n${machine.cpuModel}, ${machine.nproc} cores, Node ${machine.node}, load ${machine.loadAverageAtStart.join(' ')} → ${result.loadAverageAtEnd.join(' ')}`,
  );
  for (const [a, b] of rows) console.log(`${a.padEnd(w)}  ${b}`);
  await mkdir(join(ROOT, 'bench/results'), { recursive: true });
  await writeFile(join(ROOT, 'bench/results/trace-latest.json'), JSON.stringify(result, null, 2) + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
