/**
 * The package format on its own: sizes, round trips of every size class, every range around
 * package boundaries (one stream and several, with an empty one between), and the attacks the
 * format must detect — a flipped bit, truncation at a package boundary, reordered packages, a
 * package spliced in from another stream, a wrong part number or object key. Each for both format
 * versions (64 KiB and 1 MiB packages); a stream read under the other version fails.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { decryptSlices, EncryptStream } from './package-cipher.js';
import {
  encryptedSize,
  FORMAT_V1,
  FORMAT_V2,
  HEADER_SIZE,
  plaintextSize,
  type PackageFormat,
} from './package-format.js';
import { rangePlan, wholePlan, type StoredStream } from './read-plan.js';
import { ObjectTampered } from './errors.js';

async function encrypt(
  format: PackageFormat,
  objectKey: Buffer,
  partNumber: number,
  plain: Buffer,
  chunk = 10_000,
): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for (let i = 0; i < plain.length; i += chunk) pieces.push(plain.subarray(i, i + chunk));
  const out: Buffer[] = [];
  for await (const c of Readable.from(pieces).pipe(new EncryptStream(objectKey, partNumber, format)))
    out.push(c as Buffer);
  return Buffer.concat(out);
}

async function decrypt(
  format: PackageFormat,
  stored: Buffer,
  objectKey: Buffer,
  streams: StoredStream[],
  range?: [number, number],
): Promise<Buffer> {
  const plan =
    range === undefined ? wholePlan(streams, format) : rangePlan(streams, range[0], range[1], format);
  const slices = plan.slices.map((s) => ({ ...s }));
  if (plan.saltAt !== undefined && slices[0] !== undefined)
    slices[0].salt = stored.subarray(plan.saltAt, plan.saltAt + HEADER_SIZE);
  const bytes = plan.stored === undefined ? stored : stored.subarray(plan.stored.start, plan.stored.end + 1);
  // Deliver the stored bytes in odd-sized chunks, as drives do.
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 7777) chunks.push(bytes.subarray(i, i + 7777));
  const out: Buffer[] = [];
  for await (const c of decryptSlices(
    Readable.from(chunks),
    objectKey,
    format,
    slices,
    plan.skip,
    plan.length,
  ))
    out.push(c);
  return Buffer.concat(out);
}

function boundaries(size: number, P: number): number[] {
  const points = new Set<number>([0, 1, size - 2, size - 1]);
  for (let b = P; b < size + P; b += P) for (const d of [-1, 0, 1]) points.add(b + d);
  return [...points].filter((p) => p >= 0 && p < size).sort((a, b) => a - b);
}

describe.each([FORMAT_V1, FORMAT_V2])('format $version', (format) => {
  const P = format.packageSize;
  const SEALED_PACKAGE_SIZE = format.sealedPackageSize;

  describe('sizes', () => {
    it('maps plaintext sizes to stored sizes and back', () => {
      expect(encryptedSize(0, format)).toBe(HEADER_SIZE + 16);
      expect(encryptedSize(P, format)).toBe(HEADER_SIZE + P + 16);
      expect(encryptedSize(P + 1, format)).toBe(HEADER_SIZE + P + 1 + 32);
      for (const n of [0, 1, 15, 16, P - 1, P, P + 1, 2 * P, 5 * P + 3, 5 * 1024 * 1024 + 7]) {
        expect(plaintextSize(encryptedSize(n, format), format)).toBe(n);
      }
      // Stored sizes no plaintext produces (a cut inside a tag or the header) are recognised.
      expect(plaintextSize(HEADER_SIZE + 15, format)).toBeUndefined();
      expect(plaintextSize(HEADER_SIZE + SEALED_PACKAGE_SIZE + 5, format)).toBeUndefined();
    });
  });

  describe('round trips', () => {
    it('returns every size class unchanged, and the stored bytes are not the plaintext', async () => {
      const key = randomBytes(32);
      for (const n of [0, 1, P - 1, P, P + 1, 3 * P + 100]) {
        const plain = randomBytes(n);
        const stored = await encrypt(format, key, 0, plain);
        expect(stored.length).toBe(encryptedSize(n, format));
        if (n >= 16) expect(stored.includes(plain.subarray(0, 16))).toBe(false);
        expect(
          (
            await decrypt(format, stored, key, [{ partNumber: 0, plainSize: n, storedSize: stored.length }])
          ).equals(plain),
        ).toBe(true);
      }
    });

    it('encrypts the same plaintext differently each time (fresh salt per stream)', async () => {
      const key = randomBytes(32);
      const plain = Buffer.alloc(1000, 7);
      expect((await encrypt(format, key, 0, plain)).equals(await encrypt(format, key, 0, plain))).toBe(false);
    });
  });

  describe('ranges', () => {
    it('answers every range between package-boundary points of one stream', async () => {
      const key = randomBytes(32);
      const plain = randomBytes(3 * P + 100);
      const stored = await encrypt(format, key, 0, plain);
      const streams = [{ partNumber: 0, plainSize: plain.length, storedSize: stored.length }];
      const points = boundaries(plain.length, P);
      for (const start of points) {
        for (const end of points) {
          if (end < start) continue;
          const got = await decrypt(format, stored, key, streams, [start, end]);
          expect(got.equals(plain.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
        }
      }
    });

    it('answers ranges across parts, with an empty part between', async () => {
      const key = randomBytes(32);
      const parts = [randomBytes(P + 10), Buffer.alloc(0), randomBytes(2 * P), randomBytes(5)];
      const storedParts = await Promise.all(parts.map((p, i) => encrypt(format, key, i + 1, p)));
      const stored = Buffer.concat(storedParts);
      const plain = Buffer.concat(parts);
      const streams = parts.map((p, i) => ({
        partNumber: i + 1,
        plainSize: p.length,
        storedSize: storedParts[i]?.length ?? 0,
      }));
      expect((await decrypt(format, stored, key, streams)).equals(plain)).toBe(true);
      const points = boundaries(plain.length, P);
      for (const start of points) {
        for (const end of points) {
          if (end < start) continue;
          const got = await decrypt(format, stored, key, streams, [start, end]);
          expect(got.equals(plain.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
        }
      }
    });
  });

  describe('tampering', () => {
    const key = randomBytes(32);
    const plain = randomBytes(3 * P);
    const one = (stored: Buffer, plainSize = plain.length): StoredStream[] => [
      { partNumber: 0, plainSize, storedSize: stored.length },
    ];

    it('detects a flipped bit in a package, in a tag and in the salt', async () => {
      const stored = await encrypt(format, key, 0, plain);
      for (const at of [HEADER_SIZE + P + 5, HEADER_SIZE + P + 3, HEADER_SIZE + SEALED_PACKAGE_SIZE - 1, 3]) {
        const bad = Buffer.from(stored);
        bad[at] = (bad[at] ?? 0) ^ 1;
        await expect(decrypt(format, bad, key, one(bad))).rejects.toBeInstanceOf(ObjectTampered);
      }
      // A range read that includes the flipped package fails too.
      const bad = Buffer.from(stored);
      bad[HEADER_SIZE + SEALED_PACKAGE_SIZE + 10] = (bad[HEADER_SIZE + SEALED_PACKAGE_SIZE + 10] ?? 0) ^ 1;
      await expect(decrypt(format, bad, key, one(bad), [P + 1, P + 2])).rejects.toBeInstanceOf(
        ObjectTampered,
      );
    });

    it('detects truncation at a package boundary (the last package left is not final)', async () => {
      const stored = await encrypt(format, key, 0, plain);
      const cut = stored.subarray(0, HEADER_SIZE + 2 * SEALED_PACKAGE_SIZE);
      await expect(decrypt(format, cut, key, one(cut, 2 * P))).rejects.toBeInstanceOf(ObjectTampered);
      // And a stored body shorter than the metadata says.
      await expect(decrypt(format, cut, key, one(stored))).rejects.toBeInstanceOf(ObjectTampered);
    });

    it('detects reordered packages and a package spliced in from another stream', async () => {
      const stored = await encrypt(format, key, 0, plain);
      const pkg = (b: Buffer, i: number): Buffer =>
        b.subarray(HEADER_SIZE + i * SEALED_PACKAGE_SIZE, HEADER_SIZE + (i + 1) * SEALED_PACKAGE_SIZE);
      const swapped = Buffer.concat([
        stored.subarray(0, HEADER_SIZE),
        pkg(stored, 1),
        pkg(stored, 0),
        pkg(stored, 2),
      ]);
      await expect(decrypt(format, swapped, key, one(swapped))).rejects.toBeInstanceOf(ObjectTampered);
      const other = await encrypt(format, key, 0, plain);
      const spliced = Buffer.concat([
        stored.subarray(0, HEADER_SIZE),
        pkg(stored, 0),
        pkg(other, 1),
        pkg(stored, 2),
      ]);
      await expect(decrypt(format, spliced, key, one(spliced))).rejects.toBeInstanceOf(ObjectTampered);
    });

    it('does not open under another part number or object key', async () => {
      const stored = await encrypt(format, key, 2, plain);
      await expect(
        decrypt(format, stored, key, [{ partNumber: 3, plainSize: plain.length, storedSize: stored.length }]),
      ).rejects.toBeInstanceOf(ObjectTampered);
      await expect(
        decrypt(format, stored, randomBytes(32), [
          { partNumber: 2, plainSize: plain.length, storedSize: stored.length },
        ]),
      ).rejects.toBeInstanceOf(ObjectTampered);
    });
  });

  it('does not open a stream under the other format version', async () => {
    const other = format === FORMAT_V1 ? FORMAT_V2 : FORMAT_V1;
    const key = randomBytes(32);
    const plain = randomBytes(100);
    const stored = await encrypt(format, key, 0, plain);
    // 100 bytes are one package in both versions: only the key binding can tell them apart.
    await expect(
      decrypt(other, stored, key, [{ partNumber: 0, plainSize: 100, storedSize: stored.length }]),
    ).rejects.toBeInstanceOf(ObjectTampered);
  });
});
