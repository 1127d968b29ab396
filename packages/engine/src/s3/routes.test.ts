import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../http/context.js';
import { resolveS3Target, splitRequestUrl } from '../http/target.js';
import { MethodNotAllowed, NotImplemented } from '../common/errors.js';
import { matchS3Route } from './routes.js';

function ctxFor(method: string, url: string, headers: Record<string, string> = {}): RequestContext {
  const raw = splitRequestUrl(url);
  return {
    req: { headers } as unknown as IncomingMessage,
    res: {} as RequestContext['res'],
    engine: {} as RequestContext['engine'],
    requestId: 'X',
    method,
    path: raw.path,
    query: raw.query,
    target: resolveS3Target(raw.path, undefined, []),
  };
}

const op = (method: string, url: string, headers?: Record<string, string>): string =>
  matchS3Route(ctxFor(method, url, headers)).operation;

describe('S3 dispatch table', () => {
  it('routes service and bucket operations', () => {
    expect(op('GET', '/')).toBe('ListBuckets');
    expect(op('PUT', '/b')).toBe('CreateBucket');
    expect(op('HEAD', '/b')).toBe('HeadBucket');
    expect(op('DELETE', '/b/')).toBe('DeleteBucket');
    expect(op('GET', '/b')).toBe('ListObjectsV1');
    expect(op('GET', '/b?list-type=2&prefix=a&x-id=ListObjectsV2')).toBe('ListObjectsV2');
    expect(op('GET', '/b?list-type=2&metadata=true')).toBe('ListObjectsV2');
    expect(op('GET', '/b?versions&prefix=x')).toBe('ListObjectVersions');
    expect(op('GET', '/b?uploads')).toBe('ListMultipartUploads');
    expect(op('GET', '/b?location=')).toBe('GetBucketLocation');
    expect(op('GET', '/b?versioning')).toBe('GetBucketVersioning');
    expect(op('PUT', '/b?versioning')).toBe('PutBucketVersioning');
    expect(op('GET', '/b?acl')).toBe('GetBucketAcl');
    expect(op('GET', '/b?object-lock')).toBe('GetObjectLockConfiguration');
    expect(op('PUT', '/b?object-lock')).toBe('PutObjectLockConfiguration');
    expect(op('DELETE', '/b?policy')).toBe('DeleteBucketPolicy');
    expect(op('POST', '/b?delete')).toBe('DeleteObjects');
    expect(op('POST', '/b', { 'content-type': 'multipart/form-data; boundary=x' })).toBe('PostObject');
  });

  it('routes object operations, multipart and copies by query and header', () => {
    expect(op('PUT', '/b/k')).toBe('PutObject');
    expect(op('PUT', '/b/k?x-id=PutObject')).toBe('PutObject');
    expect(op('PUT', '/b/k', { 'x-amz-copy-source': '/a/b' })).toBe('CopyObject');
    expect(op('PUT', '/b/k?partNumber=1&uploadId=u')).toBe('UploadPart');
    expect(op('PUT', '/b/k?partNumber=1&uploadId=u', { 'x-amz-copy-source': '/a/b' })).toBe('UploadPartCopy');
    expect(op('GET', '/b/k?versionId=v&response-content-type=x')).toBe('GetObject');
    expect(op('HEAD', '/b/k?partNumber=2')).toBe('HeadObject');
    expect(op('DELETE', '/b/k?versionId=v')).toBe('DeleteObject');
    expect(op('POST', '/b/k?uploads')).toBe('CreateMultipartUpload');
    expect(op('POST', '/b/k?uploadId=u')).toBe('CompleteMultipartUpload');
    expect(op('DELETE', '/b/k?uploadId=u')).toBe('AbortMultipartUpload');
    expect(op('GET', '/b/k?uploadId=u')).toBe('ListParts');
    expect(op('PUT', '/b/k?retention&versionId=v')).toBe('PutObjectRetention');
    expect(op('GET', '/b/k?retention')).toBe('GetObjectRetention');
    expect(op('PUT', '/b/k?legal-hold')).toBe('PutObjectLegalHold');
    expect(op('GET', '/b/k?legal-hold&versionId=v')).toBe('GetObjectLegalHold');
    expect(op('GET', '/b/k?tagging')).toBe('GetObjectTagging');
    expect(op('PUT', '/b/k?tagging')).toBe('PutObjectTagging');
    expect(op('DELETE', '/b/k?tagging')).toBe('DeleteObjectTagging');
    expect(op('GET', '/b/k?acl')).toBe('GetObjectAcl');
    // A key that looks like a sub-resource is still a key.
    expect(op('GET', '/b/versioning')).toBe('GetObject');
  });

  it('carries the IAM action and marks POST policy uploads as self-authenticating', () => {
    expect(matchS3Route(ctxFor('GET', '/b?list-type=2')).action).toBe('s3:ListBucket');
    expect(matchS3Route(ctxFor('GET', '/b?events=s3:ObjectCreated:*')).action).toBe(
      's3:ListenBucketNotification',
    );
    expect(matchS3Route(ctxFor('GET', '/?events=s3:ObjectCreated:*')).action).toBe('s3:ListenNotification');
    expect(matchS3Route(ctxFor('PUT', '/b?notification')).operation).toBe('PutBucketNotification');
    const post = matchS3Route(ctxFor('POST', '/b', { 'content-type': 'multipart/form-data; boundary=x' }));
    expect(post.authenticates).toBe('self');
    expect(matchS3Route(ctxFor('PUT', '/b/k')).authenticates).toBeUndefined();
  });

  it('answers unknown sub-resources with NotImplemented and wrong methods with MethodNotAllowed', () => {
    expect(() => op('PUT', '/b?analytics')).toThrow(NotImplemented);
    expect(op('PUT', '/b?lifecycle')).toBe('PutBucketLifecycle');
    expect(op('POST', '/b/k?restore')).toBe('RestoreObject');
    expect(() => op('GET', '/b/k?torrent')).toThrow(NotImplemented);
    expect(() => op('GET', '/b?torrent')).toThrow(NotImplemented);
    expect(() => op('POST', '/b/k')).toThrow(MethodNotAllowed);
    expect(() => op('PUT', '/')).toThrow(MethodNotAllowed);
    expect(() => op('POST', '/b')).toThrow(MethodNotAllowed);
  });
});
