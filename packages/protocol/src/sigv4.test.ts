/**
 * SigV4 against AWS's published example values (not against this code's own output):
 * - https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 *   (GET /test.txt with Range, PUT test$file.text, GET ?lifecycle, GET ?max-keys=2&prefix=J)
 * - https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html (presigned GET)
 * - https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-streaming.html (aws-chunked PUT:
 *   seed signature and the three chunk signatures of 64 KiB + 1 KiB of 'a' + final chunk)
 * - https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-streaming-trailers.html (chunk and
 *   trailer signatures with an x-amz-checksum-crc32c trailer)
 * All use AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY, us-east-1, 20130524.
 */
import { describe, expect, it } from 'vitest';
import {
  EMPTY_SHA256,
  canonicalPath,
  canonicalQuery,
  canonicalRequest,
  chunkSignature,
  credentialScope,
  deriveSigningKey,
  parseAuthorizationHeader,
  parseCredential,
  postPolicySignature,
  presignUrl,
  sha256Hex,
  signRequest,
  signString,
  stringToSign,
  trailerSignature,
  uriEncode,
} from './index.js';

const AK = 'AKIAIOSFODNN7EXAMPLE';
const SK = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const DATE = new Date(Date.UTC(2013, 4, 24, 0, 0, 0));
const AMZ_DATE = '20130524T000000Z';
const SCOPE = '20130524/us-east-1/s3/aws4_request';
const base = { accessKey: AK, secretKey: SK, region: 'us-east-1', service: 's3', date: DATE };
const sigOf = (h: Record<string, string>): string =>
  /Signature=([0-9a-f]+)/.exec(h.authorization ?? '')?.[1] ?? '';

describe('uriEncode / canonical forms', () => {
  it('encodes per RFC 3986 with upper-case hex', () => {
    expect(uriEncode('A-z_0.9~', true)).toBe('A-z_0.9~');
    expect(uriEncode('a b+c/d', true)).toBe('a%20b%2Bc%2Fd');
    expect(uriEncode('a b+c/d', false)).toBe('a%20b%2Bc/d');
    expect(uriEncode("!'()*$", true)).toBe('%21%27%28%29%2A%24');
    expect(uriEncode('ключ', true)).toBe('%D0%BA%D0%BB%D1%8E%D1%87');
    expect(uriEncode('é', true)).toBe('%C3%A9');
  });
  it('canonicalPath decodes once and re-encodes (no double encoding)', () => {
    expect(canonicalPath('/test$file.text')).toBe('/test%24file.text');
    expect(canonicalPath('/test%24file.text')).toBe('/test%24file.text');
    expect(canonicalPath('/b/a%20b')).toBe('/b/a%20b');
    expect(canonicalPath('/b/a+b')).toBe('/b/a%2Bb');
    expect(canonicalPath('/b/a%2Bb')).toBe('/b/a%2Bb');
    expect(canonicalPath('/b/x%2Fy')).toBe('/b/x/y');
    expect(canonicalPath('/b/100%')).toBe('/b/100%25');
    expect(canonicalPath('/b/%e2%82%ac')).toBe('/b/%E2%82%AC');
    expect(canonicalPath('')).toBe('/');
    expect(canonicalPath('/b//k/')).toBe('/b//k/');
  });
  it('canonicalQuery sorts keys but keeps repeated keys in request order', () => {
    expect(
      canonicalQuery([
        ['users', 'b'],
        ['a', ''],
        ['users', 'a'],
        ['prefix', 'x y/z'],
      ]),
    ).toBe('a=&prefix=x%20y%2Fz&users=b&users=a');
    expect(canonicalQuery(new URLSearchParams('max-keys=2&prefix=J'))).toBe('max-keys=2&prefix=J');
  });
  it('canonicalRequest trims and collapses header values and joins repeats', () => {
    const text = canonicalRequest({
      method: 'get',
      path: '/',
      query: '',
      headers: { Host: ' h ', 'X-Multi': ['a   b', ' c '] },
      signedHeaders: ['host', 'x-multi'],
      payloadHash: EMPTY_SHA256,
    });
    expect(text).toBe(`GET\n/\n\nhost:h\nx-multi:a b,c\n\nhost;x-multi\n${EMPTY_SHA256}`);
  });
});

