import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RequestContext } from './context.js';
import type { EngineContext } from '../engine-context.js';
import { fakeEngineContext } from '../../test/helpers/fake-engine-context.js';
import { ERROR_TABLE, toApiError, writeError } from './errors.js';
import * as engineErrors from '../object-layer/errors.js';
import { EngineError, InvalidArgument } from '../common/errors.js';
import { AdminVersionMismatch, SignatureDoesNotMatch } from './request-errors.js';
import { InvalidAccessKeyId } from '../iam/errors.js';
import { parseXml } from './xml.js';

const DOC_PATH = fileURLToPath(new URL('../../../../docs/s3-errors.md', import.meta.url));

const SRC = fileURLToPath(new URL('../', import.meta.url));

/**
 * Every concrete EngineError class exported by any `*errors.ts` module of the engine (found on
 * disk, so a new errors module cannot hide from the table), by name.
 */
async function engineErrorNames(): Promise<string[]> {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
    (f) => /(^|[/-])errors\.ts$/.test(f) && f !== 'http/errors.ts',
  );
  expect(files.length).toBeGreaterThan(5);
  const names = new Set<string>();
  for (const file of files) {
    const module = (await import(`${SRC}${file}`)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      if (typeof value !== 'function' || value === EngineError) continue;
      if (!(value.prototype instanceof EngineError)) continue;
      names.add(new (value as new () => EngineError)().name);
    }
  }
  return [...names].sort();
}

