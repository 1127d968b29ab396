import { describe, expect, it } from 'vitest';
import { RewindParamsSchema, RewindQuerySchema } from './object-rewind.js';
import { ListShareLinksQuerySchema, ShareLinkParamsSchema, ShareObjectQuerySchema } from './object-share.js';

describe('share link schemas', () => {
  it('take expires as "{ms}ms" or bare milliseconds, and nothing else', () => {
    expect(ShareObjectQuerySchema.parse({ prefix: 'a.txt', expires: '86400000ms' }).expires).toBe(
      '86400000ms',
    );
    expect(ShareObjectQuerySchema.safeParse({ prefix: 'a.txt', expires: '3600000' }).success).toBe(true);
    expect(ShareObjectQuerySchema.safeParse({ prefix: 'a.txt', expires: '24h' }).success).toBe(false);
    expect(ShareObjectQuerySchema.safeParse({ prefix: 'a.txt', expires: '-5ms' }).success).toBe(false);
    expect(ShareObjectQuerySchema.safeParse({ prefix: '' }).success).toBe(false);
  });

  it('name links by an access-key-like id only', () => {
    expect(ShareLinkParamsSchema.safeParse({ id: 'AKIA1234567890' }).success).toBe(true);
    expect(ShareLinkParamsSchema.safeParse({ id: '../users' }).success).toBe(false);
    expect(ListShareLinksQuerySchema.parse({})).toEqual({});
  });
});

describe('rewind schemas', () => {
  it('take an ISO 8601 date with its offset and default to the bucket root', () => {
    expect(RewindParamsSchema.safeParse({ bucket: 'b', date: '2026-11-25T10:00:00.000Z' }).success).toBe(
      true,
    );
    expect(RewindParamsSchema.safeParse({ bucket: 'b', date: '2026-11-25T10:00:00+01:00' }).success).toBe(
      true,
    );
    expect(RewindParamsSchema.safeParse({ bucket: 'b', date: 'yesterday' }).success).toBe(false);
    expect(RewindQuerySchema.parse({})).toEqual({ prefix: '', limit: 1000 });
    expect(RewindQuerySchema.safeParse({ limit: '5000' }).success).toBe(false);
  });
});
