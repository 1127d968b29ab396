/**
 * The transfer list: form batches, bounded history with thousands of transfers, interrupted
 * uploads listed after a "reload" and resumed by picking the same file (not another one), one
 * outcome per pick.
 */
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api-client.js';
import type { UploadHandle, UploadRequest } from '../../../lib/xhr-upload.js';
import { MULTIPART_THRESHOLD } from './part-plan.js';
import { PendingUploads, type PendingUpload } from './pending-uploads.js';
import {
  FINISHED_HISTORY,
  FORM_BATCH_FILES,
  TransferManager,
  formBatches,
  type PickOutcome,
  type UploadItem,
} from './transfer-manager.js';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

const item = (path: string, size = 3): UploadItem => ({
  file: new File([new Uint8Array(size)], path.split('/').pop() ?? path, { lastModified: 7 }),
  path,
});

function manager(pending = new PendingUploads(memoryStorage()), status = 200) {
  const forms: UploadRequest[] = [];
  const uploadFiles = (request: UploadRequest): UploadHandle => {
    forms.push(request);
    return { done: Promise.resolve(status), abort: () => undefined };
  };
  const outcomes: PickOutcome[] = [];
  const m = new TransferManager({
    client: createApiClient({ basePath: '', fetch: async () => new Response('{}', { status: 500 }) }),
    pending,
    sendPart: () => ({ done: Promise.resolve({ status: 500, body: '' }), abort: () => undefined }),
    uploadFiles,
    onSettled: (o) => outcomes.push(o),
    maxParallel: 4,
  });
  return { m, forms, outcomes };
}

async function settled(outcomes: PickOutcome[], count: number): Promise<void> {
  for (let i = 0; i < 1000 && outcomes.length < count; i++) await new Promise((r) => setTimeout(r, 0));
}

describe('formBatches', () => {
  it('groups small files by count and bytes', () => {
    const many = Array.from({ length: FORM_BATCH_FILES * 2 + 1 }, (_, i) => item(`f${i}`));
    expect(formBatches(many).map((b) => b.length)).toEqual([FORM_BATCH_FILES, FORM_BATCH_FILES, 1]);
    const heavy = [item('a', 40 << 20), item('b', 30 << 20), item('c', 1)];
    expect(formBatches(heavy).map((b) => b.map((i) => i.path))).toEqual([['a'], ['b', 'c']]);
  });
});

