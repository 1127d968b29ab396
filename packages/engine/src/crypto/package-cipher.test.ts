/**
 * The package format on its own: sizes, round trips of every size class, every range around
 * package boundaries (one stream and several, with an empty one between), and the attacks the
 * format must detect — a flipped bit, truncation at a package boundary, reordered packages, a
 * package spliced in from another stream, a wrong part number or object key.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { decryptSlices, EncryptStream } from './package-cipher.js';
import {
  encryptedSize,
  HEADER_SIZE,
  PACKAGE_SIZE,
  plaintextSize,
  SEALED_PACKAGE_SIZE,
} from './package-format.js';
import { rangePlan, wholePlan, type StoredStream } from './read-plan.js';
import { ObjectTampered } from './errors.js';

const P = PACKAGE_SIZE;

async function encrypt(
  objectKey: Buffer,
  partNumber: number,
  plain: Buffer,
  chunk = 10_000,
): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for (let i = 0; i < plain.length; i += chunk) pieces.push(plain.subarray(i, i + chunk));
  const out: Buffer[] = [];
  for await (const c of Readable.from(pieces).pipe(new EncryptStream(objectKey, partNumber)))
    out.push(c as Buffer);
  return Buffer.concat(out);
}

async function decrypt(
  stored: Buffer,
  objectKey: Buffer,
  streams: StoredStream[],
  range?: [number, number],
): Promise<Buffer> {
  const plan = range === undefined ? wholePlan(streams) : rangePlan(streams, range[0], range[1]);
  const slices = plan.slices.map((s) => ({ ...s }));
  if (plan.saltAt !== undefined && slices[0] !== undefined)
    slices[0].salt = stored.subarray(plan.saltAt, plan.saltAt + HEADER_SIZE);
  const bytes = plan.stored === undefined ? stored : stored.subarray(plan.stored.start, plan.stored.end + 1);
  // Deliver the stored bytes in odd-sized chunks, as drives do.
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 7777) chunks.push(bytes.subarray(i, i + 7777));
  const out: Buffer[] = [];
  for await (const c of decryptSlices(Readable.from(chunks), objectKey, slices, plan.skip, plan.length))
    out.push(c);
  return Buffer.concat(out);
}

function boundaries(size: number): number[] {
  const points = new Set<number>([0, 1, size - 2, size - 1]);
  for (let b = P; b < size + P; b += P) for (const d of [-1, 0, 1]) points.add(b + d);
  return [...points].filter((p) => p >= 0 && p < size).sort((a, b) => a - b);
}

describe('sizes', () => {
  it('maps plaintext sizes to stored sizes and back', () => {
    expect(encryptedSize(0)).toBe(HEADER_SIZE + 16);
    expect(encryptedSize(P)).toBe(HEADER_SIZE + P + 16);
    expect(encryptedSize(P + 1)).toBe(HEADER_SIZE + P + 1 + 32);
    for (const n of [0, 1, 15, 16, P - 1, P, P + 1, 2 * P, 5 * P + 3, 5 * 1024 * 1024 + 7]) {
      expect(plaintextSize(encryptedSize(n))).toBe(n);
    }
    // Stored sizes no plaintext produces (a cut inside a tag or the header) are recognised.
    expect(plaintextSize(HEADER_SIZE + 15)).toBeUndefined();
    expect(plaintextSize(HEADER_SIZE + SEALED_PACKAGE_SIZE + 5)).toBeUndefined();
  });
});

describe('round trips', () => {
  it('returns every size class unchanged, and the stored bytes are not the plaintext', async () => {
    const key = randomBytes(32);
    for (const n of [0, 1, P - 1, P, P + 1, 3 * P + 100]) {
      const plain = randomBytes(n);
      const stored = await encrypt(key, 0, plain);
      expect(stored.length).toBe(encryptedSize(n));
      if (n >= 16) expect(stored.includes(plain.subarray(0, 16))).toBe(false);
      expect(
        (await decrypt(stored, key, [{ partNumber: 0, plainSize: n, storedSize: stored.length }])).equals(
          plain,
        ),
      ).toBe(true);
    }
  });

  it('encrypts the same plaintext differently each time (fresh salt per stream)', async () => {
    const key = randomBytes(32);
    const plain = Buffer.alloc(1000, 7);
    expect((await encrypt(key, 0, plain)).equals(await encrypt(key, 0, plain))).toBe(false);
  });
});

describe('ranges', () => {
  it('answers every range between package-boundary points of one stream', async () => {
    const key = randomBytes(32);
    const plain = randomBytes(3 * P + 100);
    const stored = await encrypt(key, 0, plain);
    const streams = [{ partNumber: 0, plainSize: plain.length, storedSize: stored.length }];
    const points = boundaries(plain.length);
    for (const start of points) {
      for (const end of points) {
        if (end < start) continue;
        const got = await decrypt(stored, key, streams, [start, end]);
        expect(got.equals(plain.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
      }
    }
  });

  it('answers ranges across parts, with an empty part between', async () => {
    const key = randomBytes(32);
    const parts = [randomBytes(P + 10), Buffer.alloc(0), randomBytes(2 * P), randomBytes(5)];
    const storedParts = await Promise.all(parts.map((p, i) => encrypt(key, i + 1, p)));
    const stored = Buffer.concat(storedParts);
    const plain = Buffer.concat(parts);
    const streams = parts.map((p, i) => ({
      partNumber: i + 1,
      plainSize: p.length,
      storedSize: storedParts[i]?.length ?? 0,
    }));
    expect((await decrypt(stored, key, streams)).equals(plain)).toBe(true);
    const points = boundaries(plain.length);
    for (const start of points) {
      for (const end of points) {
        if (end < start) continue;
        const got = await decrypt(stored, key, streams, [start, end]);
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
    const stored = await encrypt(key, 0, plain);
    for (const at of [HEADER_SIZE + P + 5, HEADER_SIZE + P + 3, HEADER_SIZE + SEALED_PACKAGE_SIZE - 1, 3]) {
      const bad = Buffer.from(stored);
      bad[at] = (bad[at] ?? 0) ^ 1;
      await expect(decrypt(bad, key, one(bad))).rejects.toBeInstanceOf(ObjectTampered);
    }
    // A range read that includes the flipped package fails too.
    const bad = Buffer.from(stored);
    bad[HEADER_SIZE + SEALED_PACKAGE_SIZE + 10] = (bad[HEADER_SIZE + SEALED_PACKAGE_SIZE + 10] ?? 0) ^ 1;
    await expect(decrypt(bad, key, one(bad), [P + 1, P + 2])).rejects.toBeInstanceOf(ObjectTampered);
  });

  it('detects truncation at a package boundary (the last package left is not final)', async () => {
    const stored = await encrypt(key, 0, plain);
    const cut = stored.subarray(0, HEADER_SIZE + 2 * SEALED_PACKAGE_SIZE);
    await expect(decrypt(cut, key, one(cut, 2 * P))).rejects.toBeInstanceOf(ObjectTampered);
    // And a stored body shorter than the metadata says.
    await expect(decrypt(cut, key, one(stored))).rejects.toBeInstanceOf(ObjectTampered);
  });

  it('detects reordered packages and a package spliced in from another stream', async () => {
    const stored = await encrypt(key, 0, plain);
    const pkg = (b: Buffer, i: number): Buffer =>
      b.subarray(HEADER_SIZE + i * SEALED_PACKAGE_SIZE, HEADER_SIZE + (i + 1) * SEALED_PACKAGE_SIZE);
    const swapped = Buffer.concat([
      stored.subarray(0, HEADER_SIZE),
      pkg(stored, 1),
      pkg(stored, 0),
      pkg(stored, 2),
    ]);
    await expect(decrypt(swapped, key, one(swapped))).rejects.toBeInstanceOf(ObjectTampered);
    const other = await encrypt(key, 0, plain);
    const spliced = Buffer.concat([
      stored.subarray(0, HEADER_SIZE),
      pkg(stored, 0),
      pkg(other, 1),
      pkg(stored, 2),
    ]);
    await expect(decrypt(spliced, key, one(spliced))).rejects.toBeInstanceOf(ObjectTampered);
  });

  it('does not open under another part number or object key', async () => {
    const stored = await encrypt(key, 2, plain);
    await expect(
      decrypt(stored, key, [{ partNumber: 3, plainSize: plain.length, storedSize: stored.length }]),
    ).rejects.toBeInstanceOf(ObjectTampered);
    await expect(
      decrypt(stored, randomBytes(32), [
        { partNumber: 2, plainSize: plain.length, storedSize: stored.length },
      ]),
    ).rejects.toBeInstanceOf(ObjectTampered);
  });
});
