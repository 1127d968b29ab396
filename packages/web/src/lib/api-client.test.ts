import { ENDPOINTS } from '@coffer/contract/client';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { fakeFetch } from '../test/render.js';
import { createApiClient, queryString } from './api-client.js';
import { ApiError } from './api-error.js';

describe('createApiClient', () => {
  it("builds the URL from the entry's pattern under the base path, encodes the query and sends JSON", async () => {
    const { fetch, calls } = fakeFetch(() => ({ status: 200, body: { deleted: 1, failed: 0, errors: [] } }));
    const client = createApiClient({ basePath: '/console/', fetch });
    const answer = await client.call(ENDPOINTS.deleteObjects, {
      params: { bucket: 'a b' },
      body: [{ path: 'x/', recursive: true }],
    });
    expect(answer).toEqual({ deleted: 1, failed: 0, errors: [] });
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/console/api/v1/buckets/a%20b/delete-objects',
        body: [{ path: 'x/', recursive: true }],
      },
    ]);
  });

  it('encodes every path parameter as one segment, and skips unset query values', async () => {
    const { fetch, calls } = fakeFetch(() => ({ status: 200, body: { objects: [], continuation: '' } }));
    const client = createApiClient({ basePath: '', fetch });
    await client.call(ENDPOINTS.listObjects, {
      params: { bucket: 'b/../c?d' },
      query: { prefix: 'a b/', limit: 10, continuation: undefined },
    });
    expect(calls[0]).toMatchObject({
      method: 'GET',
      url: '/api/v1/buckets/b%2F..%2Fc%3Fd/objects?prefix=a+b%2F&limit=10',
    });
  });

  it('hands over each NDJSON line as it arrives, also when lines are split across chunks', async () => {
    const chunks = [
      '{"type":"progress","deleted":1000,',
      '"failed":0}\n{"type":"progress","deleted":2000,"failed":1}\n',
      '{"type":"done","deleted":2000,"failed":1,"errors":[]}',
    ];
    const fetch: typeof globalThis.fetch = () =>
      Promise.resolve(
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
              controller.close();
            },
          }),
          { status: 200, headers: { 'content-type': 'application/x-ndjson' } },
        ),
      );
    const seen: unknown[] = [];
    await createApiClient({ basePath: '', fetch }).lines(
      ENDPOINTS.deleteObjectsProgress,
      (v) => seen.push(v),
      {
        params: { bucket: 'b' },
        body: [{ path: 'x/', recursive: true }],
      },
    );
    expect(seen).toEqual([
      { type: 'progress', deleted: 1000, failed: 0 },
      { type: 'progress', deleted: 2000, failed: 1 },
      { type: 'done', deleted: 2000, failed: 1, errors: [] },
    ]);
  });

  it('turns an error answer of a line-streaming call into an ApiError', async () => {
    const { fetch } = fakeFetch(() => ({
      status: 404,
      body: { code: 'bucket_not_found', message: 'no bucket', detailedMessage: '' },
    }));
    const error = await createApiClient({ basePath: '', fetch })
      .lines(ENDPOINTS.deleteObjectsProgress, () => undefined, {
        params: { bucket: 'b' },
        body: [{ path: 'x' }],
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404 });
  });

  it('returns undefined for an empty answer (204)', async () => {
    const { fetch, calls } = fakeFetch(() => ({ status: 204 }));
    await expect(createApiClient({ basePath: '', fetch }).call(ENDPOINTS.logout)).resolves.toBeUndefined();
    expect(calls[0]).toMatchObject({ method: 'POST', url: ENDPOINTS.logout.path });
  });

  it('throws ApiError with the spec message rules and the catalogue code on HTTP errors', async () => {
    const { fetch } = fakeFetch(() => ({
      status: 403,
      body: { code: 'access_denied', message: 'access denied', detailedMessage: 'policy says no' },
    }));
    const error = await createApiClient({ basePath: '', fetch })
      .call(ENDPOINTS.listUsers)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: 'access_denied',
      message: 'Access denied',
      detailedMessage: 'Policy says no',
    });
  });

  it('treats an answer with an error field as a failure (spec 1 §7, login)', async () => {
    const { fetch } = fakeFetch(() => ({ status: 200, body: { error: 'invalid login' } }));
    await expect(
      createApiClient({ basePath: '', fetch }).call(ENDPOINTS.login, {
        body: { accessKey: 'a', secretKey: 's' },
      }),
    ).rejects.toMatchObject({ message: 'invalid login' });
  });

  it('turns a network failure into status 0', async () => {
    const failing = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    await expect(
      createApiClient({ basePath: '', fetch: failing }).call(ENDPOINTS.getSession),
    ).rejects.toMatchObject({ status: 0 });
  });

  it('builds URLs for navigations (downloads) from the entry', () => {
    const client = createApiClient({ basePath: '/sub', fetch: fakeFetch(() => ({ status: 200 })).fetch });
    expect(
      client.url(ENDPOINTS.downloadObject, {
        params: { bucket: 'b' },
        query: { prefix: 'dir/file name.txt' },
      }),
    ).toBe('/sub/api/v1/buckets/b/objects/download?prefix=dir%2Ffile+name.txt');
  });

  it('types arguments and answers from the contract entry (a drift does not compile)', () => {
    const client = createApiClient({ basePath: '', fetch: fakeFetch(() => ({ status: 200 })).fetch });
    const call = () => client.call(ENDPOINTS.getUser, { query: { name: 'alice' } });
    expectTypeOf(call).returns.resolves.toHaveProperty('accessKey').toEqualTypeOf<string>();
    expectTypeOf(() =>
      client.call(ENDPOINTS.deleteUser, { query: { name: 'a' } }),
    ).returns.resolves.toBeVoid();
    // Never called: these lines exist for the compiler, which must refuse each of them.
    const refused = () => [
      // @ts-expect-error the query is required (the user's name)
      client.call(ENDPOINTS.getUser),
      // @ts-expect-error no such query field
      client.call(ENDPOINTS.getUser, { query: { user: 'alice' } }),
      // @ts-expect-error the bucket is a path parameter, not a query field
      client.call(ENDPOINTS.deleteBucket, { query: { bucket: 'b' } }),
      // @ts-expect-error the body misses secretKey
      client.call(ENDPOINTS.login, { body: { accessKey: 'a' } }),
      // @ts-expect-error not a contract entry
      client.call({ name: 'getUser', method: 'GET', path: '/api/v1/users' }, { query: { name: 'a' } }),
    ];
    expect(typeof refused).toBe('function');
  });
});

describe('queryString', () => {
  it('is empty when nothing is set', () => {
    expect(queryString({ a: undefined, b: null })).toBe('');
    expect(queryString(undefined)).toBe('');
  });
});
