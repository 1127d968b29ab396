// Upload of one large file through the console's resumable multipart API (issue 9 §4) — create,
// parts of the console's part size sent 3 at a time as the browser does (each part read from the
// file as it is sent), complete — against awscli's `s3 cp` of the same file straight to the
// engine, in the same run, alternating which goes first. The result is each side's MiB/s
// (median of the repeats) and the paired ratio console/awscli (issue 9 asks ≥ 0.8×).
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { join } from 'node:path';
import { median, round } from './workloads.mjs';

const MiB = 1024 * 1024;
const BUCKET = 'console-upload-bench';
/** Part requests in flight, as the web app's PART_CONCURRENCY. */
const PARALLEL = 3;

async function json(base, cookie, method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? { cookie } : { cookie, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: HTTP ${res.status} ${text}`);
  return text === '' ? null : JSON.parse(text);
}

/** A file of `sizeMiB` MiB of random-looking bytes (1 MiB blocks, each distinct); its SHA-256. */
async function writeTestFile(path, sizeMiB) {
  const block = randomBytes(MiB);
  const hash = createHash('sha256');
  const file = await open(path, 'w');
  try {
    for (let i = 0; i < sizeMiB; i++) {
      block.writeUInt32LE(i, 0);
      hash.update(block);
      await file.write(block);
    }
  } finally {
    await file.close();
  }
  return hash.digest('hex');
}

const agent = new http.Agent({ keepAlive: true, maxSockets: PARALLEL + 1 });

function putPart(url, cookie, path, start, end) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: 'PUT',
      agent,
      headers: { cookie, 'content-type': 'application/octet-stream', 'content-length': String(end - start) },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c) => (text += c.toString()));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(JSON.parse(text))
          : reject(new Error(`part: HTTP ${res.statusCode} ${text}`)),
      );
    });
    req.on('error', reject);
    if (end > start) createReadStream(path, { start, end: end - 1 }).pipe(req);
    else req.end();
  });
}

/** The browser's way through the console: create, parts 3 at a time, complete. */
async function consoleUpload(base, cookie, path, size, key) {
  const created = await json(base, cookie, 'POST', `/api/v1/buckets/${BUCKET}/multipart-uploads`, {
    key,
    size,
  });
  const q = new URLSearchParams({ key, upload_id: created.upload_id, token: created.token });
  const count = Math.max(1, Math.ceil(size / created.part_size));
  const etags = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const start = i * created.part_size;
      const end = Math.min(size, start + created.part_size);
      const url = `${base}/api/v1/buckets/${BUCKET}/multipart-uploads/parts?${q}&part_number=${i + 1}`;
      etags[i] = (await putPart(url, cookie, path, start, end)).etag;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, count) }, worker));
  const parts = etags.map((etag, i) => ({ part_number: i + 1, etag }));
  const done = await json(base, cookie, 'POST', `/api/v1/buckets/${BUCKET}/multipart-uploads/complete?${q}`, {
    parts,
  });
  if (done.size !== size) throw new Error(`console upload stored ${done.size} bytes, expected ${size}`);
  return { partSize: created.part_size, parts: count };
}

function awscliUpload(workDir, engine, path, key) {
  const env = {
    ...process.env,
    AWS_ACCESS_KEY_ID: engine.accessKey,
    AWS_SECRET_ACCESS_KEY: engine.secretKey,
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_CONFIG_FILE: join(workDir, 'aws-config'),
    AWS_SHARED_CREDENTIALS_FILE: join(workDir, 'aws-credentials'),
    AWS_EC2_METADATA_DISABLED: 'true',
    AWS_PAGER: '',
  };
  for (const name of ['AWS_SESSION_TOKEN', 'AWS_PROFILE', 'AWS_ENDPOINT_URL', 'AWS_ENDPOINT_URL_S3'])
    delete env[name];
  return new Promise((resolve, reject) =>
    execFile(
      'aws',
      ['--endpoint-url', engine.endpoint, 's3', 'cp', '--only-show-errors', path, `s3://${BUCKET}/${key}`],
      { env, timeout: 30 * 60_000 },
      (error, _stdout, stderr) =>
        error ? reject(new Error(`awscli: ${stderr || error.message}`)) : resolve(),
    ),
  );
}

