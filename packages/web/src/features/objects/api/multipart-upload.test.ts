/**
 * The resumable upload runner against an in-memory console (the real API client over a fetch that
 * answers create / list parts / complete / abort, and a part sender that stores what it is sent):
 * fresh uploads, resume sending only missing parts, retries with back-off, refusals, giving up,
 * cancel.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api-client.js';
import type { PartHandle, PartRequest } from '../../../lib/xhr-part.js';
import { uploadInParts, type MultipartDeps } from './multipart-upload.js';
import { MAX_PART_ATTEMPTS } from './part-plan.js';
import { PendingUploads, type PendingUpload } from './pending-uploads.js';

const PART = 10;

class FakeConsole {
  uploads = new Map<string, Map<number, Uint8Array>>();
  completed: { key: string; parts: { part_number: number; etag: string }[] }[] = [];
  aborted: string[] = [];
  partRequests: number[] = [];
  /** Part requests answered with these statuses first (by part number). */
  failures = new Map<number, number[]>();
  nextId = 1;

  fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://console');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const method = init?.method ?? 'GET';
    const json = (status: number, value: unknown) =>
      new Response(value === undefined ? '' : JSON.stringify(value), { status });
    const id = url.searchParams.get('upload_id') ?? '';
    if (method === 'POST' && url.pathname === '/api/v1/buckets/b/multipart-uploads') {
      const uploadId = `up-${this.nextId++}`;
      this.uploads.set(uploadId, new Map());
      return json(200, { key: body.key, upload_id: uploadId, part_size: PART, token: `tok-${uploadId}` });
    }
    const parts = this.uploads.get(id);
    if (parts === undefined) return json(404, { code: 'not_found', message: 'NoSuchUpload' });
    if (method === 'GET' && url.pathname.endsWith('/multipart-uploads/parts')) {
      return json(200, {
        parts: [...parts].map(([n, data]) => ({
          part_number: n,
          etag: `e${n}-${data.length}`,
          size: data.length,
        })),
      });
    }
    if (method === 'POST' && url.pathname.endsWith('/complete')) {
      this.completed.push({ key: url.searchParams.get('key') ?? '', parts: body.parts as never });
      this.uploads.delete(id);
      return json(200, { name: url.searchParams.get('key'), size: 0, etag: 'final-etag' });
    }
    if (method === 'DELETE') {
      this.aborted.push(id);
      this.uploads.delete(id);
      return json(204, undefined);
    }
    return json(404, { code: 'not_found', message: 'no route' });
  };

  sendPart = (request: PartRequest): PartHandle => {
    const url = new URL(request.url, 'http://console');
    const n = Number(url.searchParams.get('part_number'));
    this.partRequests.push(n);
    const status = this.failures.get(n)?.shift();
    const done = (async () => {
      if (status !== undefined)
        return { status, body: status === 0 ? '' : JSON.stringify({ message: `status ${status}` }) };
      const parts = this.uploads.get(url.searchParams.get('upload_id') ?? '');
      if (parts === undefined) return { status: 404, body: '{"code":"not_found","message":"NoSuchUpload"}' };
      const data = new Uint8Array(await request.body.arrayBuffer());
      request.onProgress?.(data.length);
      parts.set(n, data);
      return {
        status: 200,
        body: JSON.stringify({ part_number: n, etag: `e${n}-${data.length}`, size: data.length }),
      };
    })();
    return { done, abort: () => undefined };
  };
}

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

function setup() {
  const fake = new FakeConsole();
  const pending = new PendingUploads(memoryStorage());
  const sleeps: number[] = [];
  const deps: MultipartDeps = {
    client: createApiClient({ basePath: '', fetch: fake.fetch }),
    sendPart: fake.sendPart,
    pending,
    sleep: async (ms) => void sleeps.push(ms),
    whenOnline: async () => undefined,
    concurrency: 2,
  };
  return { fake, pending, sleeps, deps };
}

const file = (size: number) =>
  new File([new Uint8Array(size).map((_, i) => i % 251)], 'big.bin', {
    lastModified: 1234,
    type: 'application/x-big',
  });

