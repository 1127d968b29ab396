// Drive.commit queues lmdb's asynchronous writes and relies on lmdb putting one event turn's
// writes into one transaction: every operation of a commit lands, a commit that cannot be queued
// whole lands not at all, and nothing in the engine uses `transactionSync` (the one thing that
// would split a batch).
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Drive } from './drive.js';

let dir: string;
let drive: Drive;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'drive-commit-'));
  drive = new Drive(0, dir, 'test-drive', () => undefined);
  await drive.open();
});

afterAll(async () => {
  await drive.close();
  await rm(dir, { recursive: true, force: true });
});

describe('Drive.withBinary', () => {
  it("hands over exactly the stored bytes, in lmdb's buffer, and undefined when absent", async () => {
    const small = Buffer.from('{"v":1}');
    const large = Buffer.alloc(3000, 7);
    await drive.commit([
      { key: Buffer.from('w/small'), binary: small },
      { key: Buffer.from('w/large'), binary: large },
    ]);
    // Read the larger value first: lmdb's shared read buffer then holds more than the small one.
    expect(drive.withBinary(Buffer.from('w/large'), (b) => b.equals(large))).toBe(true);
    const seen = drive.withBinary(Buffer.from('w/small'), (b) => ({
      byteLength: b.byteLength,
      length: b.length,
      equal: b.equals(small),
    }));
    expect(seen).toEqual({ byteLength: small.length, length: small.length, equal: true });
    expect(drive.withBinary(Buffer.from('w/none'), () => true)).toBeUndefined();
  });
});

describe('Drive.commit', () => {
  it('applies records, inline bytes and removals of one commit together', async () => {
    const gone = Buffer.from('k/gone');
    await drive.commit([{ key: gone, value: { v: 1 } }]);
    const inline = Buffer.from([1, 2, 3, 250, 251]);
    await drive.commit([
      { key: Buffer.from('k/record'), value: { v: 1, versions: [{ id: 'null' }] } },
      { key: Buffer.from('k/inline'), binary: inline },
      { key: gone, remove: true },
    ]);
    expect(drive.get(Buffer.from('k/record'))).toEqual({ v: 1, versions: [{ id: 'null' }] });
    expect(drive.getBinary(Buffer.from('k/inline'))).toEqual(Buffer.from(inline));
    expect(drive.get(gone)).toBeUndefined();
  });

  it('refuses a commit with an oversized key before any of its writes is queued', async () => {
    const first = Buffer.from('k/first-of-refused');
    await expect(
      drive.commit([
        { key: first, value: { v: 1 } },
        { key: Buffer.alloc(4096, 0x61), value: { v: 1 } },
      ]),
    ).rejects.toThrow(/index key of 4096 bytes/);
    // A later commit's transaction would have carried a queued write along: nothing was queued.
    await drive.commit([{ key: Buffer.from('k/after'), value: { v: 2 } }]);
    expect(drive.get(first)).toBeUndefined();
  });

  it('is the only writer of the engine and never splits a batch with transactionSync', async () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const offenders: string[] = [];
    const walk = async (at: string): Promise<void> => {
      for (const entry of await readdir(at, { withFileTypes: true })) {
        const path = join(at, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
          const text = await readFile(path, 'utf8');
          if (/\.transactionSync\s*\(/.test(text) || (/from 'lmdb'/.test(text) && !path.endsWith('drive.ts')))
            offenders.push(path);
        }
      }
    };
    await walk(root);
    expect(offenders).toEqual([]);
  });
});
