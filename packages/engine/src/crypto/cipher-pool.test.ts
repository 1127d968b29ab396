/**
 * The cipher thread pool: each job's answer is its own (in order, whatever the threads finish
 * first), the worker's loops agree with the inline ones byte for byte, tag failures come back as
 * ObjectTampered without spoiling later jobs, inputs are taken over without copies, runs in
 * shared memory are sealed into the caller's buffer and opened in place, and `close` fails pending
 * and later jobs. Then the recycled run buffers, and whole streams of several runs through
 * EncryptStream and decryptSlices on the pool: round trips (also with every chunk handed back for
 * reuse as soon as it is copied, two streams sharing the buffers), ranges around run boundaries, a
 * tampered middle run — segmented opening and whole streams for both format versions.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { CipherPool, inlineCipher } from './cipher-pool.js';
import { ObjectTampered } from './errors.js';
import { decryptSlices, EncryptStream, RunBuffers, runPackages } from './package-cipher.js';
import { RUN_SIZE, SEALED_RUN_SIZE } from './run-buffers.js';
import { FORMAT_V1, FORMAT_V2, HEADER_SIZE, encryptedSize, type PackageFormat } from './package-format.js';
import { rangePlan, wholePlan, type StoredStream } from './read-plan.js';

/** Jobs and run buffers are tested with format 1's packages; streams with both formats. */
const P = FORMAT_V1.packageSize;
const SEALED_PACKAGE_SIZE = FORMAT_V1.sealedPackageSize;
const RUN = RUN_SIZE;
const pool = new CipherPool(2);
afterAll(() => pool.close());

/** A fresh ArrayBuffer-owning copy (the pool takes such inputs over). */
const own = (b: Uint8Array): Buffer => {
  const out = Buffer.allocUnsafeSlow(b.length);
  out.set(b);
  return out;
};

