/**
 * Both stream format versions through the decorator over the real erasure layer (four temp
 * drives): objects and multipart uploads written in format 1 — as the engine wrote them before
 * format 2 existed: no format field, 64 KiB packages — stay readable whole, in ranges and by part
 * number, under SSE-S3, SSE-KMS and SSE-C; parts uploaded now to an upload begun in format 1 are
 * written in format 1; new objects, new uploads and re-encrypting copies of format-1 objects are
 * written in format 2; a flipped or unknown format field is refused as tampered, not misread.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openObjectLayer } from '../object-layer/index.js';
import type { ErasureObjectLayer } from '../object-layer/erasure-object-layer.js';
import type { EncryptionRequest, GetObjectOptions, ObjectLayer } from '../object-layer/types.js';
import { BuiltinKms } from '../kms/index.js';
import { withEncryption } from './encrypting-object-layer.js';
import { newSealedKey } from './key-access.js';
import { EncryptStream } from './package-cipher.js';
import { CURRENT_FORMAT, FORMAT_V1, FORMAT_V2, encryptedSize, type PackageFormat } from './package-format.js';
import { F } from './sse-fields.js';
import { ObjectTampered } from './errors.js';

const MiB = 1024 * 1024;
const BUCKET = 'formats';
let root: string;
let inner: ErasureObjectLayer;
let layer: ObjectLayer;
let kms: BuiltinKms;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'coffer-sse-formats-'));
  const drives = [1, 2, 3, 4].map((i) => join(root, `d${i}`));
  ({ layer: inner } = await openObjectLayer({ drives, driveCheckIntervalMs: 60_000 }));
  kms = new BuiltinKms({ name: 'test-master', material: randomBytes(32) }, { store: inner });
  await kms.createKey('named', 'root');
  layer = withEncryption(inner, kms);
  await layer.makeBucket(BUCKET);
});
afterAll(async () => {
  await layer.close();
  await rm(root, { recursive: true, force: true });
});

async function readAll(stream: AsyncIterable<Buffer | Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

const customerKey = randomBytes(32);
const requests: [string, EncryptionRequest][] = [
  ['SSE-S3', { kind: 'SSE-S3' }],
  ['SSE-KMS', { kind: 'SSE-KMS', keyId: 'named' }],
  ['SSE-C', { kind: 'SSE-C', customerKey }],
];
const readOptions = (request: EncryptionRequest): GetObjectOptions =>
  request.kind === 'SSE-C' ? { customerKey } : {};

/** The key fields of a format-1 write: what the engine recorded before format 2 (no format field). */
async function formatOneKey(
  key: string,
  request: EncryptionRequest,
): Promise<{ objectKey: Buffer; fields: Record<string, string> }> {
  const { objectKey, fields } = await newSealedKey(kms, BUCKET, key, request);
  delete fields[F.format];
  return { objectKey, fields };
}

/** One stored stream of `plain` in `format` (the inline cipher, as small bodies use). */
async function sealStream(objectKey: Buffer, partNumber: number, plain: Buffer, format: PackageFormat) {
  return readAll(Readable.from([plain]).pipe(new EncryptStream(objectKey, partNumber, format)));
}

/** A single-PUT object written in format 1, straight into the erasure layer. */
async function putFormatOne(key: string, plain: Buffer, request: EncryptionRequest): Promise<void> {
  const { objectKey, fields } = await formatOneKey(key, request);
  const stored = await sealStream(objectKey, 0, plain, FORMAT_V1);
  const internal = {
    ...fields,
    [F.size]: String(plain.length),
    [F.etag]: createHash('md5').update(plain).digest('hex'),
  };
  await inner.putObject(BUCKET, key, Readable.from([stored]), {
    size: stored.length,
    metadata: { internal },
  });
}

/** The plaintext ranges every read path is checked with: around both versions' package edges. */
function rangesOf(size: number): [number, number][] {
  const points = [0, 1, 65_535, 65_536, 65_537, 3 * 65_536 + 5, MiB - 1, MiB, MiB + 1, size - 2, size - 1];
  const within = points.filter((p) => p >= 0 && p < size);
  const out: [number, number][] = [];
  for (const start of within) for (const end of within) if (end >= start) out.push([start, end]);
  return out;
}

