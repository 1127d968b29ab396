import { Readable } from 'node:stream';
import type { Client } from 'minio';
import { describe, expect, it } from 'vitest';
import { partSizeFor, uploadStream } from './upload-stream.js';

const MiB = 1024 * 1024;

describe('partSizeFor', () => {
  it('uses the minimum while 10,000 parts suffice for the hinted size', () => {
    expect(partSizeFor(1, 50 * MiB, 16 * MiB)).toBe(16 * MiB);
    expect(partSizeFor(1, 10_000 * 16 * MiB, 16 * MiB)).toBe(16 * MiB);
    expect(partSizeFor(1, 10_000 * 16 * MiB + 1, 16 * MiB)).toBe(17 * MiB);
  });
  it('grows for unknown sizes every 2,000 parts', () => {
    expect(partSizeFor(1, undefined, 16 * MiB)).toBe(16 * MiB);
    expect(partSizeFor(2000, undefined, 16 * MiB)).toBe(16 * MiB);
    expect(partSizeFor(2001, undefined, 16 * MiB)).toBe(32 * MiB);
    expect(partSizeFor(10_000, undefined, 16 * MiB)).toBe(256 * MiB);
    let total = 0;
    for (let n = 1; n <= 10_000; n++) total += partSizeFor(n, undefined, 16 * MiB);
    expect(total).toBeGreaterThan(900 * 1024 * MiB);
  });
});

/** A fake minio-js client recording what the uploader does. */
function fakeClient(failPart?: number) {
  const calls: string[] = [];
  const parts: number[] = [];
  const client = {
    async putObject(_b: string, key: string, body: Buffer) {
      calls.push(`put ${key} ${body.length}`);
      return { etag: 'single', versionId: null };
    },
    async initiateNewMultipartUpload(_b: string, key: string) {
      calls.push(`init ${key}`);
      return 'upload/1';
    },
    async makeRequestAsync(o: { query: string }, body: Buffer) {
      const n = Number(/partNumber=(\d+)/.exec(o.query)?.[1]);
      if (n === failPart) throw new Error('part refused');
      expect(o.query).toContain('uploadId=upload%2F1');
      parts.push(body.length);
      return Object.assign(Readable.from([]), { headers: { etag: `"e${n}"` } });
    },
    async completeMultipartUpload(
      _b: string,
      _k: string,
      id: string,
      list: { part: number; etag: string }[],
    ) {
      calls.push(`complete ${id} ${list.map((p) => `${p.part}:${p.etag}`).join(',')}`);
      return { etag: 'multi-3', versionId: 'v1' };
    },
    async abortMultipartUpload(_b: string, _k: string, id: string) {
      calls.push(`abort ${id}`);
    },
  };
  return { client: client as unknown as Client, calls, parts };
}

function source(total: number, chunk: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const n = Math.min(chunk, total - sent);
      sent += n;
      this.push(Buffer.alloc(n, 1));
    },
  });
}

describe('uploadStream', () => {
  it('sends a file smaller than a part as one PUT', async () => {
    const f = fakeClient();
    const r = await uploadStream(f.client, 'b', 'k', source(3 * MiB, 64 * 1024), { minPartSize: 5 * MiB });
    expect(r).toEqual({ size: 3 * MiB, etag: 'single' });
    expect(f.calls).toEqual([`put k ${3 * MiB}`]);
  });

  it('sends a larger file in parts of the part size as they fill, then completes', async () => {
    const f = fakeClient();
    const r = await uploadStream(f.client, 'b', 'k', source(12 * MiB + 5, 100_000), { minPartSize: 5 * MiB });
    expect(r).toEqual({ size: 12 * MiB + 5, etag: 'multi-3', versionId: 'v1' });
    expect(f.parts).toEqual([5 * MiB, 5 * MiB, 2 * MiB + 5]);
    expect(f.calls).toEqual(['init k', 'complete upload/1 1:e1,2:e2,3:e3']);
  });

  it('aborts the multipart upload when a part fails', async () => {
    const f = fakeClient(2);
    await expect(
      uploadStream(f.client, 'b', 'k', source(12 * MiB, MiB), { minPartSize: 5 * MiB }),
    ).rejects.toThrow('part refused');
    expect(f.calls).toEqual(['init k', 'abort upload/1']);
  });

  it('aborts when the source fails mid-way', async () => {
    const f = fakeClient();
    let n = 0;
    const broken = new Readable({
      read() {
        if (++n > 8) return void this.destroy(new Error('browser went away'));
        this.push(Buffer.alloc(MiB));
      },
    });
    await expect(uploadStream(f.client, 'b', 'k', broken, { minPartSize: 5 * MiB })).rejects.toThrow(
      'browser went away',
    );
    expect(f.calls).toEqual(['init k', 'abort upload/1']);
  });
});