describe('jobs', () => {
  it('answers every job with its own result, equal to the inline cipher', async () => {
    const key = randomBytes(32);
    const sizes = [0, 1, P - 1, P, P + 1, 5 * P + 7, RUN, 3 * P, 100];
    const plains = sizes.map((n) => randomBytes(n));
    // All in flight at once over two threads; each first sequence differs, so a mix-up shows.
    const sealed = await Promise.all(plains.map((p, i) => pool.seal(key, P, i * 100, i % 2 === 0, own(p))));
    for (const [i, p] of plains.entries()) {
      const inline = await inlineCipher.seal(key, P, i * 100, i % 2 === 0, p);
      expect(sealed[i]?.equals(inline), `job ${i}`).toBe(true);
      expect(sealed[i]?.length).toBe(encryptedSize(p.length, FORMAT_V1) - HEADER_SIZE);
    }
    const opened = await Promise.all(
      sealed.map((s, i) => pool.open(key, P, i * 100, i % 2 === 0, own(s ?? Buffer.alloc(0)))),
    );
    for (const [i, p] of plains.entries()) expect(opened[i]?.equals(p), `job ${i}`).toBe(true);
  });

  it('fails a tampered run, a wrong final flag and a cut tag with ObjectTampered, and goes on', async () => {
    const key = randomBytes(32);
    const plain = randomBytes(3 * P);
    const sealed = await inlineCipher.seal(key, P, 0, true, plain);
    const flipped = own(sealed);
    flipped[SEALED_PACKAGE_SIZE + 9] = (flipped[SEALED_PACKAGE_SIZE + 9] ?? 0) ^ 1;
    await expect(pool.open(key, P, 0, true, flipped)).rejects.toBeInstanceOf(ObjectTampered);
    await expect(pool.open(key, P, 0, false, own(sealed))).rejects.toBeInstanceOf(ObjectTampered);
    await expect(pool.open(key, P, 1, true, own(sealed))).rejects.toBeInstanceOf(ObjectTampered);
    const cut = Buffer.concat([sealed, Buffer.alloc(5)]);
    await expect(inlineCipher.open(key, P, 0, true, cut)).rejects.toBeInstanceOf(ObjectTampered);
    await expect(pool.open(key, P, 0, true, own(cut))).rejects.toBeInstanceOf(ObjectTampered);
    await expect(inlineCipher.open(key, P, 0, true, Buffer.alloc(0))).rejects.toBeInstanceOf(ObjectTampered);
    await expect(pool.open(key, P, 0, true, own(Buffer.alloc(0)))).rejects.toBeInstanceOf(ObjectTampered);
    // The thread that refused them still serves.
    expect((await pool.open(key, P, 0, true, own(sealed))).equals(plain)).toBe(true);
  });

  it('takes a whole ArrayBuffer over, copies part of one, and reads a SharedArrayBuffer in place', async () => {
    const key = randomBytes(32);
    const whole = own(randomBytes(2 * P));
    const expected = await inlineCipher.seal(key, P, 0, true, whole);
    const moved = pool.seal(key, P, 0, true, whole);
    expect(whole.buffer.byteLength).toBe(0);
    expect((await moved).equals(expected)).toBe(true);

    const big = own(randomBytes(3 * P));
    const middle = big.subarray(P, 2 * P);
    const kept = Buffer.from(middle);
    const partial = await pool.seal(key, P, 4, false, middle);
    expect(big.length).toBe(3 * P);
    expect(middle.equals(kept)).toBe(true);
    expect(partial.equals(await inlineCipher.seal(key, P, 4, false, kept))).toBe(true);

    const shared = Buffer.from(new SharedArrayBuffer(4 * P));
    randomBytes(4 * P).copy(shared);
    const view = shared.subarray(P, 3 * P);
    const fromShared = await pool.seal(key, P, 2, true, view);
    expect(shared.buffer.byteLength).toBe(4 * P);
    expect(fromShared.equals(await inlineCipher.seal(key, P, 2, true, Buffer.from(view)))).toBe(true);
  });

  it("opens a run in place: the plaintext comes back in the input's own buffer", async () => {
    const key = randomBytes(32);
    const plain = randomBytes(RUN);
    const sealed = own(await inlineCipher.seal(key, P, 0, false, plain));
    const opened = await pool.open(key, P, 0, false, sealed);
    expect(opened.equals(plain)).toBe(true);
    expect(opened.buffer.byteLength).toBe(SEALED_RUN_SIZE);
  });

  it('seals a shared run into the shared buffer given, and opens a shared run in place', async () => {
    const key = randomBytes(32);
    const plain = randomBytes(RUN - 100);
    const input = Buffer.from(new SharedArrayBuffer(RUN + 8)).subarray(8);
    plain.copy(input);
    const into = Buffer.from(new SharedArrayBuffer(SEALED_RUN_SIZE + 32)).subarray(32);
    const sealed = await pool.seal(key, P, 3, true, input.subarray(0, plain.length), into);
    expect(sealed.buffer).toBe(into.buffer);
    expect(sealed.byteOffset).toBe(32);
    expect(sealed.equals(await inlineCipher.seal(key, P, 3, true, plain))).toBe(true);
    // The plaintext is left as it was (the digest worker reads it at the same time).
    expect(input.subarray(0, plain.length).equals(plain)).toBe(true);

    const opened = await pool.open(key, P, 3, true, sealed);
    expect(opened.buffer).toBe(into.buffer);
    expect(opened.byteOffset).toBe(32);
    expect(opened.equals(plain)).toBe(true);
    // A shared run that fails leaves a rejection, not a view.
    const again = Buffer.from(new SharedArrayBuffer(sealed.length));
    (await inlineCipher.seal(key, P, 3, true, plain)).copy(again);
    await expect(pool.open(key, P, 4, true, again)).rejects.toBeInstanceOf(ObjectTampered);
  });

  it('fails pending jobs on close, and refuses jobs after it', async () => {
    const own2 = new CipherPool(1);
    const key = randomBytes(32);
    const pending = own2.seal(key, P, 0, true, own(randomBytes(32 * 1024 * 1024)));
    await own2.close();
    await expect(pending).rejects.toThrow(/cipher worker exited/);
    await expect(own2.seal(key, P, 0, true, own(Buffer.alloc(10)))).rejects.toThrow(/closed/);
    await own2.close();
  });
});

