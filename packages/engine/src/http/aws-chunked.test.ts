/**
 * aws-chunked decoding, checked against AWS's published streaming example
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-streaming.html: 64 KiB + 1 KiB of 'a',
 * seed 4f232c43…, chunk signatures ad80c730…, 0055627c…, b6c6ea8a…) and the trailer example
 * (sigv4-streaming-trailers.html: seed 106e2a8a…, trailer x-amz-checksum-crc32c:sOO8/Q==, trailer
 * signature d81f82fc…), fed whole, one byte at a time and in random splits.
 */
import { describe, expect, it } from 'vitest';
import { deriveSigningKey } from '@coffer/protocol';
import { AwsChunkedDecoder, encodeAwsChunked, type AwsChunkedOptions } from './aws-chunked.js';

const KEY = deriveSigningKey('wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', '20130524', 'us-east-1', 's3');
const SIGNING = {
  key: KEY,
  amzDate: '20130524T000000Z',
  scope: '20130524/us-east-1/s3/aws4_request',
  seedSignature: '4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9',
};

const AWS_BODY = Buffer.concat([
  Buffer.from('10000;chunk-signature=ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648\r\n'),
  Buffer.alloc(65536, 'a'),
  Buffer.from('\r\n400;chunk-signature=0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497\r\n'),
  Buffer.alloc(1024, 'a'),
  Buffer.from(
    '\r\n0;chunk-signature=b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9\r\n\r\n',
  ),
]);

const TRAILER_BODY = Buffer.concat([
  Buffer.from('10000;chunk-signature=b474d8862b1487a5145d686f57f013e54db672cee1c953b3010fb58501ef5aa2\r\n'),
  Buffer.alloc(65536, 'a'),
  Buffer.from('\r\n400;chunk-signature=1c1344b170168f8e65b41376b44b20fe354e373826ccbbe2c1d40a8cae51e5c7\r\n'),
  Buffer.alloc(1024, 'a'),
  Buffer.from('\r\n0;chunk-signature=2ca2aba2005185cf7159c6277faf83795951dd77a3a99e6e65d5c9f85863f992\r\n'),
  Buffer.from('x-amz-checksum-crc32c:sOO8/Q==\r\n'),
  Buffer.from(
    'x-amz-trailer-signature:d81f82fc3505edab99d459891051a732e8730629a2e4a59689829ca17fe2e435\r\n\r\n',
  ),
]);

interface Outcome {
  data: Buffer;
  error?: Error;
  trailers: Record<string, string>;
  errorBeforeData: boolean;
}

/** Feeds `pieces` to a decoder (respecting backpressure) and collects its output or error. */
async function decode(options: AwsChunkedOptions, pieces: Buffer[]): Promise<Outcome> {
  const d = new AwsChunkedDecoder(options);
  const out: Buffer[] = [];
  d.on('data', (c: Buffer) => out.push(c));
  const done = new Promise<Error | undefined>((resolve) => {
    d.on('end', () => resolve(undefined));
    d.on('error', (e) => resolve(e));
  });
  for (const p of pieces) {
    if (d.destroyed) break;
    if (!d.write(p)) await new Promise((r) => setImmediate(r));
  }
  if (!d.destroyed) d.end();
  const error = await done;
  const data = Buffer.concat(out);
  return { data, trailers: d.trailers(), errorBeforeData: data.length === 0, ...(error ? { error } : {}) };
}

function splitEvery(buf: Buffer, n: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < buf.length; i += n) out.push(buf.subarray(i, i + n));
  return out;
}

/** Deterministic pseudo-random split points (xorshift), so failures reproduce. */
function splitRandom(buf: Buffer, seed: number): Buffer[] {
  let x = seed;
  const out: Buffer[] = [];
  let i = 0;
  while (i < buf.length) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const n = 1 + (Math.abs(x) % 3000);
    out.push(buf.subarray(i, i + n));
    i += n;
  }
  return out;
}

const signed = (n = 66560): AwsChunkedOptions => ({
  mode: 'signed',
  signing: SIGNING,
  decodedContentLength: n,
});

