import { describe, expect, it } from 'vitest';
import { ObjectNotFound, PreconditionFailed } from '../object-layer/errors.js';
import type { ObjectInfo } from '../object-layer/types.js';
import {
  checkCopySourceConditionals,
  etagListMatches,
  evaluateConditionals,
  normalizeEtag,
  readConditionals,
  writePrecondition,
} from './conditional.js';

const modified = new Date('2024-05-01T12:00:00.500Z');
const info = { etag: 'abc123', lastModified: modified };
const before = 'Wed, 01 May 2024 11:00:00 GMT';
const same = 'Wed, 01 May 2024 12:00:00 GMT';
const after = 'Wed, 01 May 2024 13:00:00 GMT';

function outcome(headers: Record<string, string>): string {
  return evaluateConditionals(readConditionals(headers), info);
}

function version(overrides: Partial<ObjectInfo>): ObjectInfo {
  return {
    bucket: 'b',
    key: 'k',
    versionId: 'null',
    isLatest: true,
    deleteMarker: false,
    size: 1,
    etag: 'abc123',
    lastModified: modified,
    contentType: 'text/plain',
    headers: {},
    userMetadata: {},
    storageClass: 'STANDARD',
    checksums: {},
    internal: {},
    ...overrides,
  };
}

describe('entity tags', () => {
  it('strips quotes and the weak prefix, matches lists and *', () => {
    expect(normalizeEtag('"abc"')).toBe('abc');
    expect(normalizeEtag('W/"abc"')).toBe('abc');
    expect(normalizeEtag('abc')).toBe('abc');
    expect(etagListMatches('"x", "abc123"', 'abc123')).toBe(true);
    expect(etagListMatches('abc123', 'abc123')).toBe(true);
    expect(etagListMatches('*', 'anything')).toBe(true);
    expect(etagListMatches('"x"', 'abc123')).toBe(false);
  });
});

describe('evaluateConditionals (GET/HEAD)', () => {
  it('passes without conditions', () => {
    expect(outcome({})).toBe('ok');
  });

  it('If-Match: 412 on mismatch', () => {
    expect(outcome({ 'if-match': '"abc123"' })).toBe('ok');
    expect(outcome({ 'if-match': '"other"' })).toBe('precondition-failed');
  });

  it('If-None-Match: 304 on match', () => {
    expect(outcome({ 'if-none-match': '"abc123"' })).toBe('not-modified');
    expect(outcome({ 'if-none-match': '"other"' })).toBe('ok');
  });

  it('If-Modified-Since / If-Unmodified-Since at one-second resolution', () => {
    expect(outcome({ 'if-modified-since': before })).toBe('ok');
    expect(outcome({ 'if-modified-since': same })).toBe('not-modified');
    expect(outcome({ 'if-modified-since': after })).toBe('not-modified');
    expect(outcome({ 'if-unmodified-since': before })).toBe('precondition-failed');
    expect(outcome({ 'if-unmodified-since': same })).toBe('ok');
  });

  it('S3 precedence: true If-Match overrides a false If-Unmodified-Since', () => {
    expect(outcome({ 'if-match': '"abc123"', 'if-unmodified-since': before })).toBe('ok');
  });

  it('S3 precedence: false If-None-Match (ETag matches) gives 304 even if modified since', () => {
    expect(outcome({ 'if-none-match': '"abc123"', 'if-modified-since': before })).toBe('not-modified');
    // If-None-Match true (no match) makes If-Modified-Since irrelevant.
    expect(outcome({ 'if-none-match': '"zzz"', 'if-modified-since': after })).toBe('ok');
  });

  it('ignores unparseable dates', () => {
    expect(outcome({ 'if-modified-since': 'yesterday-ish' })).toBe('ok');
    expect(outcome({ 'if-unmodified-since': 'not a date' })).toBe('ok');
  });
});

describe('copy-source conditionals', () => {
  it('turns every failure, 304 cases included, into PreconditionFailed', () => {
    const src = version({});
    expect(() =>
      checkCopySourceConditionals({ 'x-amz-copy-source-if-match': '"abc123"' }, src),
    ).not.toThrow();
    expect(() => checkCopySourceConditionals({ 'x-amz-copy-source-if-match': '"no"' }, src)).toThrow(
      PreconditionFailed,
    );
    expect(() => checkCopySourceConditionals({ 'x-amz-copy-source-if-none-match': '"abc123"' }, src)).toThrow(
      PreconditionFailed,
    );
    expect(() => checkCopySourceConditionals({ 'x-amz-copy-source-if-modified-since': after }, src)).toThrow(
      PreconditionFailed,
    );
    expect(() =>
      checkCopySourceConditionals(
        { 'x-amz-copy-source-if-match': '"abc123"', 'x-amz-copy-source-if-unmodified-since': before },
        src,
      ),
    ).not.toThrow();
    // Plain If-Match is about the destination and does not apply to the source.
    expect(() => checkCopySourceConditionals({ 'if-match': '"no"' }, src)).not.toThrow();
  });
});

describe('writePrecondition (conditional writes)', () => {
  const where = { bucket: 'b', key: 'k' };

  it('is undefined without conditional headers', () => {
    expect(writePrecondition({}, where)).toBeUndefined();
  });

  it('If-None-Match: * refuses to overwrite a live object but not a delete marker or nothing', () => {
    const check = writePrecondition({ 'if-none-match': '*' }, where);
    expect(check).toBeDefined();
    expect(() => check?.(undefined)).not.toThrow();
    expect(() => check?.(version({ deleteMarker: true }))).not.toThrow();
    expect(() => check?.(version({}))).toThrow(PreconditionFailed);
  });

  it('If-Match needs the current ETag; a missing object is NoSuchKey', () => {
    const check = writePrecondition({ 'if-match': '"abc123"' }, where);
    expect(() => check?.(version({}))).not.toThrow();
    expect(() => check?.(version({ etag: 'zzz' }))).toThrow(PreconditionFailed);
    expect(() => check?.(undefined)).toThrow(ObjectNotFound);
  });

  it('If-None-Match with ETags refuses to overwrite a listed ETag (as MinIO)', () => {
    const check = writePrecondition({ 'if-none-match': '"abc123", "def"' }, where);
    expect(() => check?.(version({}))).toThrow(PreconditionFailed);
    expect(() => check?.(version({ etag: 'zzz' }))).not.toThrow();
    expect(() => check?.(undefined)).not.toThrow();
  });

  it('If-Match: * needs an object, whatever its ETag', () => {
    const check = writePrecondition({ 'if-match': '*' }, where);
    expect(() => check?.(version({ etag: 'zzz' }))).not.toThrow();
    expect(() => check?.(version({ deleteMarker: true }))).toThrow(ObjectNotFound);
  });
});
