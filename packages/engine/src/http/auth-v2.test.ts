import { describe, expect, it } from 'vitest';
import { v2FromQuery, v2Signature, v2StringToSign } from './auth-v2.js';

const headers = (h: Record<string, string | string[]>): Map<string, string[]> =>
  new Map(Object.entries(h).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));

describe('Signature V2 string to sign', () => {
  it('joins method, MD5, type, date, sorted x-amz headers and the resource with sub-resources', () => {
    const text = v2StringToSign(
      {
        method: 'PUT',
        rawPath: '/b/a%20key',
        query: [
          ['uploadId', 'u1'],
          ['partNumber', '2'],
          ['x-id', 'ignored'],
        ],
        headers: headers({
          'content-md5': 'md5',
          'content-type': 'text/plain',
          'x-amz-meta-b': ['2', ' 3 '],
          'x-amz-date': 'now',
        }),
        vhostBucket: undefined,
      },
      '',
    );
    expect(text).toBe(
      'PUT\nmd5\ntext/plain\n\nx-amz-date:now\nx-amz-meta-b:2,3\n/b/a%20key?partNumber=2&uploadId=u1',
    );
  });

  it('prefixes the bucket of a virtual-host request; keeps valueless sub-resources bare', () => {
    const text = v2StringToSign(
      { method: 'GET', rawPath: '/', query: [['acl', '']], headers: headers({}), vhostBucket: 'vb' },
      'Tue, 27 Mar 2007 19:36:42 +0000',
    );
    expect(text).toBe('GET\n\n\nTue, 27 Mar 2007 19:36:42 +0000\n/vb/?acl');
  });

  it("matches AWS's documented example signature", () => {
    // AWS's S3 developer guide (RESTAuthentication), GET example with the documented test keys.
    const text = 'GET\n\n\nTue, 27 Mar 2007 19:36:42 +0000\n/awsexamplebucket1/photos/puppy.jpg';
    expect(v2Signature('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', text)).toBe(
      'qgk2+6Sv9/oM7G3qLEjTH1a1l1g=',
    );
  });

  it('reads a presigned query: a space in the signature was a +, a past Expires is refused', () => {
    const now = new Date(1_000_000_000_000);
    const parts = v2FromQuery(
      [
        ['AWSAccessKeyId', 'AK'],
        ['Expires', '1000000100'],
        ['Signature', 'a b='],
      ],
      new Map(),
      now,
    );
    expect(parts).toMatchObject({ accessKey: 'AK', signature: 'a+b=', dateLine: '1000000100' });
    expect(() =>
      v2FromQuery(
        [
          ['AWSAccessKeyId', 'AK'],
          ['Expires', '999999999'],
          ['Signature', 'x'],
        ],
        new Map(),
        now,
      ),
    ).toThrow(/RequestExpired|expired/i);
  });
});
