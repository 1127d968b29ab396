/**
 * Which refusals name the storage server's region, and the switch: once per new region, logged.
 */
import { S3Error } from 'minio';
import { describe, expect, it } from 'vitest';
import { AdminApiError } from '@coffer/admin-client';
import { StorageRegion, regionNamedBy } from './storage-region.js';

function s3Error(code: string, message: string, fields: Record<string, string> = {}): S3Error {
  const err = new S3Error(message);
  err.code = code;
  Object.assign(err, fields);
  return err;
}

describe('regionNamedBy', () => {
  it('reads the region of a signed-header refusal from its message, else from <Region>', () => {
    const msg = "The authorization header is malformed; the region is wrong; expecting 'eu-west-3'.";
    expect(regionNamedBy(s3Error('AuthorizationHeaderMalformed', msg, { region: 'eu-west-3' }))).toBe(
      'eu-west-3',
    );
    expect(regionNamedBy(s3Error('AuthorizationHeaderMalformed', '', { region: 'ap-1' }))).toBe('ap-1');
  });

  it('reads InvalidRegion, and x-amz-bucket-region when nothing else names it', () => {
    const msg = "Region does not match; this server's region is 'site-a'.";
    expect(regionNamedBy(s3Error('InvalidRegion', msg))).toBe('site-a');
    expect(regionNamedBy(s3Error('AuthorizationHeaderMalformed', '', { amzBucketRegion: 'b-2' }))).toBe(
      'b-2',
    );
  });

  it("reads STS's folded AccessDenied only when its message names the region", () => {
    const msg = "The authorization header is malformed; the region is wrong; expecting 'eu-1'.";
    expect(regionNamedBy(new AdminApiError('AccessDenied', msg, 403))).toBe('eu-1');
    expect(regionNamedBy(new AdminApiError('AccessDenied', 'Access Denied.', 403))).toBeUndefined();
  });

  it('ignores other errors, even carrying <Region>, and names that are not region names', () => {
    expect(regionNamedBy(s3Error('NoSuchKey', 'gone', { region: 'eu-1' }))).toBeUndefined();
    expect(regionNamedBy(s3Error('AuthorizationHeaderMalformed', 'bad header'))).toBeUndefined();
    expect(regionNamedBy(s3Error('InvalidRegion', "this server's region is 'a b'"))).toBeUndefined();
    expect(regionNamedBy(new Error('ECONNRESET'))).toBeUndefined();
    expect(regionNamedBy(undefined)).toBeUndefined();
  });
});

describe('StorageRegion', () => {
  it('switches once to a named region, logs it, and ignores the same refusal again', () => {
    const logged: object[] = [];
    const region = new StorageRegion('us-east-1');
    region.setLog({ info: (obj) => logged.push(obj) });
    const refusal = s3Error('AuthorizationHeaderMalformed', "…expecting 'eu-2'.");
    expect(region.learn(refusal)).toBe(true);
    expect(region.current).toBe('eu-2');
    expect(region.generation).toBe(1);
    expect(region.learn(refusal)).toBe(false);
    expect(region.learn(s3Error('NoSuchBucket', 'no'))).toBe(false);
    expect(logged).toEqual([{ from: 'us-east-1', to: 'eu-2' }]);
  });
});