async function timed(fn) {
  const start = performance.now();
  const value = await fn();
  return { value, seconds: (performance.now() - start) / 1000 };
}

/**
 * Run the comparison. `engine` from bench/lib/servers.mjs; `base`/`cookie` a console in front of
 * it, signed in as the same account. Deletes what it uploaded.
 */
export async function uploadBench({ engine, base, cookie, workDir, sizeMiB, repeats, log }) {
  await mkdir(workDir, { recursive: true });
  await writeFile(
    join(workDir, 'aws-config'),
    '[default]\nregion = us-east-1\ns3 =\n    addressing_style = path\n',
  );
  await writeFile(join(workDir, 'aws-credentials'), '');
  const path = join(workDir, 'upload.bin');
  const size = sizeMiB * MiB;
  log(`  writing a ${sizeMiB} MiB test file…`);
  const sha256 = await writeTestFile(path, sizeMiB);
  await json(base, cookie, 'POST', '/api/v1/buckets', { name: BUCKET }).catch((err) => {
    if (!/HTTP 409/.test(String(err.message))) throw err;
  });
  const runs = { console: [], awscli: [] };
  const ratios = [];
  let shape;
  try {
    // One untimed warm-up of each (JIT, sockets, awscli's start-up cache).
    await consoleUpload(base, cookie, path, size, 'warm-console.bin');
    await awscliUpload(workDir, engine, path, 'warm-awscli.bin');
    for (let r = 0; r < repeats; r++) {
      const order = r % 2 ? ['awscli', 'console'] : ['console', 'awscli'];
      const speed = {};
      for (const side of order) {
        const t =
          side === 'console'
            ? await timed(() => consoleUpload(base, cookie, path, size, `console-${r}.bin`))
            : await timed(() => awscliUpload(workDir, engine, path, `awscli-${r}.bin`));
        if (side === 'console') shape = t.value;
        speed[side] = sizeMiB / t.seconds;
        runs[side].push(speed[side]);
        log(`  ${side}: ${round(speed[side], 1)} MiB/s (${round(t.seconds, 1)} s)`);
      }
      ratios.push(speed.console / speed.awscli);
    }
    // The console's copy is the file, byte for byte.
    const res = await fetch(`${base}/api/v1/buckets/${BUCKET}/objects/download?prefix=console-0.bin`, {
      headers: { cookie },
    });
    const hash = createHash('sha256');
    for await (const chunk of res.body) hash.update(chunk);
    if (hash.digest('hex') !== sha256) throw new Error('the console-uploaded object differs from the file');
  } finally {
    const keys = ['warm-console.bin', 'warm-awscli.bin'];
    for (let r = 0; r < repeats; r++) keys.push(`console-${r}.bin`, `awscli-${r}.bin`);
    await json(
      base,
      cookie,
      'POST',
      `/api/v1/buckets/${BUCKET}/delete-objects`,
      keys.map((path) => ({ path })),
    ).catch(() => undefined);
    await json(base, cookie, 'DELETE', `/api/v1/buckets/${BUCKET}`).catch(() => undefined);
    await rm(path, { force: true });
  }
  return {
    sizeMiB,
    repeats,
    partSizeMiB: round(shape.partSize / MiB, 1),
    parts: shape.parts,
    parallelParts: PARALLEL,
    consoleMiBps: { median: round(median(runs.console), 1), runs: runs.console.map((v) => round(v, 1)) },
    awscliMiBps: { median: round(median(runs.awscli), 1), runs: runs.awscli.map((v) => round(v, 1)) },
    ratio: { median: round(median(ratios)), runs: ratios.map((v) => round(v)) },
  };
}