describe('uploadInParts', () => {
  it('creates the upload, records it while it runs, sends every part once and completes in order', async () => {
    const { fake, pending, deps } = setup();
    const progress: number[] = [];
    let recorded: PendingUpload[] = [];
    const result = await uploadInParts(deps, {
      bucket: 'b',
      key: 'dir/big.bin',
      file: file(25),
      signal: new AbortController().signal,
      onStarted: () => {
        recorded = pending.list();
      },
      onProgress: (loaded) => progress.push(loaded),
    });
    expect(result.etag).toBe('final-etag');
    expect(recorded.map((p) => [p.key, p.fileName, p.size, p.lastModified, p.partSize])).toEqual([
      ['dir/big.bin', 'big.bin', 25, 1234, PART],
    ]);
    expect([...fake.partRequests].sort()).toEqual([1, 2, 3]);
    expect(fake.completed).toEqual([
      {
        key: 'dir/big.bin',
        parts: [
          { part_number: 1, etag: 'e1-10' },
          { part_number: 2, etag: 'e2-10' },
          { part_number: 3, etag: 'e3-5' },
        ],
      },
    ]);
    expect(progress.at(-1)).toBe(25);
    expect(pending.list()).toEqual([]);
  });

  it('resumes: lists the stored parts and sends only the missing ones', async () => {
    const { fake, deps } = setup();
    const f = file(25);
    // A first run that stores parts 1 and 2, then part 3 is refused (as if the session had ended).
    fake.failures.set(3, [403]);
    let started: PendingUpload | undefined;
    await expect(
      uploadInParts(deps, {
        bucket: 'b',
        key: 'k',
        file: f,
        signal: new AbortController().signal,
        onStarted: (p) => (started = p),
      }),
    ).rejects.toMatchObject({ status: 403 });
    expect(started).toBeDefined();
    expect(deps.pending.list()).toHaveLength(1);
    fake.partRequests = [];
    const progress: number[] = [];
    await uploadInParts(deps, {
      bucket: 'b',
      key: 'k',
      file: f,
      ...(started !== undefined ? { resume: started } : {}),
      signal: new AbortController().signal,
      onProgress: (loaded) => progress.push(loaded),
    });
    expect(fake.partRequests).toEqual([3]);
    // The stored parts count at once.
    expect(progress[0]).toBe(20);
    expect(fake.completed[0]?.parts.map((p) => p.part_number)).toEqual([1, 2, 3]);
    expect(deps.pending.list()).toEqual([]);
  });

  it('starts afresh when the server no longer knows the upload', async () => {
    const { fake, deps } = setup();
    const gone: PendingUpload = {
      bucket: 'b',
      key: 'k',
      uploadId: 'up-999',
      token: 'x',
      partSize: PART,
      fileName: 'big.bin',
      size: 25,
      lastModified: 1234,
      startedAt: 0,
    };
    deps.pending.save(gone);
    await uploadInParts(deps, {
      bucket: 'b',
      key: 'k',
      file: file(25),
      resume: gone,
      signal: new AbortController().signal,
    });
    expect([...fake.partRequests].sort()).toEqual([1, 2, 3]);
    expect(deps.pending.list()).toEqual([]);
  });

  it('retries a part that got no answer or a server error, waiting longer each time', async () => {
    const { fake, sleeps, deps } = setup();
    fake.failures.set(2, [0, 503, 0]);
    await uploadInParts(deps, {
      bucket: 'b',
      key: 'k',
      file: file(25),
      signal: new AbortController().signal,
    });
    expect(fake.partRequests.filter((n) => n === 2)).toHaveLength(4);
    expect(sleeps).toHaveLength(3);
    expect(sleeps[1]).toBeGreaterThan(sleeps[0] ?? Infinity);
    expect(sleeps[2]).toBeGreaterThan(sleeps[1] ?? Infinity);
    expect(fake.completed).toHaveLength(1);
  });

  it(`gives up after ${MAX_PART_ATTEMPTS} tries, keeping the upload resumable`, async () => {
    const { fake, deps } = setup();
    fake.failures.set(1, Array<number>(MAX_PART_ATTEMPTS).fill(503));
    await expect(
      uploadInParts(deps, { bucket: 'b', key: 'k', file: file(25), signal: new AbortController().signal }),
    ).rejects.toMatchObject({ status: 503 });
    expect(fake.partRequests.filter((n) => n === 1)).toHaveLength(MAX_PART_ATTEMPTS);
    expect(fake.completed).toEqual([]);
    expect(fake.aborted).toEqual([]);
    expect(deps.pending.list()).toHaveLength(1);
  });

  it('cancel stops the parts, aborts the upload on the server and forgets it', async () => {
    const { fake, deps } = setup();
    const controller = new AbortController();
    let aborts = 0;
    deps.sendPart = (request) => {
      const handle = fake.sendPart(request);
      queueMicrotask(() => controller.abort());
      return { done: handle.done.then(() => ({ status: 0, body: '' })), abort: () => void aborts++ };
    };
    await expect(
      uploadInParts(deps, { bucket: 'b', key: 'k', file: file(25), signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(aborts).toBeGreaterThan(0);
    expect(fake.aborted).toEqual(['up-1']);
    expect(fake.completed).toEqual([]);
    expect(deps.pending.list()).toEqual([]);
  });
});
