#!/usr/bin/env node
// Hunts connection resets (issue 14 §7): starts the engine as `npm start` does (dist/cli.js,
// --drives 4, UV_THREADPOOL_SIZE=16) under a chosen open-file limit (`prlimit`, soft:hard), then
// drives it with real clients — the AWS SDK v3 (maxAttempts 1) or minio-js — from N concurrent
// workers doing mixed PUT/GET/HEAD/DELETE of small and medium objects, with or without keep-alive,
// optionally pausing near the keep-alive timeout. Prints every answer and error by kind.
//   node bench/conn-resets.mjs [--nofile SOFT[:HARD]] [--workers 200] [--seconds 60]
//     [--client sdk|minio] [--keepalive on|off] [--gaps MS,MS] [--gap-every N] [--sizes 4096,307200]
//     [--ops PUT,GET,HEAD,GET,DELETE] [--shared-client] [--engine-args "..."]
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { Client as MinioClient } from 'minio';
import { freePort } from './lib/servers.mjs';

const { values } = parseArgs({
  options: {
    nofile: { type: 'string', default: '1024' },
    workers: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    client: { type: 'string', default: 'sdk' },
    keepalive: { type: 'string', default: 'on' },
    gaps: { type: 'string', default: '' },
    'gap-every': { type: 'string', default: '20' },
    sizes: { type: 'string', default: '4096,65536,307200,2097152' },
    'engine-args': { type: 'string', default: '' },
    'shared-client': { type: 'boolean', default: false },
    ops: { type: 'string', default: 'PUT,GET,HEAD,GET,DELETE' },
  },
});

const ROOT_ROOT = new URL('..', import.meta.url).pathname;
const workers = Number(values.workers);
const seconds = Number(values.seconds);
const sizes = values.sizes.split(',').map(Number);
const gaps = values.gaps === '' ? [] : values.gaps.split(',').map(Number);
const keepAlive = values.keepalive === 'on';
const user = 'resetsroot';
const password = 'resets-secret-key-1';

const dataDir = mkdtempSync(join(tmpdir(), 'coffer-resets-'));
const port = await freePort();
const [soft, hardGiven] = values.nofile.split(':');
// Debian's stock limits: soft 1024, hard far above (here: this process's own hard limit).
const hard = hardGiven ?? /^Max open files\s+\S+\s+(\S+)/m.exec(readFileSync('/proc/self/limits', 'utf8'))[1];
const engineRuntime = JSON.parse(readFileSync(join(ROOT_ROOT, 'packages/engine/node-flags.json'), 'utf8'));
const engineArgs = [
  `--nofile=${soft}:${hard}`,
  process.execPath,
  // The engine's Node/V8 flags, as `npm start` and its #! line give them.
  ...engineRuntime.flags,
  join(ROOT_ROOT, 'packages/engine/dist/cli.js'),
  '--address',
  `127.0.0.1:${port}`,
  '--data',
  dataDir,
  '--drives',
  '4',
  ...values['engine-args'].split(' ').filter(Boolean),
];
const engine = spawn('prlimit', engineArgs, {
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    ...process.env,
    UV_THREADPOOL_SIZE: '16',
    ...engineRuntime.env,
    COFFER_ROOT_USER: user,
    COFFER_ROOT_PASSWORD: password,
  },
});
let engineOut = '';
engine.stdout.on('data', (d) => (engineOut += d));
engine.stderr.on('data', (d) => (engineOut += d));
const url = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  const ok = await fetch(`${url}/minio/health/live`).then(
    (r) => r.status === 200,
    () => false,
  );
  if (ok) break;
  if (i > 300) throw new Error(`engine did not start:\n${engineOut}`);
  await new Promise((r) => setTimeout(r, 100));
}

const agentOptions = { keepAlive, maxSockets: keepAlive ? 50 : Infinity };
function sdkClient() {
  return new S3Client({
    endpoint: url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: user, secretAccessKey: password },
    maxAttempts: 1,
    requestHandler: new NodeHttpHandler({ httpAgent: new http.Agent(agentOptions) }),
  });
}
function minioClient() {
  return new MinioClient({
    endPoint: '127.0.0.1',
    port,
    useSSL: false,
    accessKey: user,
    secretKey: password,
    transportAgent: new http.Agent(agentOptions),
  });
}