describe('AwsChunkedDecoder', () => {
  it('decodes the AWS example whole, byte by byte and in random splits', async () => {
    const expected = Buffer.alloc(66560, 'a');
    for (const pieces of [
      [AWS_BODY],
      splitEvery(AWS_BODY, 1),
      splitEvery(AWS_BODY, 7),
      splitRandom(AWS_BODY, 42),
      splitRandom(AWS_BODY, 7),
    ]) {
      const r = await decode(signed(), pieces);
      expect(r.error).toBeUndefined();
      expect(r.data.equals(expected)).toBe(true);
    }
  });

  it('decodes the AWS signed-trailer example and exposes the trailer', async () => {
    const options: AwsChunkedOptions = {
      mode: 'signed-trailer',
      signing: {
        ...SIGNING,
        seedSignature: '106e2a8a18243abcf37539882f36619c00e2dfc72633413f02d3b74544bfeb8e',
      },
      decodedContentLength: 66560,
    };
    for (const pieces of [[TRAILER_BODY], splitEvery(TRAILER_BODY, 1), splitRandom(TRAILER_BODY, 3)]) {
      const r = await decode(options, pieces);
      expect(r.error).toBeUndefined();
      expect(r.data.length).toBe(66560);
      expect(r.trailers).toEqual({ 'x-amz-checksum-crc32c': 'sOO8/Q==' });
    }
    // A changed trailer value no longer matches the trailer signature.
    const forged = Buffer.from(TRAILER_BODY.toString('latin1').replace('sOO8/Q==', 'AAAAAA=='), 'latin1');
    expect((await decode(options, [forged])).error?.name).toBe('SignatureDoesNotMatch');
  });

  it('rejects a tampered chunk without emitting its data', async () => {
    const bad = Buffer.from(AWS_BODY);
    bad[200] = 'b'.charCodeAt(0); // inside the first chunk's data
    const r = await decode(signed(), splitRandom(bad, 9));
    expect(r.error?.name).toBe('SignatureDoesNotMatch');
    expect(r.errorBeforeData).toBe(true);
  });

  it('rejects a wrong seed, a swapped signature and a missing signature', async () => {
    expect(
      (await decode({ ...signed(), signing: { ...SIGNING, seedSignature: 'f'.repeat(64) } }, [AWS_BODY]))
        .error?.name,
    ).toBe('SignatureDoesNotMatch');
    const swapped = Buffer.from(AWS_BODY.toString('latin1').replace('b6c6ea8a', 'b6c6ea8b'), 'latin1');
    expect((await decode(signed(), [swapped])).error?.name).toBe('SignatureDoesNotMatch');
    const unsignedFraming = encodeAwsChunked(Buffer.alloc(10, 'x'), { chunkSize: 4 }).body;
    expect((await decode(signed(10), [unsignedFraming])).error?.name).toBe('MalformedChunkedEncoding');
  });

  it('rejects truncation, bad framing, wrong decoded length and trailing garbage', async () => {
    expect((await decode(signed(), [AWS_BODY.subarray(0, 5000)])).error?.name).toBe('IncompleteBody');
    expect((await decode(signed(), [AWS_BODY.subarray(0, AWS_BODY.length - 4)])).error?.name).toBe(
      'IncompleteBody',
    );
    expect((await decode(signed(66559), [AWS_BODY])).error?.name).toBe('IncompleteBody');
    expect((await decode(signed(70000), [AWS_BODY])).error?.name).toBe('IncompleteBody');
    expect((await decode(signed(), [AWS_BODY, Buffer.from('xx')])).error?.name).toBe(
      'MalformedChunkedEncoding',
    );
    const noCrlf = Buffer.from(AWS_BODY.toString('latin1').replace('a\r\n400;', 'aX\n400;'), 'latin1');
    expect((await decode(signed(), [noCrlf])).error?.name).toBe('MalformedChunkedEncoding');
    const badSize = Buffer.from('zz;chunk-signature=' + 'a'.repeat(64) + '\r\n');
    expect((await decode(signed(), [badSize])).error?.name).toBe('MalformedChunkedEncoding');
    expect((await decode(signed(), [Buffer.alloc(9000, 'a')])).error?.name).toBe('MalformedChunkedEncoding');
  });

  it('decodes unsigned bodies with checksum trailers (STREAMING-UNSIGNED-PAYLOAD-TRAILER)', async () => {
    const data = Buffer.from(Array.from({ length: 200_000 }, (_, i) => i % 256));
    const { body } = encodeAwsChunked(data, {
      chunkSize: 65536,
      trailers: { 'x-amz-checksum-crc32': 'AAAAAA==' },
    });
    for (const pieces of [[body], splitRandom(body, 5), splitEvery(body.subarray(body.length - 200), 1)]) {
      const input =
        pieces.length > 0 && pieces[0]?.length === 1
          ? [body.subarray(0, body.length - 200), ...pieces]
          : pieces;
      const r = await decode({ mode: 'unsigned-trailer', decodedContentLength: data.length }, input);
      expect(r.error).toBeUndefined();
      expect(r.data.equals(data)).toBe(true);
      expect(r.trailers).toEqual({ 'x-amz-checksum-crc32': 'AAAAAA==' });
    }
    // As the AWS SDK writes it: "0\r\n" + trailer + "\r\n\r\n"; also accepted without the final empty line.
    const sdk = Buffer.from('5\r\nhello\r\n0\r\nx-amz-checksum-crc32:NhCmhg==\r\n');
    const r = await decode({ mode: 'unsigned-trailer', decodedContentLength: 5 }, [sdk]);
    expect(r.error).toBeUndefined();
    expect(r.data.toString()).toBe('hello');
    expect(r.trailers['x-amz-checksum-crc32']).toBe('NhCmhg==');
  });

  it('round-trips a multi-MiB signed body through encodeAwsChunked', async () => {
    const data = Buffer.alloc(5 * 1024 * 1024 + 123);
    for (let i = 0; i < data.length; i += 4096) data[i] = i & 0xff;
    const { body } = encodeAwsChunked(data, {
      chunkSize: 1 << 20,
      signing: SIGNING,
      trailers: { 'x-amz-checksum-sha256': 'abc=' },
    });
    const r = await decode(
      { mode: 'signed-trailer', signing: SIGNING, decodedContentLength: data.length },
      splitRandom(body, 11),
    );
    expect(r.error).toBeUndefined();
    expect(r.data.equals(data)).toBe(true);
    expect(r.trailers).toEqual({ 'x-amz-checksum-sha256': 'abc=' });
  });
});
