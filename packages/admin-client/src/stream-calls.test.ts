/**
 * Streaming calls: `ndjsonValues` (framing, keep-alive spaces, long lines, abort) and the client's
 * `stream()` against the fake server — signed like any call, documents as they arrive, an error
 * answer as AdminApiError, and an abort that ends the iteration and closes the server's response.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAdminServer, type FakeAdminServer } from '../test/fake-admin-server.js';
import { createAdminClient } from './admin-client.js';
import { AdminApiError } from './errors.js';
import { ndjsonValues, StreamLineTooLongError } from './ndjson.js';

async function* chunks(...parts: string[]): AsyncGenerator<Buffer> {
  for (const part of parts) yield Buffer.from(part);
}

async function all<T>(source: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const value of source) out.push(value);
  return out;
}

describe('ndjsonValues', () => {
  it('splits documents across and within chunks and skips keep-alive spaces', async () => {
    const values = await all(ndjsonValues(chunks(' ', ' {"a":', '1}\n{"b":2}\n', '   ', ' ', '{"c":3}')));
    expect(values).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
  });

  it('refuses a document longer than the bound', async () => {
    await expect(all(ndjsonValues(chunks('{"a":"', 'x'.repeat(100)), { maxLineBytes: 50 }))).rejects.toThrow(
      StreamLineTooLongError,
    );
  });

  it('ends quietly once the signal aborts', async () => {
    const controller = new AbortController();
    const seen: unknown[] = [];
    for await (const value of ndjsonValues(chunks('1\n2\n3\n'), { signal: controller.signal })) {
      seen.push(value);
      controller.abort();
    }
    expect(seen).toEqual([1]);
  });
});

describe('admin client stream()', () => {
  const SECRET = 'secret-key-123';
  let fake: FakeAdminServer;
  beforeAll(async () => {
    fake = await startFakeAdminServer(SECRET);
  });
  afterAll(async () => {
    await fake.close();
  });
  const client = () => createAdminClient({ endpoint: fake.endpoint, accessKey: 'AK', secretKey: SECRET });

  it('signs the call and yields the documents as they arrive; an S3 path goes from the root', async () => {
    fake.handle((_s, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(' {"n":1}\n');
      res.end('{"n":2}\n ');
    });
    expect(await all(client().stream({ method: 'GET', path: '/trace', query: { s3: 'true' } }))).toEqual([
      { n: 1 },
      { n: 2 },
    ]);
    expect(fake.last()).toMatchObject({ url: '/minio/admin/v3/trace?s3=true', signatureOk: true });
    await all(client().stream({ method: 'GET', path: '/bucket', api: 's3', query: { events: 'x' } }));
    expect(fake.last().url).toBe('/bucket?events=x');
  });

  it('turns an error answer into AdminApiError', async () => {
    fake.handle((_s, res) => {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ Code: 'AccessDenied', Message: 'Access Denied.' }));
    });
    await expect(all(client().stream({ method: 'GET', path: '/trace' }))).rejects.toThrow(AdminApiError);
  });

  it('an abort ends the iteration and closes the connection', async () => {
    // The close listener is attached in the handler itself, before anything is written: the
    // abort can close the connection before any later poll would have seen the response.
    let markClosed: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => (markClosed = resolve));
    fake.handle((_s, res) => {
      res.on('close', () => markClosed());
      res.writeHead(200);
      res.write('{"n":1}\n');
      // …and never ends.
    });
    const controller = new AbortController();
    const seen: unknown[] = [];
    for await (const value of client().stream({ method: 'GET', path: '/log', signal: controller.signal })) {
      seen.push(value);
      controller.abort();
    }
    expect(seen).toEqual([{ n: 1 }]);
    await closed;
  });
});
