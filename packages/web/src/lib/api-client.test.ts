import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../test/render.js';
import { createApiClient, queryString } from './api-client.js';
import { ApiError } from './api-error.js';

describe('createApiClient', () => {
  it('prefixes the base path and /api/v1, encodes the query and sends JSON', async () => {
    const { fetch, calls } = fakeFetch(() => ({ status: 200, body: { ok: true } }));
    const client = createApiClient({ basePath: '/console/', fetch });
    const answer = await client.request<{ ok: boolean }>('POST', '/buckets', {
      query: { prefix: 'a b/', limit: 10, skip: undefined },
      body: { name: 'x' },
    });
    expect(answer).toEqual({ ok: true });
    expect(calls).toEqual([
      { method: 'POST', url: '/console/api/v1/buckets?prefix=a+b%2F&limit=10', body: { name: 'x' } },
    ]);
  });

  it('returns undefined for an empty answer (204)', async () => {
    const { fetch } = fakeFetch(() => ({ status: 204 }));
    await expect(
      createApiClient({ basePath: '', fetch }).request('POST', '/logout'),
    ).resolves.toBeUndefined();
  });

  it('throws ApiError with the spec message rules on HTTP errors', async () => {
    const { fetch } = fakeFetch(() => ({
      status: 403,
      body: { message: 'access denied', detailedMessage: 'policy says no' },
    }));
    const error = await createApiClient({ basePath: '', fetch })
      .request('GET', '/buckets')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'Access denied', detailedMessage: 'Policy says no' });
  });

  it('treats an answer with an error field as a failure (spec 1 §7, login)', async () => {
    const { fetch } = fakeFetch(() => ({ status: 200, body: { error: 'invalid login' } }));
    await expect(createApiClient({ basePath: '', fetch }).request('POST', '/login')).rejects.toMatchObject({
      message: 'invalid login',
    });
  });

  it('turns a network failure into status 0', async () => {
    const failing = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    await expect(
      createApiClient({ basePath: '', fetch: failing }).request('GET', '/session'),
    ).rejects.toMatchObject({ status: 0 });
  });

  it('builds URLs for navigations (downloads)', () => {
    const client = createApiClient({ basePath: '', fetch: fakeFetch(() => ({ status: 200 })).fetch });
    expect(client.url('/buckets/b/objects/download', { prefix: 'dir/file name.txt' })).toBe(
      '/api/v1/buckets/b/objects/download?prefix=dir%2Ffile+name.txt',
    );
  });
});

describe('queryString', () => {
  it('is empty when nothing is set', () => {
    expect(queryString({ a: undefined, b: null })).toBe('');
    expect(queryString(undefined)).toBe('');
  });
});
