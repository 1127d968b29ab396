/**
 * Detection of what the storage server offers, on recorded answers to the admin probe
 * (`GET /minio/admin/v3/accountinfo`) from Ceph RGW 16.2.15, the engine and MinIO-shaped errors.
 * The live proof against a running RGW is packages/server/test/rgw.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { AdminApiError, parseErrorResponse } from '@coffer/admin-client';
import { adminApiVerdict, serverCapabilities } from './server-capabilities.js';

const RGW_NO_SUCH_BUCKET =
  '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchBucket</Code><Message></Message><BucketName>minio</BucketName><RequestId>tx00000217f85caf053f1b0-006b0639ba-1008-default</RequestId><HostId>1008-default-default</HostId></Error>';
const RGW_FOREIGN_MINIO_BUCKET =
  '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message></Message><BucketName>minio</BucketName><RequestId>tx0000071c3-006b0639c7-1008-default</RequestId><HostId>1008-default-default</HostId></Error>';
const MINIO_DENIED =
  '{"Code":"AccessDenied","Message":"Access Denied.","Resource":"/minio/admin/v3/accountinfo","RequestId":"17F0A","HostId":"ab"}';
const MINIO_VERSION_MISMATCH =
  '{"Code":"XMinioAdminVersionMismatch","Message":"This \'admin\' API is not supported by server in \'mode-server-xl\'","Resource":"/minio/admin/v3/accountinfo","RequestId":"17F0B","HostId":"ab"}';
const MINIO_INTERNAL =
  '{"Code":"InternalError","Message":"We encountered an internal error, please try again.","RequestId":"17F0C","HostId":"ab"}';

describe('adminApiVerdict', () => {
  it('RGW reading the admin path as bucket "minio": not offered, whether 404 or 403', () => {
    expect(adminApiVerdict(parseErrorResponse(404, RGW_NO_SUCH_BUCKET))).toBe('not-offered');
    expect(adminApiVerdict(parseErrorResponse(403, RGW_FOREIGN_MINIO_BUCKET))).toBe('not-offered');
  });

  it('servers answering with a bare status (unknown route, method not allowed): not offered', () => {
    expect(adminApiVerdict(parseErrorResponse(404, ''))).toBe('not-offered');
    expect(adminApiVerdict(parseErrorResponse(405, 'Method Not Allowed'))).toBe('not-offered');
    expect(adminApiVerdict(parseErrorResponse(501, '<Error><Code>NotImplemented</Code></Error>'))).toBe(
      'not-offered',
    );
  });

  it("MinIO's JSON refusal, same status as RGW's: the admin API is there and said no", () => {
    expect(adminApiVerdict(parseErrorResponse(403, MINIO_DENIED))).toBe('offered');
  });

  it('an admin API of another version cannot be used: not offered', () => {
    expect(adminApiVerdict(parseErrorResponse(426, MINIO_VERSION_MISMATCH))).toBe('not-offered');
  });

  it('server trouble and network failures are no verdict', () => {
    expect(adminApiVerdict(parseErrorResponse(500, MINIO_INTERNAL))).toBeUndefined();
    expect(adminApiVerdict(parseErrorResponse(502, 'Bad Gateway'))).toBeUndefined();
    expect(adminApiVerdict(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBeUndefined();
    expect(adminApiVerdict(new AdminApiError('InvalidResponse', 'not JSON', 200))).toBe('offered');
  });
});

describe('serverCapabilities', () => {
  it('a plain S3 server: versioning and locking (S3 calls), no quota, no sizes', () => {
    expect(serverCapabilities({ adminApi: false, sts: false, distributedMode: false })).toEqual({
      adminApi: false,
      sts: false,
      versioning: true,
      objectLocking: true,
      quota: false,
      usage: false,
    });
  });

  it('MinIO: versioning, locking and quota follow the erasure-coded backend', () => {
    expect(serverCapabilities({ adminApi: true, sts: true, distributedMode: false })).toMatchObject({
      versioning: false,
      objectLocking: false,
      quota: false,
      usage: true,
    });
    expect(serverCapabilities({ adminApi: true, sts: true, distributedMode: true })).toMatchObject({
      versioning: true,
      objectLocking: true,
      quota: true,
    });
  });
});