/**
 * The stored stream of `plain`. With `buffers`, each output chunk is copied and handed back at
 * once (as the object layer does), so a run buffer reused too early would spoil the output.
 */
async function encrypt(
  format: PackageFormat,
  key: Buffer,
  plain: Buffer,
  chunk: number,
  sizeHint = -1,
  buffers?: RunBuffers,
): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for (let i = 0; i < plain.length; i += chunk) pieces.push(plain.subarray(i, i + chunk));
  const out: Buffer[] = [];
  const stream = new EncryptStream(key, 1, format, pool, undefined, sizeHint, buffers);
  for await (const c of Readable.from(pieces).pipe(stream)) {
    out.push(Buffer.from(c as Buffer));
    stream.release(c as Buffer);
  }
  return Buffer.concat(out);
}

/**
 * Decrypt `stored` as a GET does. `shared`: the source chunks are in shared memory, as the erasure
 * layer's read buffers are, so the pool's threads read them in place (`openInto`); each released
 * chunk is overwritten at once, so a chunk handed back while a thread still reads it would spoil
 * the plaintext (or fail its tag).
 */
async function decrypt(
  format: PackageFormat,
  key: Buffer,
  stored: Buffer,
  streams: StoredStream[],
  range?: [number, number],
  shared = false,
) {
  const plan =
    range === undefined ? wholePlan(streams, format) : rangePlan(streams, range[0], range[1], format);
  const slices = plan.slices.map((s) => ({ ...s }));
  if (plan.saltAt !== undefined && slices[0] !== undefined)
    slices[0].salt = stored.subarray(plan.saltAt, plan.saltAt + HEADER_SIZE);
  const bytes = plan.stored === undefined ? stored : stored.subarray(plan.stored.start, plan.stored.end + 1);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 100_003) {
    const chunk = bytes.subarray(i, i + 100_003);
    chunks.push(shared ? Buffer.from(new SharedArrayBuffer(chunk.length)).fill(chunk) : chunk);
  }
  const released: Buffer[] = [];
  const out: Buffer[] = [];
  const buffers = new RunBuffers();
  const plain = decryptSlices(
    Readable.from(chunks),
    key,
    format,
    slices,
    plan.skip,
    plan.length,
    (c) => {
      released.push(c);
      if (shared) c.fill(0xaa);
    },
    pool,
    buffers,
  );
  for await (const c of plain) {
    out.push(Buffer.from(c));
    buffers.give(c);
  }
  // Every source chunk is handed back once its bytes are copied out.
  expect(released.length).toBe(chunks.length);
  return Buffer.concat(out);
}