const bucket = 'resets';
await sdkClient().send(new CreateBucketCommand({ Bucket: bucket }));
const bodies = sizes.map((n) => randomBytes(n));

const counts = new Map();
const count = (k) => counts.set(k, (counts.get(k) ?? 0) + 1);
const errorSamples = [];
let requests = 0;
const deadline = Date.now() + seconds * 1000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function sdkOp(s3, op, key, body) {
  if (op === 'PUT') await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
  else if (op === 'GET') {
    const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    await out.Body.transformToByteArray();
  } else if (op === 'HEAD') await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  else await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}
async function minioOp(mc, op, key, body) {
  if (op === 'PUT') await mc.putObject(bucket, key, body, body.length);
  else if (op === 'GET') {
    const stream = await mc.getObject(bucket, key);
    for await (const _ of stream);
  } else if (op === 'HEAD') await mc.statObject(bucket, key);
  else await mc.removeObject(bucket, key);
}

const shared = values.client === 'sdk' ? sdkClient() : minioClient();
async function worker(w) {
  const c = values['shared-client'] ? shared : values.client === 'sdk' ? sdkClient() : minioClient();
  const run = values.client === 'sdk' ? sdkOp : minioOp;
  const ops = values.ops.split(',');
  let i = 0;
  while (Date.now() < deadline) {
    const op = ops[i % ops.length];
    const body = bodies[(w + Math.floor(i / ops.length)) % bodies.length];
    const key = `w${w}/k${Math.floor(i / ops.length) % 3}`;
    i++;
    requests++;
    try {
      await run(c, op, key, body);
      count(`${op} ok`);
    } catch (err) {
      const status = err.$metadata?.httpStatusCode ?? err.code;
      const kind = err.$metadata?.httpStatusCode
        ? `${op} ${status} ${err.name}`
        : `${op} ${err.code ?? err.name}: ${err.message}`.slice(0, 90);
      if (op !== 'DELETE' && /NoSuchKey|NotFound|404/.test(kind)) count(`${op} 404`);
      else {
        count(kind);
        if (errorSamples.length < 10) errorSamples.push({ op, kind, at: Date.now() });
      }
    }
    if (gaps.length > 0 && i % Number(values['gap-every']) === 0)
      await sleep(gaps[0] + Math.random() * ((gaps[1] ?? gaps[0]) - gaps[0]));
  }
}
// Peak of the engine's open descriptors, sampled every 20 ms.
let peakFds = 0;
const sampler = setInterval(() => {
  try {
    peakFds = Math.max(peakFds, readdirSync(`/proc/${engine.pid}/fd`).length);
  } catch {
    // the engine is gone
  }
}, 20);
const started = Date.now();
const cpuBefore = engineCpu();
await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
const elapsed = (Date.now() - started) / 1000;
const cpu = engineCpu() - cpuBefore;
clearInterval(sampler);

function engineCpu() {
  // prlimit execs node: the child's pid is the engine's.
  try {
    const stat = readFileSync(`/proc/${engine.pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) / 100;
  } catch {
    return NaN;
  }
}

const failures = [...counts].filter(([k]) => !/ ok$| 404$/.test(k)).reduce((a, [, n]) => a + n, 0);
console.log(
  JSON.stringify(
    {
      args: values,
      requests,
      failures,
      elapsedS: elapsed,
      engineCpuS: cpu,
      peakFds,
      loadavg: readFileSync('/proc/loadavg', 'utf8').trim(),
      counts: Object.fromEntries([...counts].sort()),
      errorSamples,
      engineLog: engineOut
        .split('\n')
        .filter((l) => /EMFILE|descriptor|error|warn/i.test(l))
        .slice(0, 10),
    },
    null,
    1,
  ),
);
engine.kill('SIGTERM');
await new Promise((r) => engine.once('exit', r));
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
