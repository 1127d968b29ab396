import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { openObjectLayer } from '../object-layer/index.js';
import { probeIndex } from './index-probe.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('index probe', () => {
  it('sets aside an index overwritten with random bytes and heals it instead of crashing', async () => {
    const root = await mkdtemp(join(tmpdir(), 'coffer-probe-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const drives = [1, 2, 3, 4].map((i) => join(root, `d${i}`));
    const first = await openObjectLayer({ drives });
    await first.layer.makeBucket('probe');
    const data = randomBytes(300_000);
    await first.layer.putObject('probe', 'obj', Readable.from([data]), { size: data.length });
    await first.layer.putObject('probe', 'small', Readable.from([Buffer.from('hi')]), { size: 2 });
    await first.layer.close();

    const meta = join(drives[1] as string, '.coffer.sys', 'meta');
    expect((await probeIndex(meta)).ok).toBe(true);
    const file = join(meta, 'data.mdb');
    await writeFile(file, randomBytes((await stat(file)).size));
    const probe = await probeIndex(meta);
    expect(probe.ok).toBe(false);

    const logs: string[] = [];
    const { layer } = await openObjectLayer({ drives, log: (m) => logs.push(m) });
    cleanups.push(() => layer.close());
    expect(logs.some((l) => l.includes('its index is damaged'))).toBe(true);
    expect(
      (await readdir(join(drives[1] as string, '.coffer.sys'))).some((n) => n.startsWith('meta.corrupt-')),
    ).toBe(true);
    const chunks: Buffer[] = [];
    for await (const c of (await layer.getObject('probe', 'obj')).stream) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
    await layer.idle();
    // Healed: the rebuilt index has the records again.
    const items = await layer.healObject('probe', 'small', {});
    expect(items[0]?.before).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect((await probeIndex(meta)).ok).toBe(true);
  });
});
