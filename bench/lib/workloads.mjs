// The workloads, written once against the shared client so every server gets identical requests:
// large-object throughput, small-object operations per second, and listing latency.
//
// Repeats are interleaved: repeat r runs the pass on every server in turn (the order rotating
// with r) before repeat r+1 starts. The machine is shared (other processes come and go), so a
// server measured minutes after another may see a different machine; interleaving keeps each
// repeat's servers within seconds of each other, and the engine's ratios to the others are taken
// per repeat (paired) before the median. The server's CPU (from /proc) and the client's CPU
// (process.cpuUsage) are recorded per pass, in cores busy.
import { createHash, randomBytes } from 'node:crypto';
import { keyPath, runPool } from './client.mjs';
import { machineBusySeconds } from './servers.mjs';

const MiB = 1024 * 1024;
const UNSIGNED = 'UNSIGNED-PAYLOAD';
export const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function round(value, digits = 2) {
  if (!Number.isFinite(value)) return value;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * Run `fn` and measure wall time plus CPU in cores busy on average: the server's, the client's,
 * and everything else on the machine (`otherCpu`: other processes competing for the cores).
 */
async function timed(server, fn) {
  const cpu0 = server.cpuSeconds();
  const client0 = process.cpuUsage();
  const machine0 = machineBusySeconds();
  const start = performance.now();
  const result = await fn();
  const seconds = (performance.now() - start) / 1000;
  const clientUsage = process.cpuUsage(client0);
  const serverCpu = (server.cpuSeconds() - cpu0) / seconds;
  const clientCpu = (clientUsage.user + clientUsage.system) / 1e6 / seconds;
  const machineCpu = (machineBusySeconds() - machine0) / seconds;
  return {
    ...result,
    seconds,
    serverCpu,
    clientCpu,
    otherCpu: Math.max(0, machineCpu - serverCpu - clientCpu),
  };
}

export async function makeBucket(client, bucket) {
  await client.send({ method: 'PUT', path: `/${bucket}`, payloadHash: EMPTY_SHA256 });
}

async function deleteKeys(client, bucket, keys, concurrency) {
  await runPool(keys.length, concurrency, (i) =>
    client.send({ method: 'DELETE', path: keyPath(bucket, keys[i]), payloadHash: EMPTY_SHA256 }),
  );
}

/**
 * Run `pass(target, r)` for r < repeats over every target still healthy, interleaved and in
 * rotating order. A target whose pass throws gets `target.error` and is skipped from then on.
 * Returns kind → per-repeat records (index r; undefined where the pass did not run).
 */
async function interleaved(targets, repeats, pass, log) {
  const runs = new Map(targets.map((t) => [t.kind, []]));
  for (let r = 0; r < repeats; r++) {
    const order = targets.map((_, i) => targets[(i + r) % targets.length]);
    for (const t of order) {
      if (t.error) continue;
      try {
        runs.get(t.kind)[r] = await pass(t, r);
      } catch (err) {
        t.error = String(err?.stack ?? err);
        log(`  ${t.kind} failed: ${t.error}\n  server output (last lines):\n${t.server.output()}`);
      }
    }
  }
  return runs;
}

/** { median, runs } of one numeric field over a target's per-repeat records. */
function summary(records, get) {
  const values = records.map((rec) => (rec ? get(rec) : undefined));
  return { median: median(values), runs: values.map((v) => (v === undefined ? null : round(v))) };
}

/** Engine/raw and engine/s3rver ratios taken per repeat, then the median. */
function pairedRatios(runs, get) {
  const out = {};
  const engine = runs.get('engine');
  if (!engine) return out;
  for (const other of ['raw', 's3rver']) {
    const theirs = runs.get(other);
    if (!theirs) continue;
    const ratios = engine.map((rec, r) => (rec && theirs[r] ? get(rec) / get(theirs[r]) : undefined));
    const s = summary(
      ratios.map((v) => (v === undefined ? undefined : { v })),
      (x) => x.v,
    );
    if (Number.isFinite(s.median)) out[`engine/${other}`] = s;
  }
  return out;
}

/** Per-target summaries of a pass with `put` and `get` halves, plus their paired ratios. */
function collect(targets, runs, metric, into, path, ratios) {
  for (const t of targets) {
    const recs = runs.get(t.kind) ?? [];
    if (!recs.some(Boolean)) continue;
    let node = into[t.kind];
    for (const k of path) node = node[k] ??= {};
    for (const op of ['put', 'get']) {
      node[op] = {
        [metric]: summary(recs, (rec) => rec[op].value),
        serverCpu: summary(recs, (rec) => rec[op].serverCpu),
        clientCpu: summary(recs, (rec) => rec[op].clientCpu),
        otherCpu: summary(recs, (rec) => rec[op].otherCpu),
      };
    }
  }
  for (const op of ['put', 'get'])
    ratios[[...path, op].join('.')] = pairedRatios(runs, (rec) => rec[op].value);
}

/**
 * PUT then GET `count` objects of `sizeMiB` at each concurrency; MiB/s of the whole pass (bytes /
 * wall time). Objects are deleted after each pass, outside the timing.
 */
export async function largeObjects({ targets, bucket, params, results, ratios, log }) {
  const size = params.sizeMiB * MiB;
  const body = randomBytes(size);
  const keys = Array.from({ length: params.count }, (_, i) => `large-${i}`);
  for (const t of targets) {
    // Untimed warm-up (JIT, sockets, directories).
    await t.client.send({ method: 'PUT', path: keyPath(bucket, 'warm-up'), body, payloadHash: UNSIGNED });
    await t.client.send({ method: 'GET', path: keyPath(bucket, 'warm-up'), payloadHash: EMPTY_SHA256 });
    await deleteKeys(t.client, bucket, ['warm-up'], 1);
  }
  for (const concurrency of params.concurrency) {
    const runs = await interleaved(
      targets,
      params.repeats,
      async ({ kind, server, client }, r) => {
        const put = await timed(server, () =>
          runPool(keys.length, concurrency, (i) =>
            client.send({ method: 'PUT', path: keyPath(bucket, keys[i]), body, payloadHash: UNSIGNED }),
          ),
        );
        let bytes = 0;
        const get = await timed(server, () =>
          runPool(keys.length, concurrency, async (i) => {
            const res = await client.send({
              method: 'GET',
              path: keyPath(bucket, keys[i]),
              payloadHash: EMPTY_SHA256,
            });
            if (res.bytes !== size)
              throw new Error(`GET ${keys[i]} returned ${res.bytes} bytes, expected ${size}`);
            bytes += res.bytes;
          }),
        );
        await deleteKeys(client, bucket, keys, concurrency);
        const rec = {
          put: { ...put, value: (keys.length * size) / MiB / put.seconds },
          get: { ...get, value: bytes / MiB / get.seconds },
        };
        log(
          `  64 MiB c=${concurrency} run ${r + 1} ${kind.padEnd(6)}: PUT ${round(rec.put.value, 1)} MiB/s, GET ${round(rec.get.value, 1)} MiB/s`,
        );
        return rec;
      },
      log,
    );
    collect(targets, runs, 'mibps', results, ['large', `c${concurrency}`], ratios);
  }
}

/**
 * PUT then GET up to `count` objects of `sizeBytes` at `concurrency`, each pass bounded by
 * `maxSeconds`; operations per second. Payloads are signed with their real SHA-256 (what SDKs do
 * over plain HTTP), so the server's payload-hash check is part of the cost.
 */
export async function smallObjects({ targets, bucket, params, results, ratios, log }) {
  const body = randomBytes(params.sizeBytes);
  const payloadHash = createHash('sha256').update(body).digest('hex');
  const keys = Array.from({ length: params.count }, (_, i) => `small-${String(i).padStart(6, '0')}`);
  const putAll = (client, list) =>
    runPool(list.length, params.concurrency, (i) =>
      client.send({ method: 'PUT', path: keyPath(bucket, list[i]), body, payloadHash }),
    );
  for (const t of targets) {
    // Untimed warm-up: a tenth of the objects written, read and deleted once.
    const warm = keys.slice(0, Math.ceil(keys.length / 10)).map((k) => `warm-${k}`);
    await putAll(t.client, warm);
    await runPool(warm.length, params.concurrency, (i) =>
      t.client.send({ method: 'GET', path: keyPath(bucket, warm[i]), payloadHash: EMPTY_SHA256 }),
    );
    await deleteKeys(t.client, bucket, warm, params.concurrency);
  }
  const runs = await interleaved(
    targets,
    params.repeats,
    async ({ kind, server, client }, r) => {
      const put = await timed(server, () =>
        runPool(
          keys.length,
          params.concurrency,
          (i) => client.send({ method: 'PUT', path: keyPath(bucket, keys[i]), body, payloadHash }),
          Date.now() + params.maxSeconds * 1000,
        ),
      );
      const written = keys.slice(0, put.done);
      const get = await timed(server, () =>
        runPool(
          written.length,
          params.concurrency,
          async (i) => {
            const res = await client.send({
              method: 'GET',
              path: keyPath(bucket, written[i]),
              payloadHash: EMPTY_SHA256,
            });
            if (res.bytes !== params.sizeBytes)
              throw new Error(`GET ${written[i]} returned ${res.bytes} bytes`);
          },
          Date.now() + params.maxSeconds * 1000,
        ),
      );
      await deleteKeys(client, bucket, written, params.concurrency);
      const rec = {
        put: { ...put, value: put.done / put.seconds },
        get: { ...get, value: get.done / get.seconds },
      };
      log(
        `  4 KiB run ${r + 1} ${kind.padEnd(6)}: PUT ${round(rec.put.value, 0)} op/s (${put.done}), GET ${round(rec.get.value, 0)} op/s (${get.done})`,
      );
      return rec;
    },
    log,
  );
  collect(targets, runs, 'opsPerSec', results, ['small'], ratios);
}

/** The key of entry `i` of a listing bucket: fixed width so key order is numeric order. */
export function listKey(i) {
  return `obj/${String(i).padStart(7, '0')}`;
}

/**
 * Fill `bucket` with `count` 0-byte objects through HTTP at `concurrency`, giving up after
 * `maxSeconds`. Returns { done, seconds }.
 */
export async function populateHttp({ client, bucket, count, concurrency, maxSeconds }) {
  const res = await runPool(
    count,
    concurrency,
    (i) =>
      client.send({
        method: 'PUT',
        path: keyPath(bucket, listKey(i)),
        body: Buffer.alloc(0),
        payloadHash: EMPTY_SHA256,
      }),
    Date.now() + maxSeconds * 1000,
  );
  return { done: res.done, seconds: res.elapsedMs / 1000 };
}

/**
 * Time ListObjectsV2 with max-keys=1000 on each entry ({ id, kind, client, bucket, count }): the
 * first page and a page from the middle (start-after the key at count/2). Each page must hold the
 * keys it should. Repeats interleave the entries. Returns id → { first, middle } with ms
 * summaries, and the per-repeat records for paired ratios.
 */
export async function listing({ entries, repeats, log }) {
  const pages = (count) => ({
    first: { query: { 'list-type': '2', 'max-keys': '1000' }, expected: Math.min(1000, count) },
    middle: {
      query: { 'list-type': '2', 'max-keys': '1000', 'start-after': listKey(Math.floor(count / 2)) },
      expected: Math.min(1000, count - Math.floor(count / 2) - 1),
    },
  });
  const list = async (e, page) => {
    const start = performance.now();
    const res = await e.client.send({
      method: 'GET',
      path: `/${e.bucket}`,
      query: page.query,
      payloadHash: EMPTY_SHA256,
      collect: 'text',
    });
    const ms = performance.now() - start;
    const keys = res.text.match(/<Key>/g)?.length ?? 0;
    if (keys !== page.expected)
      throw new Error(`listing ${e.bucket} returned ${keys} keys, expected ${page.expected}`);
    return ms;
  };
  // One untimed request per page first: index blocks come into the page cache the same way for
  // every bucket, and first-request costs (JIT, lazy opens) stay out of the median.
  for (const e of entries) for (const page of Object.values(pages(e.count))) await list(e, page);
  const runs = new Map(entries.map((e) => [e.id, []]));
  for (let r = 0; r < repeats; r++) {
    for (let i = 0; i < entries.length; i++) {
      const e = entries[(i + r) % entries.length];
      const rec = {};
      for (const [name, page] of Object.entries(pages(e.count))) rec[name] = await list(e, page);
      runs.get(e.id)[r] = rec;
    }
  }
  const out = {};
  for (const e of entries) {
    const recs = runs.get(e.id);
    out[e.id] = {
      first: { ms: summary(recs, (rec) => rec.first) },
      middle: { ms: summary(recs, (rec) => rec.middle) },
    };
    log(
      `  list ${e.kind} '${e.bucket}' (${e.count} keys): first page ${round(out[e.id].first.ms.median)} ms, middle page ${round(out[e.id].middle.ms.median)} ms (median of ${repeats})`,
    );
  }
  return { pages: out, runs };
}

/** Median over repeats of a/b for two listing entries' per-repeat times. */
export function pairedListingRatio(runs, idA, idB, page) {
  const a = runs.get(idA) ?? [];
  const b = runs.get(idB) ?? [];
  const ratios = a.map((rec, r) => (rec && b[r] ? { v: rec[page] / b[r][page] } : undefined));
  return summary(ratios, (x) => x.v);
}

/**
 * Encryption at rest on the engine alone: `count` objects of `sizeMiB` PUT then GET at c=1, once
 * plain and once with SSE-S3 (`x-amz-server-side-encryption: AES256`), the two passes back to back
 * within each repeat (order alternating) so the ratio SSE / plain is paired; the median ratio goes
 * to `ratios['large.sse.put|get']['sse/plain']`.
 */
export async function sseLargeObjects({ target, bucket, params, results, ratios, log }) {
  const size = params.sizeMiB * MiB;
  const body = randomBytes(size);
  const keys = Array.from({ length: params.count }, (_, i) => `sse-large-${i}`);
  const { server, client } = target;
  const sse = { 'x-amz-server-side-encryption': 'AES256' };
  const pass = async (headers) => {
    const put = await timed(server, () =>
      runPool(keys.length, 1, (i) =>
        client.send({ method: 'PUT', path: keyPath(bucket, keys[i]), body, payloadHash: UNSIGNED, headers }),
      ),
    );
    let bytes = 0;
    const get = await timed(server, () =>
      runPool(keys.length, 1, async (i) => {
        const res = await client.send({
          method: 'GET',
          path: keyPath(bucket, keys[i]),
          payloadHash: EMPTY_SHA256,
        });
        if (res.bytes !== size)
          throw new Error(`GET ${keys[i]} returned ${res.bytes} bytes, expected ${size}`);
        bytes += res.bytes;
      }),
    );
    await deleteKeys(client, bucket, keys, 1);
    // The server's CPU time per object: what encryption adds, whatever share of the cores it got.
    const cpuMs = (rec) => (rec.serverCpu * rec.seconds * 1000) / keys.length;
    return {
      put: { ...put, value: (keys.length * size) / MiB / put.seconds, cpuMs: cpuMs(put) },
      get: { ...get, value: bytes / MiB / get.seconds, cpuMs: cpuMs(get) },
    };
  };
  // Untimed warm-up of the encrypted path.
  await client.send({
    method: 'PUT',
    path: keyPath(bucket, 'sse-warm-up'),
    body,
    payloadHash: UNSIGNED,
    headers: sse,
  });
  await client.send({ method: 'GET', path: keyPath(bucket, 'sse-warm-up'), payloadHash: EMPTY_SHA256 });
  await deleteKeys(client, bucket, ['sse-warm-up'], 1);
  const runs = { plain: [], sse: [] };
  for (let r = 0; r < params.repeats; r++) {
    const order = r % 2 === 0 ? ['plain', 'sse'] : ['sse', 'plain'];
    for (const kind of order) runs[kind][r] = await pass(kind === 'sse' ? sse : {});
    const pair = (kind, op) => {
      const rec = runs[kind][r][op];
      return `${round(rec.value, 1)} MiB/s (server CPU ${Math.round(rec.cpuMs)} ms/object, others ${round(rec.otherCpu, 2)} cores)`;
    };
    log(
      `  64 MiB c=1 run ${r + 1}: PUT plain ${pair('plain', 'put')}, SSE-S3 ${pair('sse', 'put')} → ` +
        `${round(runs.sse[r].put.value / runs.plain[r].put.value, 2)}×\n` +
        `                  GET plain ${pair('plain', 'get')}, SSE-S3 ${pair('sse', 'get')} → ` +
        `${round(runs.sse[r].get.value / runs.plain[r].get.value, 2)}×`,
    );
  }
  const node = ((results.large ??= {}).sse = {});
  for (const kind of ['plain', 'sse']) {
    node[kind] = {};
    for (const op of ['put', 'get']) {
      node[kind][op] = {
        mibps: summary(runs[kind], (rec) => rec[op].value),
        serverCpu: summary(runs[kind], (rec) => rec[op].serverCpu),
        cpuMsPerObject: summary(runs[kind], (rec) => rec[op].cpuMs),
        otherCpu: summary(runs[kind], (rec) => rec[op].otherCpu),
      };
    }
  }
  for (const op of ['put', 'get']) {
    const paired = runs.sse.map((rec, r) => ({ v: rec[op].value / runs.plain[r][op].value }));
    ratios[`large.sse.${op}`] = { 'sse/plain': summary(paired, (x) => x.v) };
  }
}