describe.each([FORMAT_V1, FORMAT_V2])(
  'opening stored bytes in several segments (openInto), format $version',
  (format) => {
    const P = format.packageSize;
    const SEALED_PACKAGE_SIZE = format.sealedPackageSize;
    const key = randomBytes(32);
    const plain = randomBytes(5 * P + 333);
    /** `bytes` cut at `cuts`, each piece copied into shared memory of its own. */
    const segmentsOf = (bytes: Buffer, cuts: number[]): Buffer[] => {
      const points = [0, ...cuts, bytes.length];
      return points.slice(1).map((end, i) => {
        const piece = bytes.subarray(points[i], end);
        return Buffer.from(new SharedArrayBuffer(piece.length)).fill(piece);
      });
    };
    const into = (): Buffer => Buffer.from(new SharedArrayBuffer(plain.length + 100));

    it('opens packages and tags split anywhere across segments, on the pool and inline alike', async () => {
      const sealed = await inlineCipher.seal(key, P, 7, true, plain);
      const S = SEALED_PACKAGE_SIZE;
      for (const cuts of [
        [],
        [1],
        [P, P + 8], // a tag cut in two
        [S - 1, S, 2 * S + P + 15, 3 * S + 3], // a package's last tag byte alone, a cut at a package edge
        [100_003, 200_006, 300_009],
      ]) {
        for (const cipher of [pool, inlineCipher]) {
          const out = await cipher.openInto(key, P, 7, true, segmentsOf(sealed, cuts), into());
          expect(out.equals(plain), `cuts ${cuts.join(',')}`).toBe(true);
        }
      }
      // Not in shared memory (a rebuilt block): gathered and opened all the same.
      const plainOut = await pool.openInto(
        key,
        P,
        7,
        true,
        [sealed.subarray(0, 1000), sealed.subarray(1000)],
        into(),
      );
      expect(plainOut.equals(plain)).toBe(true);
    });

    it('fails a flipped bit, a flipped tag byte across a cut and a wrong sequence with ObjectTampered', async () => {
      const sealed = await inlineCipher.seal(key, P, 0, true, plain);
      const inData = Buffer.from(sealed);
      inData[2 * SEALED_PACKAGE_SIZE + 5] = (inData[2 * SEALED_PACKAGE_SIZE + 5] ?? 0) ^ 1;
      const inTag = Buffer.from(sealed);
      inTag[P + 9] = (inTag[P + 9] ?? 0) ^ 1;
      for (const cipher of [pool, inlineCipher]) {
        await expect(
          cipher.openInto(key, P, 0, true, segmentsOf(inData, [1000]), into()),
        ).rejects.toBeInstanceOf(ObjectTampered);
        await expect(
          cipher.openInto(key, P, 0, true, segmentsOf(inTag, [P + 8]), into()),
        ).rejects.toBeInstanceOf(ObjectTampered);
        await expect(
          cipher.openInto(key, P, 1, true, segmentsOf(sealed, [P]), into()),
        ).rejects.toBeInstanceOf(ObjectTampered);
      }
    });
  },
);

describe('run buffers', () => {
  it('hands out shared run buffers and reuses those given back, and nothing else', () => {
    const buffers = new RunBuffers(2);
    const full = buffers.take(SEALED_RUN_SIZE);
    expect(full.buffer).toBeInstanceOf(SharedArrayBuffer);
    // Any view of it gives it back, once.
    buffers.give(full.subarray(10, 20));
    buffers.give(full);
    expect(buffers.spare).toBe(1);
    const short = buffers.take(3 * SEALED_PACKAGE_SIZE);
    expect(short.buffer).toBe(full.buffer);
    expect(short.length).toBe(3 * SEALED_PACKAGE_SIZE);
    // Less than a package (a salt) or more than a run: ordinary buffers, never kept.
    const salt = buffers.take(HEADER_SIZE);
    expect(salt.buffer).not.toBeInstanceOf(SharedArrayBuffer);
    expect(buffers.take(SEALED_RUN_SIZE + 1).buffer).not.toBeInstanceOf(SharedArrayBuffer);
    buffers.give(salt);
    buffers.give(Buffer.from(new SharedArrayBuffer(SEALED_RUN_SIZE)));
    expect(buffers.spare).toBe(0);
    // At most `maxFree` are kept.
    const taken = [buffers.take(SEALED_RUN_SIZE), buffers.take(SEALED_RUN_SIZE), short];
    for (const b of taken) buffers.give(b);
    expect(buffers.spare).toBe(2);
  });
});