async function expectReads(key: string, plain: Buffer, request: EncryptionRequest): Promise<void> {
  const options = readOptions(request);
  const whole = await layer.getObject(BUCKET, key, options);
  expect(whole.info.size).toBe(plain.length);
  expect((await readAll(whole.stream)).equals(plain), `${key} whole`).toBe(true);
  for (const [start, end] of rangesOf(plain.length)) {
    const got = await layer.getObject(BUCKET, key, { ...options, range: { start, end } });
    expect((await readAll(got.stream)).equals(plain.subarray(start, end + 1)), `${key} ${start}-${end}`).toBe(
      true,
    );
  }
}

async function storedFormat(key: string): Promise<string | undefined> {
  return (await inner.getObjectInfo(BUCKET, key)).internal[F.format];
}

describe.each(requests)('format versions under %s', (kind, request) => {
  it('reads a format-1 object whole and in ranges, and new writes are format 2', async () => {
    const plain = randomBytes(2 * MiB + 70_000);
    await putFormatOne(`old-${kind}`, plain, request);
    expect((await inner.getObjectInfo(BUCKET, `old-${kind}`)).size).toBe(
      encryptedSize(plain.length, FORMAT_V1),
    );
    expect(await storedFormat(`old-${kind}`)).toBeUndefined();
    await expectReads(`old-${kind}`, plain, request);

    // A copy re-encrypts (read through the decorator, written through it): format 2.
    const source = await layer.getObject(BUCKET, `old-${kind}`, readOptions(request));
    await layer.putObject(BUCKET, `copy-${kind}`, source.stream, { size: plain.length, encryption: request });
    expect(await storedFormat(`copy-${kind}`)).toBe(String(FORMAT_V2.version));
    expect((await inner.getObjectInfo(BUCKET, `copy-${kind}`)).size).toBe(
      encryptedSize(plain.length, FORMAT_V2),
    );
    await expectReads(`copy-${kind}`, plain, request);
  });

  it('finishes an upload begun in format 1 in format 1, and a new upload is format 2', async () => {
    const parts = [randomBytes(5 * MiB + 3), randomBytes(100 * 1024 + 1)];
    const plain = Buffer.concat(parts);
    const partOptions = request.kind === 'SSE-C' ? { customerKey } : {};
    for (const [which, format] of [
      ['old', FORMAT_V1],
      ['new', CURRENT_FORMAT],
    ] as const) {
      const key = `mp-${which}-${kind}`;
      let uploadId: string;
      if (which === 'old') {
        const { fields } = await formatOneKey(key, request);
        uploadId = await inner.newMultipartUpload(BUCKET, key, {
          metadata: { internal: { ...fields, [F.plainPartChecksums]: '1' } },
        });
      } else uploadId = await layer.newMultipartUpload(BUCKET, key, { encryption: request });
      const done = [];
      for (const [i, part] of parts.entries()) {
        const info = await layer.putObjectPart(BUCKET, key, uploadId, i + 1, Readable.from([part]), {
          size: part.length,
          ...partOptions,
        });
        expect(info.size).toBe(part.length);
        done.push({ partNumber: i + 1, etag: info.etag });
      }
      const listed = await inner.listParts(BUCKET, key, uploadId, { maxParts: 10 });
      expect(listed.parts.map((p) => p.size)).toEqual(parts.map((p) => encryptedSize(p.length, format)));
      await layer.completeMultipartUpload(BUCKET, key, uploadId, done);
      expect(await storedFormat(key)).toBe(which === 'old' ? undefined : String(format.version));
      await expectReads(key, plain, request);
      const second = await layer.getObject(BUCKET, key, { ...readOptions(request), partNumber: 2 });
      expect((await readAll(second.stream)).equals(parts[1] as Buffer)).toBe(true);
    }
  });
});

describe('the format field', () => {
  it('refuses a version read under the wrong format, and an unknown one, as tampered', async () => {
    const plain = randomBytes(300_000);
    await layer.putObject(BUCKET, 'flip', Readable.from([plain]), {
      size: plain.length,
      encryption: { kind: 'SSE-S3' },
    });
    for (const value of ['1', '7']) {
      await inner.updateObjectMetadata(BUCKET, 'flip', undefined, (info) => {
        info.internal[F.format] = value;
      });
      const read = async (): Promise<Buffer> => readAll((await layer.getObject(BUCKET, 'flip')).stream);
      await expect(read()).rejects.toBeInstanceOf(ObjectTampered);
    }
  });
});