function renderDoc(): string {
  const rows = Object.keys(ERROR_TABLE)
    .sort()
    .map((name) => {
      const m = ERROR_TABLE[name];
      if (m === undefined) throw new Error(name);
      return `| \`${name}\` | \`${m.code}\` | ${m.status} | ${m.message.replace(/\|/g, '\\|')} |`;
    });
  return [
    '# S3 error codes of the engine',
    '',
    'Generated from `packages/engine/src/http/errors.ts` (`ERROR_TABLE`) and checked by',
    '`errors.test.ts`; regenerate with `COFFER_UPDATE_DOCS=1 npx vitest run --project engine-unit',
    'packages/engine/src/http/errors.test.ts`. Each internal error class (thrown by handlers and the',
    'object layer) maps to one S3 code, HTTP status and default message; a handler may give a more',
    'specific message. Anything not in the table is answered 500 `InternalError`.',
    '',
    'Special cases: `ObjectIsDeleteMarker` adds `x-amz-delete-marker: true` (and `x-amz-version-id`)',
    'and becomes 405 `MethodNotAllowed` when the version was named explicitly; `InvalidRange` adds',
    '`ActualObjectSize` / `RangeRequested`; `NotModified` is a bare 304; every 503 carries',
    '`Retry-After: 60`. HEAD requests get no body but `x-minio-error-code` / `x-minio-error-desc`.',
    'Admin paths answer in JSON, STS in its `ErrorResponse` XML (authentication failures as',
    '`AccessDenied`).',
    '',
    '| internal error | S3 code | HTTP | default message |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

class FakeResponse {
  statusCode = 200;
  headersSent = false;
  writableEnded = false;
  destroyed = false;
  body: Buffer | undefined;
  private headers = new Map<string, string | number>();
  setHeader(name: string, value: string | number): this {
    this.headers.set(name.toLowerCase(), value);
    return this;
  }
  getHeader(name: string): string | number | undefined {
    return this.headers.get(name.toLowerCase());
  }
  getHeaderNames(): string[] {
    return [...this.headers.keys()];
  }
  removeHeader(name: string): void {
    this.headers.delete(name.toLowerCase());
  }
  end(body?: Buffer): this {
    this.body = body;
    this.writableEnded = true;
    this.headersSent = true;
    return this;
  }
  destroy(): this {
    this.destroyed = true;
    return this;
  }
}

let engine: EngineContext;
beforeAll(async () => {
  engine = await fakeEngineContext();
});

function makeCtx(method: string, path: string, target: RequestContext['target'] = {}) {
  const res = new FakeResponse();
  const ctx: RequestContext = {
    req: { headers: {} } as IncomingMessage,
    res: res as unknown as ServerResponse,
    engine,
    requestId: '17F0C6B3A1B2C3D4',
    method,
    path,
    query: new URLSearchParams(),
    target,
  };
  return { ctx, res };
}

describe('error catalogue', () => {
  it('has an entry for every EngineError class', async () => {
    const names = await engineErrorNames();
    expect(names.length).toBeGreaterThan(40);
    const missing = names.filter((n) => ERROR_TABLE[n] === undefined);
    expect(missing).toEqual([]);
  });

  it('has no entry for a class that does not exist', async () => {
    const names = new Set(await engineErrorNames());
    expect(Object.keys(ERROR_TABLE).filter((n) => !names.has(n))).toEqual([]);
  });

  it('is listed as it is in docs/s3-errors.md', () => {
    const expected = renderDoc();
    if (process.env.COFFER_UPDATE_DOCS === '1') writeFileSync(DOC_PATH, expected);
    expect(readFileSync(DOC_PATH, 'utf8')).toBe(expected);
  });

  it('maps unknown values to InternalError', () => {
    expect(toApiError(new Error('boom'))).toMatchObject({ code: 'InternalError', status: 500 });
    expect(toApiError('string')).toMatchObject({ code: 'InternalError', status: 500 });
  });
});

describe('writeError (S3)', () => {
  it('writes the S3 XML body in the documented element order', () => {
    const { ctx, res } = makeCtx('GET', '/bkt/obj', { bucket: 'bkt', key: 'obj' });
    ctx.res.setHeader('ETag', '"abc"');
    writeError(ctx, new engineErrors.ObjectNotFound());
    expect(res.statusCode).toBe(404);
    expect(res.getHeader('content-type')).toBe('application/xml');
    // Headers a handler set before failing are not part of an error reply.
    expect(res.getHeader('etag')).toBeUndefined();
    const text = res.body?.toString('utf8') ?? '';
    expect(text).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><Error><Code>NoSuchKey<\/Code><Message>The specified key does not exist.<\/Message><Key>obj<\/Key><BucketName>bkt<\/BucketName><Resource>\/bkt\/obj<\/Resource><Region>us-east-1<\/Region><RequestId>17F0C6B3A1B2C3D4<\/RequestId><HostId>[0-9a-f]{64}<\/HostId><\/Error>$/,
    );
    expect(res.getHeader('content-length')).toBe(res.body?.length);
  });

  it('prefers the bucket/key carried by the error and a custom message', () => {
    const { ctx, res } = makeCtx('GET', '/b');
    writeError(ctx, new InvalidArgument('Argument maxKeys must be an integer', { bucket: 'other' }));
    const err = parseXml(res.body?.toString('utf8') ?? '').Error as Record<string, string>;
    expect(err.Code).toBe('InvalidArgument');
    expect(err.Message).toBe('Argument maxKeys must be an integer');
    expect(err.BucketName).toBe('other');
    expect(err.Key).toBeUndefined();
  });

  it('answers HEAD with headers only', () => {
    const { ctx, res } = makeCtx('HEAD', '/b', { bucket: 'b' });
    writeError(ctx, new engineErrors.BucketNotFound());
    expect(res.statusCode).toBe(404);
    expect(res.body).toBeUndefined();
    expect(res.getHeader('x-minio-error-code')).toBe('NoSuchBucket');
    expect(res.getHeader('x-minio-error-desc')).toBe('"The specified bucket does not exist"');
  });

  it('marks delete markers: 404 for the latest, 405 when the version was named', () => {
    const dm = new engineErrors.ObjectIsDeleteMarker();
    dm.versionId = 'v1';
    let { ctx, res } = makeCtx('GET', '/b/k', { bucket: 'b', key: 'k' });
    writeError(ctx, dm);
    expect(res.statusCode).toBe(404);
    expect(res.getHeader('x-amz-delete-marker')).toBe('true');
    expect(res.getHeader('x-amz-version-id')).toBe('v1');
    dm.explicitVersion = true;
    ({ ctx, res } = makeCtx('GET', '/b/k', { bucket: 'b', key: 'k' }));
    writeError(ctx, dm);
    expect(res.statusCode).toBe(405);
    expect(res.body?.toString()).toContain('<Code>MethodNotAllowed</Code>');
  });

  it('adds ActualObjectSize and RangeRequested to InvalidRange', () => {
    const err = new engineErrors.InvalidRange();
    err.objectSize = 10;
    err.range = 'bytes=20-30';
    const { ctx, res } = makeCtx('GET', '/b/k', { bucket: 'b', key: 'k' });
    writeError(ctx, err);
    expect(res.statusCode).toBe(416);
    expect(res.body?.toString()).toMatch(
      /<HostId>[0-9a-f]+<\/HostId><ActualObjectSize>10<\/ActualObjectSize><RangeRequested>bytes=20-30<\/RangeRequested><\/Error>$/,
    );
  });

  it('answers NotModified with a bare 304 that keeps the validators', () => {
    const { ctx, res } = makeCtx('GET', '/b/k', { bucket: 'b', key: 'k' });
    ctx.res.setHeader('ETag', '"abc"');
    writeError(ctx, new engineErrors.NotModified());
    expect(res.statusCode).toBe(304);
    expect(res.body).toBeUndefined();
    expect(res.getHeader('etag')).toBe('"abc"');
  });

  it('adds Retry-After to 503 replies', () => {
    const { ctx, res } = makeCtx('GET', '/b/k', { bucket: 'b', key: 'k' });
    writeError(ctx, new engineErrors.InsufficientReadQuorum());
    expect(res.statusCode).toBe(503);
    expect(res.getHeader('retry-after')).toBe('60');
    expect(res.body?.toString()).toContain('<Code>SlowDownRead</Code>');
  });

  it('destroys the connection when the headers are already out', () => {
    const { ctx, res } = makeCtx('GET', '/b/k');
    res.headersSent = true;
    writeError(ctx, new engineErrors.FileCorrupt());
    expect(res.destroyed).toBe(true);
  });
});

describe('writeError (admin, STS)', () => {
  it('writes admin errors as JSON on /minio/admin paths', () => {
    const { ctx, res } = makeCtx('GET', '/minio/admin/v4/info');
    writeError(ctx, new AdminVersionMismatch());
    expect(res.statusCode).toBe(426);
    expect(res.getHeader('content-type')).toBe('application/json');
    const text = res.body?.toString('utf8') ?? '';
    expect(text.endsWith('\n')).toBe(true);
    const body = JSON.parse(text) as Record<string, string>;
    expect(Object.keys(body)).toEqual(['Code', 'Message', 'Resource', 'Region', 'RequestId', 'HostId']);
    expect(body.Code).toBe('XMinioAdminVersionMismatch');
  });

  it('answers running out of file descriptors as 503 SlowDown, not as an internal error', () => {
    const { ctx, res } = makeCtx('GET', '/bkt/obj', { bucket: 'bkt', key: 'obj' });
    const emfile = Object.assign(new Error('EMFILE: too many open files, open'), { code: 'EMFILE' });
    writeError(ctx, emfile);
    expect(res.statusCode).toBe(503);
    expect(res.body?.toString()).toContain('<Code>SlowDown</Code>');
    expect(res.getHeader('retry-after')).toBe('60');
  });

  it('answers an unknown STS key and a wrong secret with one message', () => {
    const bodies = [new SignatureDoesNotMatch(), new InvalidAccessKeyId()].map((err) => {
      const { ctx, res } = makeCtx('POST', '/');
      ctx.api = 'sts';
      writeError(ctx, err);
      return res.body?.toString('utf8').replace(/<RequestId>.*<\/RequestId>/, '');
    });
    expect(bodies[0]).toContain('<Message>Access Denied.</Message>');
    expect(bodies[1]).toBe(bodies[0]);
  });

  it('writes STS errors as ErrorResponse and folds auth failures into AccessDenied', () => {
    const { ctx, res } = makeCtx('POST', '/');
    ctx.api = 'sts';
    writeError(ctx, new SignatureDoesNotMatch());
    expect(res.statusCode).toBe(403);
    const text = res.body?.toString('utf8') ?? '';
    expect(text).toContain(
      '<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><Error><Type></Type>',
    );
    expect(text).toContain('<Code>AccessDenied</Code>');
    expect(text).toContain('<RequestId>17F0C6B3A1B2C3D4</RequestId></ErrorResponse>');
  });
});