describe.each([FORMAT_V1, FORMAT_V2])('streams of several runs on the pool, format $version', (format) => {
  const P = format.packageSize;
  const SEALED_PACKAGE_SIZE = format.sealedPackageSize;
  const RUN_PACKAGES = runPackages(format);
  const key = randomBytes(32);
  const plain = randomBytes(5 * RUN + 3 * P + 11);

  it('round-trips, whatever the chunking and size hint', async () => {
    for (const [chunk, hint] of [
      [65_536, plain.length],
      [7_777, -1],
      [3 * RUN, 1000],
    ] as const) {
      const stored = await encrypt(format, key, plain, chunk, hint);
      expect(stored.length).toBe(encryptedSize(plain.length, format));
      const streams = [{ partNumber: 1, plainSize: plain.length, storedSize: stored.length }];
      expect((await decrypt(format, key, stored, streams)).equals(plain), `chunk ${chunk}`).toBe(true);
      const inPlace = await decrypt(format, key, stored, streams, undefined, true);
      expect(inPlace.equals(plain), `chunk ${chunk}, shared source`).toBe(true);
    }
  });

  it('round-trips with every sealed chunk handed back as soon as it is copied, two streams at once', async () => {
    const shared = new RunBuffers();
    const other = randomBytes(3 * RUN + 5);
    const [stored, storedOther] = await Promise.all([
      encrypt(format, key, plain, 65_536, plain.length, shared),
      encrypt(format, key, other, 30_000, -1, shared),
    ]);
    expect(shared.spare).toBeGreaterThan(0);
    for (const [p, s] of [
      [plain, stored],
      [other, storedOther],
    ] as const) {
      const streams = [{ partNumber: 1, plainSize: p.length, storedSize: s.length }];
      expect((await decrypt(format, key, s, streams)).equals(p)).toBe(true);
    }
  });

  it('answers ranges around run boundaries', async () => {
    const stored = await encrypt(format, key, plain, 50_000);
    const streams = [{ partNumber: 1, plainSize: plain.length, storedSize: stored.length }];
    const points = [0, RUN - 1, RUN, 2 * RUN + 5, 4 * RUN - 1, 5 * RUN, plain.length - 1];
    for (const start of points)
      for (const end of points) {
        if (end < start) continue;
        const got = await decrypt(format, key, stored, streams, [start, end]);
        expect(got.equals(plain.subarray(start, end + 1)), `${start}-${end}`).toBe(true);
        const inPlace = await decrypt(format, key, stored, streams, [start, end], true);
        expect(inPlace.equals(plain.subarray(start, end + 1)), `${start}-${end} shared`).toBe(true);
      }
  });

  it('fails on a flipped bit in a middle run', async () => {
    const stored = await encrypt(format, key, plain, 65_536);
    const streams = [{ partNumber: 1, plainSize: plain.length, storedSize: stored.length }];
    const bad = Buffer.from(stored);
    const at = HEADER_SIZE + 2 * RUN_PACKAGES * SEALED_PACKAGE_SIZE + 3 * SEALED_PACKAGE_SIZE + 17;
    bad[at] = (bad[at] ?? 0) ^ 1;
    await expect(decrypt(format, key, bad, streams)).rejects.toBeInstanceOf(ObjectTampered);
    await expect(decrypt(format, key, bad, streams, undefined, true)).rejects.toBeInstanceOf(ObjectTampered);
  });

  it('reads several parts from shared memory: a salt after a lent chunk, every chunk back after its run', async () => {
    const parts = [
      plain.subarray(0, 2 * RUN + 5),
      plain.subarray(2 * RUN + 5, 2 * RUN + 5),
      plain.subarray(2 * RUN + 5),
    ];
    const stored: Buffer[] = [];
    for (const [i, p] of parts.entries()) {
      const out: Buffer[] = [];
      const stream = new EncryptStream(key, i + 1, format, pool, undefined, p.length);
      for await (const c of Readable.from(p.length > 0 ? [p] : []).pipe(stream)) {
        out.push(Buffer.from(c as Buffer));
        stream.release(c as Buffer);
      }
      stored.push(Buffer.concat(out));
    }
    const streams = parts.map((p, i) => ({
      partNumber: i + 1,
      plainSize: p.length,
      storedSize: (stored[i] as Buffer).length,
    }));
    const all = Buffer.concat(stored);
    expect((await decrypt(format, key, all, streams, undefined, true)).equals(plain)).toBe(true);
    const range: [number, number] = [RUN + 3, 3 * RUN];
    const got = await decrypt(format, key, all, streams, range, true);
    expect(got.equals(plain.subarray(range[0], range[1] + 1))).toBe(true);
  });
});