describe('AWS header-based examples (sig-v4-header-based-auth)', () => {
  it('GET /test.txt with Range', () => {
    const h = signRequest({
      ...base,
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      headers: { Range: 'bytes=0-9' },
    });
    expect(h.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(h['x-amz-content-sha256']).toBe(EMPTY_SHA256);
    expect(h['x-amz-date']).toBe(AMZ_DATE);
    expect(h.host).toBe('examplebucket.s3.amazonaws.com');
  });
  it('PUT test$file.text with a body', () => {
    const h = signRequest({
      ...base,
      method: 'PUT',
      url: 'https://examplebucket.s3.amazonaws.com/test$file.text',
      headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      body: 'Welcome to Amazon S3.',
    });
    expect(h['x-amz-content-sha256']).toBe(
      '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
    );
    expect(sigOf(h)).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });
  it('GET ?lifecycle', () => {
    const h = signRequest({
      ...base,
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/?lifecycle',
      headers: {},
    });
    expect(sigOf(h)).toBe('fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543');
  });
  it('GET ?max-keys=2&prefix=J (query order does not matter)', () => {
    const h = signRequest({
      ...base,
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2',
      headers: {},
    });
    expect(sigOf(h)).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });
  it('adds the session token and signs it', () => {
    const a = signRequest({
      ...base,
      method: 'GET',
      url: 'http://127.0.0.1:9000/b',
      headers: {},
      sessionToken: 'tok',
    });
    expect(a['x-amz-security-token']).toBe('tok');
    expect(a.authorization).toContain('x-amz-security-token');
    expect(a.host).toBe('127.0.0.1:9000');
  });
});

describe('AWS presigned example (sigv4-query-string-auth)', () => {
  it('GET /test.txt for 86400 s', () => {
    const url = presignUrl({
      ...base,
      method: 'GET',
      url: 'https://examplebucket.s3.amazonaws.com/test.txt',
      expiresSeconds: 86400,
    });
    expect(url).toBe(
      'https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256' +
        '&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
        '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
        '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
    );
  });
  it('rejects expiry beyond 7 days', () => {
    expect(() =>
      presignUrl({ ...base, method: 'GET', url: 'http://h/b/k', expiresSeconds: 604801 }),
    ).toThrow();
  });
});

describe('AWS aws-chunked example (sigv4-streaming)', () => {
  const key = deriveSigningKey(SK, '20130524', 'us-east-1', 's3');
  it('seed signature over the request headers', () => {
    const headers = {
      'content-encoding': 'aws-chunked',
      'content-length': '66824',
      host: 's3.amazonaws.com',
      'x-amz-content-sha256': 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
      'x-amz-date': AMZ_DATE,
      'x-amz-decoded-content-length': '66560',
      'x-amz-storage-class': 'REDUCED_REDUNDANCY',
    };
    const creq = canonicalRequest({
      method: 'PUT',
      path: canonicalPath('/examplebucket/chunkObject.txt'),
      query: '',
      headers,
      signedHeaders: Object.keys(headers).sort(),
      payloadHash: 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
    });
    expect(signString(key, stringToSign(AMZ_DATE, SCOPE, creq))).toBe(
      '4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9',
    );
  });
  it('chunk signatures chain from the seed', () => {
    const c1 = chunkSignature(
      key,
      AMZ_DATE,
      SCOPE,
      '4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9',
      sha256Hex(Buffer.alloc(65536, 'a')),
    );
    expect(c1).toBe('ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648');
    const c2 = chunkSignature(key, AMZ_DATE, SCOPE, c1, sha256Hex(Buffer.alloc(1024, 'a')));
    expect(c2).toBe('0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497');
    const c3 = chunkSignature(key, AMZ_DATE, SCOPE, c2, EMPTY_SHA256);
    expect(c3).toBe('b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9');
  });
  it('trailer example (sigv4-streaming-trailers)', () => {
    const seed = '106e2a8a18243abcf37539882f36619c00e2dfc72633413f02d3b74544bfeb8e';
    const c1 = chunkSignature(key, AMZ_DATE, SCOPE, seed, sha256Hex(Buffer.alloc(65536, 'a')));
    expect(c1).toBe('b474d8862b1487a5145d686f57f013e54db672cee1c953b3010fb58501ef5aa2');
    const c2 = chunkSignature(key, AMZ_DATE, SCOPE, c1, sha256Hex(Buffer.alloc(1024, 'a')));
    expect(c2).toBe('1c1344b170168f8e65b41376b44b20fe354e373826ccbbe2c1d40a8cae51e5c7');
    const c3 = chunkSignature(key, AMZ_DATE, SCOPE, c2, EMPTY_SHA256);
    expect(c3).toBe('2ca2aba2005185cf7159c6277faf83795951dd77a3a99e6e65d5c9f85863f992');
    expect(trailerSignature(key, AMZ_DATE, SCOPE, c3, 'x-amz-checksum-crc32c:sOO8/Q==\n')).toBe(
      'd81f82fc3505edab99d459891051a732e8730629a2e4a59689829ca17fe2e435',
    );
  });
});

describe('parsing', () => {
  it('parses an Authorization header', () => {
    const p = parseAuthorizationHeader(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-date,Signature=fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024',
    );
    expect(p).toMatchObject({
      accessKey: AK,
      date: '20130524',
      region: 'us-east-1',
      service: 's3',
      scope: SCOPE,
    });
    expect(p.signedHeaders).toEqual(['host', 'range', 'x-amz-date']);
  });
  it('accepts an empty region (madmin signs with "") and keys with slashes', () => {
    expect(parseCredential('a/b/20250101//s3/aws4_request')).toMatchObject({
      accessKey: 'a/b',
      region: '',
      scope: '20250101//s3/aws4_request',
    });
  });
  it('rejects malformed headers with clear errors', () => {
    expect(() => parseAuthorizationHeader('AWS AK:sig')).toThrow(/algorithm/);
    expect(() =>
      parseAuthorizationHeader(
        'AWS4-HMAC-SHA256 Credential=AK/20130524/us-east-1/s3/aws4_request, Signature=' + 'a'.repeat(64),
      ),
    ).toThrow(/SignedHeaders/);
    expect(() =>
      parseAuthorizationHeader(
        'AWS4-HMAC-SHA256 Credential=AK/2013/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=' +
          'a'.repeat(64),
      ),
    ).toThrow(/date/);
    expect(() =>
      parseAuthorizationHeader(
        'AWS4-HMAC-SHA256 Credential=AK/20130524/us-east-1/s3/aws4_request, SignedHeaders=host, Signature=xyz',
      ),
    ).toThrow(/hex/);
    expect(() => parseCredential('AK/20130524/us-east-1/s3/aws5_request')).toThrow(/aws4_request/);
  });
  it('credentialScope', () => {
    expect(credentialScope('20130524', 'us-east-1', 's3')).toBe(SCOPE);
  });
});

describe('AWS POST policy example (sigv4-post-example)', () => {
  it('signs the documented base64 policy', () => {
    // https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-post-example.html
    const policy =
      'eyAiZXhwaXJhdGlvbiI6ICIyMDE1LTEyLTMwVDEyOjAwOjAwLjAwMFoiLA0KICAiY29uZGl0aW9ucyI6IFsNCiAgICB7ImJ1Y2tldCI6ICJzaWd2NGV4YW1wbGVidWNrZXQifSwNCiAgICBbInN0YXJ0cy13aXRoIiwgIiRrZXkiLCAidXNlci91c2VyMS8iXSwNCiAgICB7ImFjbCI6ICJwdWJsaWMtcmVhZCJ9LA0KICAgIHsic3VjY2Vzc19hY3Rpb25fcmVkaXJlY3QiOiAiaHR0cDovL3NpZ3Y0ZXhhbXBsZWJ1Y2tldC5zMy5hbWF6b25hd3MuY29tL3N1Y2Nlc3NmdWxfdXBsb2FkLmh0bWwifSwNCiAgICBbInN0YXJ0cy13aXRoIiwgIiRDb250ZW50LVR5cGUiLCAiaW1hZ2UvIl0sDQogICAgeyJ4LWFtei1tZXRhLXV1aWQiOiAiMTQzNjUxMjM2NTEyNzQifSwNCiAgICB7IngtYW16LXNlcnZlci1zaWRlLWVuY3J5cHRpb24iOiAiQUVTMjU2In0sDQogICAgWyJzdGFydHMtd2l0aCIsICIkeC1hbXotbWV0YS10YWciLCAiIl0sDQoNCiAgICB7IngtYW16LWNyZWRlbnRpYWwiOiAiQUtJQUlPU0ZPRE5ON0VYQU1QTEUvMjAxNTEyMjkvdXMtZWFzdC0xL3MzL2F3czRfcmVxdWVzdCJ9LA0KICAgIHsieC1hbXotYWxnb3JpdGhtIjogIkFXUzQtSE1BQy1TSEEyNTYifSwNCiAgICB7IngtYW16LWRhdGUiOiAiMjAxNTEyMjlUMDAwMDAwWiIgfQ0KICBdDQp9';
    const key = deriveSigningKey(SK, '20151229', 'us-east-1', 's3');
    expect(postPolicySignature(policy, key)).toBe(
      '8afdbf4008c03f22c2cd3cdb72e4afbb1f6a588f3255ac628749a66d7f09699e',
    );
  });
});
