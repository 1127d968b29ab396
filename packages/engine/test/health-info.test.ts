/**
 * Admin health info / OBD over HTTP (issue 11 §2; wire doc §1.3, §3.12): the engine answers a
 * text/event-stream of madmin HealthInfo documents — first the facts, then the complete document
 * with the drive speed test — that end by the deadline; the facts are real (this machine's CPU
 * count, memory, kernel, the drives' file systems); sections follow the query switches; callers
 * without admin:OBDInfo are refused and a bad deadline is a 400.
 */
import os from 'node:os';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, createUser } from './helpers/admin-calls.js';
import { startHttpEngine, type HttpEngine } from './helpers/http-engine.js';

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
    expect(docs).toHaveLength(2);
    const [first, last] = docs as [Doc, Doc];
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
    expect(docs).toHaveLength(1);
    expect(Object.keys(docs[0]?.sys ?? {})).toEqual(['cpus']);
    expect(docs[0]?.minio).toEqual({});
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
