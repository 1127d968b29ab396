import { describe, expect, it } from 'vitest';
import { AdminApiError } from '@coffer/admin-client';
import { classifyStorageError } from './storage-errors.js';

/** minio-js's S3Error: a class of that name with the XML fields copied on. */
class S3Error extends Error {
  code?: string;
}
const s3Error = (code: string, message: string): S3Error => {
  const e = new S3Error(message);
  e.code = code;
  return e;
};

describe('classifyStorageError', () => {
  const cases: [string, unknown, { code: string; status: number; credentialsRejected?: boolean }][] = [
    [
      'S3 NoSuchBucket',
      s3Error('NoSuchBucket', 'The specified bucket does not exist'),
      { code: 'not_found', status: 404 },
    ],
    ['S3 BucketNotEmpty', s3Error('BucketNotEmpty', 'not empty'), { code: 'conflict', status: 409 }],
    ['S3 AccessDenied', s3Error('AccessDenied', 'Access Denied.'), { code: 'access_denied', status: 403 }],
    [
      'S3 expired token',
      s3Error('ExpiredToken', 'expired'),
      { code: 'not_authenticated', status: 401, credentialsRejected: true },
    ],
    [
      'S3 unknown key',
      s3Error('InvalidAccessKeyId', 'nope'),
      { code: 'not_authenticated', status: 401, credentialsRejected: true },
    ],
    ['S3 unknown code', s3Error('WeirdError', 'odd'), { code: 'storage_error', status: 500 }],
    [
      'admin 426',
      new AdminApiError('XMinioAdminVersionMismatch', 'not supported', 426),
      { code: 'not_implemented', status: 501 },
    ],
    [
      'admin unknown code keeps status',
      new AdminApiError('XMinioSomething', 'x', 418),
      { code: 'storage_error', status: 418 },
    ],
    [
      'admin malformed policy',
      new AdminApiError('XMinioMalformedIAMPolicy', 'policy has no statements', 400),
      { code: 'invalid_request', status: 400 },
    ],
    [
      'admin no such user',
      new AdminApiError('XMinioAdminNoSuchUser', 'The specified user does not exist.', 404),
      { code: 'not_found', status: 404 },
    ],
    [
      'admin policy in use',
      new AdminApiError('XMinioIAMPolicyInUse', 'in use', 400),
      { code: 'conflict', status: 409 },
    ],
    [
      'admin root-key misuse',
      new AdminApiError('XMinioInvalidIAMCredentials', 'not allowed', 403),
      { code: 'access_denied', status: 403 },
    ],
    [
      'admin unknown service account',
      new AdminApiError('XMinioInvalidIAMCredentials', 'service account is not found', 404),
      { code: 'not_found', status: 404 },
    ],
    [
      'network',
      Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      { code: 'storage_unreachable', status: 503 },
    ],
  ];
  it.each(cases)('%s', (_name, err, expected) => {
    const c = classifyStorageError(err);
    expect(c).toMatchObject({ credentialsRejected: false, ...expected });
  });

  it('keeps the server message as the detail, capitalised message', () => {
    expect(classifyStorageError(s3Error('NoSuchKey', 'the key does not exist'))).toMatchObject({
      message: 'The key does not exist',
      detailedMessage: 'NoSuchKey: the key does not exist',
    });
  });

  it('is undefined for other errors', () => {
    expect(classifyStorageError(new Error('plain'))).toBeUndefined();
    expect(classifyStorageError('string')).toBeUndefined();
  });
});
