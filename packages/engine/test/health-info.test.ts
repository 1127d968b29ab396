/**
 * Admin health info / OBD over HTTP (issue 11 §2; wire doc §1.3, §3.12): the engine answers a
 * text/event-stream of madmin HealthInfo documents — the version alone, the facts, then the
 * complete document with the drive speed test — that end by the deadline; the facts are real
 * (this machine's CPU count, memory, kernel, the drives' file systems); sections follow the query
 * switches; callers without admin:OBDInfo are refused and a bad deadline is a 400. madmin-go
 * 2.0.7 (the Go probe's `healthinfo` command) accepts the stream's version and decodes every
 * document into its HealthInfo.
 */
import os from 'node:os';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, createUser } from './helpers/admin-calls.js';
import { startHttpEngine, type HttpEngine } from './helpers/http-engine.js';
import { buildMadminProbe, runMadminProbe } from './helpers/madmin-probe.js';
import { requireSystemDeps } from './helpers/system-deps.js';

const ROOT = { accessKey: 'healthroot', secretKey: 'healthroot-secret' };
let engine: HttpEngine;
let url = '';

interface Doc {
  version: string;
  timestamp: string;
  error?: string;
  sys: {
    cpus?: { addr: string; cpus: { cores: number; model_name: string }[] }[];
    meminfo?: { total: number; available: number }[];
    osinfo?: { info: { hostname: string; kernelVersion: string; os: string } }[];
    partitions?: {
      partitions: { path: string; fs_type: string; space_total: number; space_free: number }[];
    }[];
  };
  minio: { info?: { deploymentID: string; servers: unknown[] } };
  perf?: {
    drives: {
      drives: { path: string; error?: string; latency?: { avg: number }; throughput?: { avg: number } }[];
    }[];
  };
}

/** The stream's documents: JSON separated by newlines, keep-alive spaces in between. */
function documents(text: string): Doc[] {
  return text
    .split('\n')
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '')
    .map((piece) => JSON.parse(piece) as Doc);
}

beforeAll(async () => {
  engine = await startHttpEngine({ name: 'health-info', ...ROOT });
  url = `http://127.0.0.1:${engine.port}`;
});

afterAll(async () => {
  await engine?.close();
});

