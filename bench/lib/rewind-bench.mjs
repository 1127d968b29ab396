// Rewind through the console (issue 9 §2): the first page of a rewind on a prefix holding `keys`
// keys × 3 versions, against the plain listing's first page of the same prefix, in the same run,
// interleaved, as a paired ratio (median). The rewind date lies between each key's second and
// third version, so the answer has to pass over one newer version per key, as a real rewind does.
// A rewind answer reads at most one S3 page of versions (1,000), so its first page holds about a
// third as many keys; the time to a full 1,000 keys (the answers in turn) is measured too.
//
// The versions are written through S3 (minio-js, 32 at a time) into a versioned bucket made through
// the console; the bucket is emptied and deleted afterwards.
import { Client } from 'minio';
import { median, round } from './workloads.mjs';

const BUCKET = 'console-rewind';
const PREFIX = 'rw/';
const PAGE = 1000;

const key = (i) => `${PREFIX}${String(i).padStart(7, '0')}`;

async function pool(count, concurrency, fn) {
  let next = 0;
  const worker = async () => {
    while (next < count) await fn(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

async function timedGet(base, cookie, path) {
  const start = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { cookie } });
  const body = await res.json();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(body)}`);
  return { ms, entries: body.objects.length, more: body.continuation !== undefined, body };
}

/**
 * Returns { keys, versions, populateSeconds, plain, rewind, ratio } with ms medians and runs.
 * `api(method, path, json)` calls the console with the session; `engine` has endpoint and keys.
 */
export async function rewindBench({ base, cookie, api, engine, keys, repeats, log }) {
  const created = await api('POST', '/api/v1/buckets', { name: BUCKET, versioning: true });
  if (created.status !== 201)
    throw new Error(`creating ${BUCKET}: HTTP ${created.status} ${JSON.stringify(created.body)}`);
  const url = new URL(engine.endpoint);
  const s3 = new Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: false,
    accessKey: engine.accessKey,
    secretKey: engine.secretKey,
    region: 'us-east-1',
    pathStyle: true,
  });
  try {
    const start = performance.now();
    let date = '';
    for (let v = 1; v <= 3; v++) {
      await pool(keys, 32, (i) => s3.putObject(BUCKET, key(i), Buffer.from(`v${v}`)));
      if (v === 2) {
        date = new Date().toISOString();
        // Past the date's millisecond before the third versions are written.
        await new Promise((r) => setTimeout(r, 20));
      }
      log(`  rewind: version ${v} of ${keys} keys written`);
    }
    const populateSeconds = (performance.now() - start) / 1000;
    const plainPath = `/api/v1/buckets/${BUCKET}/objects?prefix=${encodeURIComponent(PREFIX)}&limit=${PAGE}`;
    const rewindPath = `/api/v1/buckets/${BUCKET}/rewind/${encodeURIComponent(date)}?prefix=${encodeURIComponent(PREFIX)}&limit=${PAGE}`;

    // Right answers first: each key's second version.
    const check = await timedGet(base, cookie, rewindPath);
    if (check.entries === 0 || check.body.objects.some((o) => o.size !== 2 || o.is_latest !== false))
      throw new Error(`rewind page: ${check.entries} entries, expected second versions`);
    await timedGet(base, cookie, plainPath);
    const want = Math.min(PAGE, keys);
    /** Answers in turn until `want` keys are in. */
    const fullRewind = async () => {
      const begin = performance.now();
      let got = 0;
      let continuation;
      do {
        const path =
          continuation === undefined
            ? rewindPath
            : `${rewindPath}&continuation=${encodeURIComponent(continuation)}`;
        const t = await timedGet(base, cookie, path);
        got += t.entries;
        continuation = t.body.continuation;
      } while (got < want && continuation !== undefined);
      if (got < want) throw new Error(`rewind: ${got} keys, expected ${want}`);
      return performance.now() - begin;
    };

    const runs = { plain: [], rewind: [], rewindFull: [] };
    const ratios = [];
    const fullRatios = [];
    for (let r = 0; r < repeats; r++) {
      const order = r % 2 ? ['rewind', 'plain'] : ['plain', 'rewind'];
      const ms = {};
      for (const which of order) {
        const t = await timedGet(base, cookie, which === 'plain' ? plainPath : rewindPath);
        runs[which].push(t.ms);
        ms[which] = t.ms;
      }
      ratios.push(ms.rewind / ms.plain);
      const full = await fullRewind();
      runs.rewindFull.push(full);
      fullRatios.push(full / ms.plain);
    }
    const summary = (values) => ({ median: round(median(values)), runs: values.map((v) => round(v)) });
    return {
      keys,
      versions: keys * 3,
      page: want,
      firstPageKeys: check.entries,
      populateSeconds: round(populateSeconds, 1),
      plain: summary(runs.plain),
      rewind: summary(runs.rewind),
      ratio: summary(ratios),
      rewindFullPage: summary(runs.rewindFull),
      fullPageRatio: summary(fullRatios),
    };
  } finally {
    await api(
      'DELETE',
      `/api/v1/buckets/${BUCKET}/objects?path=${encodeURIComponent(PREFIX)}&recursive=true&all_versions=true`,
    );
    await api('DELETE', `/api/v1/buckets/${BUCKET}`);
  }
}