describe('TransferManager', () => {
  it('sends a folder pick as form batches under the prefix, names keeping their relative paths', async () => {
    const { m, forms, outcomes } = manager();
    m.start('bkt', 'docs', [item('photos/2024/a.jpg'), item('photos/b.jpg')]);
    await settled(outcomes, 1);
    expect(forms).toHaveLength(1);
    expect(forms[0]?.url).toBe('/api/v1/buckets/bkt/objects/upload?prefix=docs%2F');
    expect(forms[0]?.names).toEqual(['photos/2024/a.jpg', 'photos/b.jpg']);
    expect(outcomes).toEqual([{ bucket: 'bkt', done: 1, failed: 0, cancelled: 0 }]);
    expect(m.getSnapshot().map((t) => [t.status, t.count, t.prefix])).toEqual([['done', 2, 'docs/']]);
  });

  it('reports a failed batch once per pick', async () => {
    const { m, outcomes } = manager(undefined, 403);
    m.start('bkt', '', [item('a')]);
    await settled(outcomes, 1);
    expect(outcomes).toEqual([{ bucket: 'bkt', done: 0, failed: 1, cancelled: 0 }]);
    expect(m.getSnapshot()[0]?.status).toBe('failed');
  });

  it(`keeps thousands of finished transfers down to the latest ${FINISHED_HISTORY}`, async () => {
    const { m, outcomes } = manager();
    for (let i = 0; i < 1500; i++) m.start('bkt', '', [item(`file-${i}`)]);
    await settled(outcomes, 1500);
    const list = m.getSnapshot();
    expect(list).toHaveLength(FINISHED_HISTORY);
    expect(list[0]?.name).toBe('file-1499');
    m.clearFinished();
    expect(m.getSnapshot()).toEqual([]);
  });

  it('lists uploads interrupted by a reload and resumes one only with the same file', () => {
    const pending = new PendingUploads(memoryStorage());
    const record: PendingUpload = {
      bucket: 'bkt',
      key: 'dir/big.bin',
      uploadId: 'u1',
      token: 't',
      partSize: 10,
      fileName: 'big.bin',
      size: 30,
      lastModified: 7,
      startedAt: 0,
    };
    pending.save(record);
    const { m } = manager(pending);
    const [entry] = m.getSnapshot();
    expect(entry).toMatchObject({
      status: 'interrupted',
      bucket: 'bkt',
      prefix: 'dir/',
      name: 'big.bin',
      total: 30,
    });
    const id = entry?.id ?? 0;
    expect(m.resume(id, new File([new Uint8Array(30)], 'big.bin', { lastModified: 8 }))).toBe(false);
    expect(m.resume(id, new File([new Uint8Array(29)], 'big.bin', { lastModified: 7 }))).toBe(false);
    expect(m.get(id)?.status).toBe('interrupted');
    expect(m.resume(id, new File([new Uint8Array(30)], 'big.bin', { lastModified: 7 }))).toBe(true);
    expect(m.get(id)?.status).not.toBe('interrupted');
  });

  it('discarding an interrupted upload forgets it', () => {
    const pending = new PendingUploads(memoryStorage());
    pending.save({
      bucket: 'bkt',
      key: 'big.bin',
      uploadId: 'u1',
      token: 't',
      partSize: 10,
      fileName: 'big.bin',
      size: 30,
      lastModified: 7,
      startedAt: 0,
    });
    const { m } = manager(pending);
    const id = m.getSnapshot()[0]?.id ?? 0;
    m.cancel(id);
    expect(m.get(id)?.status).toBe('cancelled');
    expect(pending.list()).toEqual([]);
  });

  it('a failed resumable upload whose file the tab holds is retried where it stopped', async () => {
    const size = MULTIPART_THRESHOLD + 1;
    const partSize = 8 * 1024 * 1024;
    let refuse = true;
    const sentParts: number[] = [];
    const completed: unknown[] = [];
    const pending = new PendingUploads(memoryStorage());
    const outcomes: PickOutcome[] = [];
    const m = new TransferManager({
      client: createApiClient({
        basePath: '',
        fetch: async (input, init) => {
          const url = String(input);
          if (url.endsWith('/multipart-uploads'))
            return new Response(
              JSON.stringify({ key: 'big.bin', upload_id: 'u1', part_size: partSize, token: 't' }),
            );
          if (url.includes('/multipart-uploads/parts?')) return new Response(JSON.stringify({ parts: [] }));
          if (url.includes('/complete?')) {
            completed.push(JSON.parse(String(init?.body)));
            return new Response(JSON.stringify({ name: 'big.bin', size, etag: 'x' }));
          }
          return new Response('{}', { status: 404 });
        },
      }),
      pending,
      sendPart: (request) => {
        const n = Number(new URL(request.url, 'http://c').searchParams.get('part_number'));
        const status = refuse ? 403 : 200;
        if (!refuse) sentParts.push(n);
        return {
          done: Promise.resolve({ status, body: JSON.stringify({ etag: `e${n}`, message: 'denied' }) }),
          abort: () => undefined,
        };
      },
      uploadFiles: () => ({ done: Promise.resolve(200), abort: () => undefined }),
      onSettled: (o) => outcomes.push(o),
    });
    m.start('bkt', '', [
      { file: new File([new Uint8Array(size)], 'big.bin', { lastModified: 3 }), path: 'big.bin' },
    ]);
    await settled(outcomes, 1);
    const id = m.getSnapshot()[0]?.id ?? 0;
    expect(m.get(id)).toMatchObject({ status: 'failed', error: 'Denied' });
    expect(pending.list().map((p) => p.uploadId)).toEqual(['u1']);
    expect(m.canRetry(id)).toBe(true);
    refuse = false;
    m.retry(id);
    for (let i = 0; i < 1000 && m.get(id)?.status !== 'done'; i++) await new Promise((r) => setTimeout(r, 0));
    expect(m.get(id)?.status).toBe('done');
    expect(sentParts.sort()).toEqual([1, 2, 3]);
    expect(completed).toEqual([
      {
        parts: [
          { part_number: 1, etag: 'e1' },
          { part_number: 2, etag: 'e2' },
          { part_number: 3, etag: 'e3' },
        ],
      },
    ]);
    expect(pending.list()).toEqual([]);
  });
});