describe('healthinfo', () => {
  it('streams the facts, then the complete document with each drive measured', async () => {
    const started = Date.now();
    const answer = await adminCall({ url }, ROOT, 'GET', 'healthinfo', { query: { deadline: '1m' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/event-stream');
    const docs = documents(answer.text);
    expect(docs).toHaveLength(3);
    const [opening, first, last] = docs as [Doc, Doc, Doc];
    // As MinIO: the version alone first (madmin's ServerHealthInfo consumes it), then the facts.
    expect(opening).toEqual({
      version: '3',
      timestamp: expect.any(String),
      minio: { info: { deploymentID: engine.context.deploymentId } },
    });
    expect(first.sys.cpus).toBeDefined();
    expect(first.perf).toBeUndefined();
    expect(last.version).toBe('3');
    expect(last.error).toBeUndefined();
    expect(Date.parse(last.timestamp)).toBeGreaterThanOrEqual(started - 1000);
    const cores = (last.sys.cpus?.[0]?.cpus ?? []).reduce((sum, cpu) => sum + cpu.cores, 0);
    expect(cores).toBeGreaterThan(0);
    expect(cores).toBeLessThanOrEqual(os.cpus().length);
    expect(last.sys.meminfo?.[0]?.total).toBeGreaterThan(0);
    expect(Math.abs((last.sys.meminfo?.[0]?.total ?? 0) - os.totalmem())).toBeLessThan(os.totalmem() / 10);
    expect(last.sys.osinfo?.[0]?.info).toMatchObject({
      hostname: os.hostname(),
      kernelVersion: os.release(),
      os: 'linux',
    });
    const partitions = last.sys.partitions?.[0]?.partitions ?? [];
    expect(partitions.map((p) => path.basename(p.path))).toEqual(['drive1', 'drive2', 'drive3', 'drive4']);
    for (const p of partitions) {
      expect(p.fs_type).not.toBe('');
      expect(p.space_total).toBeGreaterThan(p.space_free);
    }
    expect(last.minio.info?.deploymentID).toBe(engine.context.deploymentId);
    const measured = last.perf?.drives[0]?.drives ?? [];
    expect(measured).toHaveLength(4);
    for (const drive of measured) {
      expect(drive.error).toBeUndefined();
      expect(drive.latency?.avg).toBeGreaterThan(0);
      expect(drive.throughput?.avg).toBeGreaterThan(0);
    }
    // The speed test cleans up after itself.
    for (const p of partitions) expect(await readdir(path.join(p.path, '.coffer.sys', 'tmp'))).toEqual([]);
  });

  it('gives only the sections asked for', async () => {
    const answer = await adminCall({ url }, ROOT, 'GET', 'obdinfo', {
      query: { deadline: '5s', syscpu: 'true', sysmem: 'false', minioinfo: 'false' },
    });
    expect(answer.status).toBe(200);
    const docs = documents(answer.text);
    expect(docs).toHaveLength(2);
    expect(Object.keys(docs[1]?.sys ?? {})).toEqual(['cpus']);
    expect(docs[1]?.minio).toEqual({});
  });

  it('stops the speed test when the deadline passes', async () => {
    const answer = await adminCall({ url }, ROOT, 'GET', 'healthinfo', { query: { deadline: '1ms' } });
    expect(answer.status).toBe(200);
    const last = documents(answer.text).at(-1);
    const measured = last?.perf?.drives[0]?.drives ?? [];
    expect(measured.filter((d) => d.latency !== undefined)).toEqual([]);
  });

  it('refuses a bad deadline and callers without admin:OBDInfo', async () => {
    const bad = await adminCall({ url }, ROOT, 'GET', 'healthinfo', { query: { deadline: 'soon' } });
    expect(bad.status).toBe(400);
    const user = await createUser({ url, ...ROOT }, 'plainuser', 'plainuser-secret', ['readwrite']);
    const refused = await adminCall({ url }, user, 'GET', 'healthinfo');
    expect(refused.status).toBe(403);
  });
});

describe('madmin-go (Debian 2.0.7) reads the health info stream', () => {
  let probe: string;
  beforeAll(async () => {
    await requireSystemDeps(['go', 'madmin-go']);
    probe = await buildMadminProbe();
  }, 300_000);

  it('ServerHealthInfo accepts the version; every document decodes into HealthInfo with the facts', async () => {
    const { code, report, stderr } = await runMadminProbe(probe, 'healthinfo', { url, ...ROOT });
    const r = report as {
      summary: {
        version: string;
        documents: number;
        timestampSet: boolean;
        unknownFields: string[];
        cpuNodes: number;
        cpuCores: number;
        memTotal: number;
        hostname: string;
        kernelVersion: string;
        drivesWithPartitions: number;
        partitionsWithSpace: number;
        deploymentID: string;
        servers: number;
        serverDrives: number;
        nodeErrors: string[];
      };
      errors: Record<string, string>;
    };
    expect(r.errors, stderr).toEqual({});
    expect(code).toBe(0);
    expect(r.summary).toMatchObject({
      version: '3',
      timestampSet: true,
      cpuNodes: 1,
      hostname: os.hostname(),
      kernelVersion: os.release(),
      drivesWithPartitions: 4,
      partitionsWithSpace: 4,
      deploymentID: engine.context.deploymentId,
      servers: 1,
      serverDrives: 4,
      nodeErrors: [],
    });
    expect(r.summary.documents).toBeGreaterThanOrEqual(1);
    expect(r.summary.cpuCores).toBeGreaterThan(0);
    expect(r.summary.cpuCores).toBeLessThanOrEqual(os.cpus().length);
    expect(Math.abs(r.summary.memTotal - os.totalmem())).toBeLessThan(os.totalmem() / 10);
    // The drive speed test is the engine's addition (docs/compatibility.md): madmin 2.0.7 skips it.
    expect(r.summary.unknownFields).toEqual(['perf']);
  }, 150_000);
});
