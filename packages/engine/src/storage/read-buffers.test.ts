import { describe, expect, it } from 'vitest';
import { ReadBufferPool } from './read-buffers.js';
import { ReedSolomon } from './reed-solomon.js';

describe('read buffer pool', () => {
  it('reuses a buffer once every piece handed out from it is released, not before', () => {
    const pool = new ReadBufferPool(1024);
    const a = pool.acquire();
    const pieces = [a.subarray(0, 512), a.subarray(512)];
    pool.share(a, pieces);
    pool.release(pieces[0]!);
    pool.release(pieces[0]!); // twice: counted once
    pool.release(Buffer.alloc(10)); // not from the pool: ignored
    const b = pool.acquire();
    expect(b.buffer).not.toBe(a.buffer); // a still has a piece out
    pool.release(pieces[1]!);
    const c = pool.acquire();
    expect(c.buffer).toBe(a.buffer);
    pool.giveBack(b);
    expect(pool.acquire().buffer).toBe(b.buffer);
  });

  it('takes buffers from an arena first and returns them there', () => {
    const arena = new ReedSolomon(2, 2).createArena(1024, 1);
    if (arena === undefined) throw new Error('no arena');
    const pool = new ReadBufferPool(1024, arena);
    const a = pool.acquire();
    expect(arena.holds(a)).toBe(true);
    const b = pool.acquire(); // arena exhausted
    expect(arena.holds(b)).toBe(false);
    const piece = a.subarray(0, 10);
    pool.share(a, [piece]);
    pool.release(a.subarray(0, 10)); // an equal but different view: not the piece handed out
    expect(arena.acquire()).toBeUndefined();
    pool.release(piece);
    const again = arena.acquire();
    expect(again?.byteOffset).toBe(a.byteOffset);
  });
});
