// The three workloads, written once against the shared client so every server gets identical
// requests: large-object throughput, small-object operations per second, and listing latency.
// Each timed pass is repeated and the median kept; the server's CPU seconds during each pass are
// recorded too (from /proc), which shows whether a server is CPU-bound on this 2-core machine.
import { createHash, randomBytes } from 'node:crypto';
import { keyPath, runPool } from './client.mjs';

const MiB = 1024 * 1024;
const UNSIGNED = 'UNSIGNED-PAYLOAD';
const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

export function median(values) {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Time one pass and the server's CPU seconds spent in it. */
async function timed(server, fn) {
  const cpu0 = server.cpuSeconds();
  const result = await fn();
  const cpu = server.cpuSeconds() - cpu0;
  return { ...result, serverCpuSeconds: cpu };
}

export async function makeBucket(client, bucket) {
  await client.send({ method: 'PUT', path: `/${bucket}`, payloadHash: EMPTY_SHA256 });
}

async function deleteKeys(client, bucket, keys, concurrency) {
  await runPool(keys.length, concurrency, (i) =>
    client.send({ method: 'DELETE', path: keyPath(bucket, keys[i]), payloadHash: EMPTY_SHA256 }),
  );
}

function summarize(runs, field) {
  return { median: median(runs.map((r) => r[field])), runs: runs.map((r) => round(r[field])) };
}

export function round(value, digits = 2) {
  if (!Number.isFinite(value)) return value;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/**
 * PUT then GET `count` objects of `sizeMiB` at each concurrency, `repeats` times; MiB/s of the
 * whole pass (bytes / wall time). Objects are deleted after each repeat, outside the timing.
 */
export async function largeObjects({ server, client, bucket, params, log }) {
  const size = params.sizeMiB * MiB;
  const body = randomBytes(size);
  const keys = Array.from({ length: params.count }, (_, i) => `large-${i}`);
  // Untimed warm-up (JIT, sockets, page cache for the temp files' directory).
  await client.send({ method: 'PUT', path: keyPath(bucket, 'warm-up'), body, payloadHash: UNSIGNED });
  await client.send({ method: 'GET', path: keyPath(bucket, 'warm-up'), payloadHash: EMPTY_SHA256 });
  await deleteKeys(client, bucket, ['warm-up'], 1);
  const out = {};
  for (const concurrency of params.concurrency) {
    const puts = [];
    const gets = [];
    for (let r = 0; r < params.repeats; r++) {
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
      const mib = (keys.length * size) / MiB;
      puts.push({ mibps: mib / (put.elapsedMs / 1000), cpu: put.serverCpuSeconds / (put.elapsedMs / 1000) });
      gets.push({
        mibps: bytes / MiB / (get.elapsedMs / 1000),
        cpu: get.serverCpuSeconds / (get.elapsedMs / 1000),
      });
      log(
        `  large c=${concurrency} run ${r + 1}: PUT ${round(puts.at(-1).mibps, 1)} MiB/s, GET ${round(gets.at(-1).mibps, 1)} MiB/s`,
      );
    }
    out[`c${concurrency}`] = {
      put: { mibps: summarize(puts, 'mibps'), serverCpu: summarize(puts, 'cpu') },
      get: { mibps: summarize(gets, 'mibps'), serverCpu: summarize(gets, 'cpu') },
    };
  }
  return out;
}

/**
 * PUT then GET up to `count` objects of `sizeBytes` at `concurrency`, each pass bounded by
 * `maxSeconds`; operations per second. Payloads are signed with their real SHA-256 (what SDKs do
 * over plain HTTP), so the server's payload-hash check is part of the cost.
 */
export async function smallObjects({ server, client, bucket, params, log }) {
  const body = randomBytes(params.sizeBytes);
  const payloadHash = createHash('sha256').update(body).digest('hex');
  const keys = Array.from({ length: params.count }, (_, i) => `small-${String(i).padStart(6, '0')}`);
  // Untimed warm-up: a tenth of the objects written, read and deleted once.
  const warm = keys.slice(0, Math.ceil(keys.length / 10)).map((k) => `warm-${k}`);
  await runPool(warm.length, params.concurrency, (i) =>
    client.send({ method: 'PUT', path: keyPath(bucket, warm[i]), body, payloadHash }),
  );
  await runPool(warm.length, params.concurrency, (i) =>
    client.send({ method: 'GET', path: keyPath(bucket, warm[i]), payloadHash: EMPTY_SHA256 }),
  );
  await deleteKeys(client, bucket, warm, params.concurrency);
  const puts = [];
  const gets = [];
  for (let r = 0; r < params.repeats; r++) {
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
    puts.push({
      ops: put.done / (put.elapsedMs / 1000),
      done: put.done,
      cpu: put.serverCpuSeconds / (put.elapsedMs / 1000),
    });
    gets.push({
      ops: get.done / (get.elapsedMs / 1000),
      done: get.done,
      cpu: get.serverCpuSeconds / (get.elapsedMs / 1000),
    });
    log(
      `  small run ${r + 1}: PUT ${round(puts.at(-1).ops, 0)} op/s (${put.done}), GET ${round(gets.at(-1).ops, 0)} op/s (${get.done})`,
    );
  }
  return {
    put: {
      opsPerSec: summarize(puts, 'ops'),
      serverCpu: summarize(puts, 'cpu'),
      done: puts.map((p) => p.done),
    },
    get: {
      opsPerSec: summarize(gets, 'ops'),
      serverCpu: summarize(gets, 'cpu'),
      done: gets.map((g) => g.done),
    },
  };
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
 * Time ListObjectsV2 with max-keys=1000: the first page and a page from the middle (start-after
 * the key at count/2). Each page must hold 1,000 keys. Milliseconds, median of `repeats`.
 */
export async function listing({ client, bucket, count, repeats, log }) {
  const pages = {
    first: { 'list-type': '2', 'max-keys': '1000' },
    middle: { 'list-type': '2', 'max-keys': '1000', 'start-after': listKey(Math.floor(count / 2)) },
  };
  const out = {};
  for (const [name, query] of Object.entries(pages)) {
    // One untimed request first: the page's index blocks come into the page cache the same way
    // for every bucket, and a server's first-request costs (JIT, lazy opens) stay out of the median.
    await client.send({
      method: 'GET',
      path: `/${bucket}`,
      query,
      payloadHash: EMPTY_SHA256,
      collect: 'text',
    });
    const times = [];
    for (let r = 0; r < repeats; r++) {
      const start = performance.now();
      const res = await client.send({
        method: 'GET',
        path: `/${bucket}`,
        query,
        payloadHash: EMPTY_SHA256,
        collect: 'text',
      });
      times.push(performance.now() - start);
      const keys = res.text.match(/<Key>/g)?.length ?? 0;
      const expected = Math.min(1000, name === 'first' ? count : count - Math.floor(count / 2) - 1);
      if (keys !== expected)
        throw new Error(`listing ${bucket} (${name}) returned ${keys} keys, expected ${expected}`);
    }
    out[name] = { ms: { median: median(times), runs: times.map((t) => round(t)) } };
    log(
      `  list bucket '${bucket}' (${count} keys), ${name} page: ${round(out[name].ms.median)} ms (median of ${repeats})`,
    );
  }
  return out;
}
