import { describe, expect, it } from 'vitest';
import { AdminConfigBadJson, AdminInvalidArgument } from './errors.js';
import type { BucketMetadata } from '../object-layer/types.js';
import { BucketMetadataService } from './bucket-metadata.js';
import { parseQuotaRequest, quotaJson } from './quota.js';

const body = (v: unknown): Buffer => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v), 'utf8');

function meta(configs: Record<string, string>): BucketMetadata {
  return { name: 'b', created: new Date(0), versioning: 'Unversioned', objectLockEnabled: false, configs };
}

describe('set-bucket-quota bodies', () => {
  it('reads size (new madmin) and quota (old madmin), size winning', () => {
    expect(parseQuotaRequest(body({ size: 1024, quotatype: 'hard' }))).toEqual({
      size: 1024,
      type: 'hard',
      rate: 0,
      requests: 0,
    });
    expect(parseQuotaRequest(body({ quota: 2048, quotatype: 'hard' }))?.size).toBe(2048);
    expect(
      parseQuotaRequest(body({ quota: 1, size: 4096, rate: 5, requests: 6, quotatype: 'hard' })),
    ).toEqual({
      size: 4096,
      type: 'hard',
      rate: 5,
      requests: 6,
    });
  });

  it('treats an empty body or a zero size as removing the quota', () => {
    expect(parseQuotaRequest(Buffer.alloc(0))).toBeUndefined();
    expect(parseQuotaRequest(body('  \n'))).toBeUndefined();
    expect(parseQuotaRequest(body({ size: 0, quota: 0, quotatype: 'hard' }))).toBeUndefined();
    expect(parseQuotaRequest(body({}))).toBeUndefined();
  });

  it('accepts a FIFO quota as madmin (2021) sent it', () => {
    expect(parseQuotaRequest(body({ quota: 4096, quotatype: 'fifo' }))).toEqual({
      size: 4096,
      type: 'fifo',
      rate: 0,
      requests: 0,
    });
  });

  it('refuses other quota types and malformed documents', () => {
    expect(() => parseQuotaRequest(body({ size: 10, quotatype: 'FIFO' }))).toThrow(AdminInvalidArgument);
    expect(() => parseQuotaRequest(body({ size: 10, quotatype: 'soft' }))).toThrow(AdminInvalidArgument);
    expect(() => parseQuotaRequest(body({ size: 10 }))).toThrow(AdminInvalidArgument);
    expect(() => parseQuotaRequest(body('{"size":'))).toThrow(AdminConfigBadJson);
    expect(() => parseQuotaRequest(body([1]))).toThrow(AdminConfigBadJson);
    expect(() => parseQuotaRequest(body({ size: -1, quotatype: 'hard' }))).toThrow(AdminConfigBadJson);
    expect(() => parseQuotaRequest(body({ size: '10', quotatype: 'hard' }))).toThrow(AdminConfigBadJson);
    expect(() => parseQuotaRequest(body({ size: 1.5, quotatype: 'hard' }))).toThrow(AdminConfigBadJson);
  });

  it('stores madmin BucketQuota JSON with both size fields and reads it back', () => {
    const q = { size: 5000, type: 'hard' as const, rate: 0, requests: 0 };
    const stored = JSON.stringify(quotaJson(q));
    expect(JSON.parse(stored)).toEqual({ quota: 5000, size: 5000, rate: 0, requests: 0, quotatype: 'hard' });
    const service = new BucketMetadataService({
      getBucketMetadata: () => Promise.reject(new Error('not used')),
      updateBucketMetadata: () => Promise.reject(new Error('not used')),
    });
    expect(service.fromMetadata(meta({ quota: stored }), 'quota')).toEqual(q);
    expect(service.fromMetadata(meta({}), 'quota')).toBeUndefined();
    expect(service.fromMetadata(meta({ quota: 'not json' }), 'quota')).toBeUndefined();
  });
});
