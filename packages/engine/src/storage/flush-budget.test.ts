/**
 * Background flushes of shard files: at most half of libuv's pool at once, and a writer whose
 * flush was skipped still ends durable (its final fsync) with every byte in place.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { giveFlushSlot, takeFlushSlot } from './flush-budget.js';
import { FileShardWriter } from './shard-io.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('flush budget', () => {
  it('hands out at most half of the pool (4 threads by default: 2) and takes slots back', () => {
    const pool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
    const max = Math.max(1, Math.floor(pool / 2));
    const taken: boolean[] = [];
    for (let i = 0; i < max + 3; i++) taken.push(takeFlushSlot());
    expect(taken.filter(Boolean).length).toBe(max);
    expect(taken[max]).toBe(false);
    for (let i = 0; i < max; i++) giveFlushSlot();
    expect(takeFlushSlot()).toBe(true);
    giveFlushSlot();
  });

  it('writes every byte of many concurrent writers that flush often, whatever flush was skipped', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flush-budget-'));
    dirs.push(dir);
    const hash = Buffer.alloc(8, 7);
    const shard = Buffer.alloc(64 * 1024, 3);
    // A flush after every write: far more flushes wanted than the budget allows.
    const writers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => FileShardWriter.create(join(dir, `s${i}`), 1)),
    );
    await Promise.all(
      writers.map(async (w) => {
        for (let b = 0; b < 6; b++) await w.write(hash, shard);
        await w.finish();
      }),
    );
    for (let i = 0; i < 8; i++) {
      const bytes = await readFile(join(dir, `s${i}`));
      expect(bytes.length).toBe(6 * (hash.length + shard.length));
    }
    // Every slot came back.
    const pool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
    const max = Math.max(1, Math.floor(pool / 2));
    let got = 0;
    while (takeFlushSlot()) got++;
    for (let i = 0; i < got; i++) giveFlushSlot();
    expect(got).toBe(max);
  });
});
