import { randomBytes } from 'node:crypto';
import { createXXHash64 } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import { xxh64Over } from './xxh64-wasm.js';

async function reference(data: Uint8Array): Promise<string> {
  const h = await createXXHash64();
  h.init();
  h.update(data);
  return h.digest('hex');
}

// The project compiles without the DOM lib, which holds the WebAssembly types.
const WasmMemory = (
  globalThis as unknown as {
    WebAssembly: {
      Memory: new (d: { initial: number; maximum: number; shared?: boolean }) => {
        buffer: ArrayBuffer | SharedArrayBuffer;
      };
    };
  }
).WebAssembly.Memory;

const hex = (v: bigint): string => BigInt.asUintN(64, v).toString(16).padStart(16, '0');

describe.each([false, true])('XXH64 in WebAssembly (shared memory: %s)', (shared) => {
  const memory = new WasmMemory(
    shared ? { initial: 32, maximum: 32, shared: true } : { initial: 32, maximum: 32 },
  );
  const xxh64 = xxh64Over(memory, shared);
  const bytes = new Uint8Array(memory.buffer);

  it('compiles', () => {
    expect(xxh64).toBeDefined();
  });

  it('matches the known answers and hash-wasm for every tail length and big inputs', async () => {
    if (xxh64 === undefined) throw new Error('no kernel');
    // Known answers of the specification's reference implementation (seed 0).
    expect(hex(xxh64(0, 0))).toBe('ef46db3751d8e999');
    bytes.set(Buffer.from('abc'), 100);
    expect(hex(xxh64(100, 3))).toBe('44bc2cf5ad770999');
    const lengths = [...Array.from({ length: 80 }, (_, i) => i), 255, 1000, 4096, 65537, 512 * 1024];
    for (const len of lengths) {
      const data = randomBytes(len);
      // Odd offsets too: the loads are unaligned.
      const at = 1000 + (len % 7);
      bytes.set(data, at);
      expect(hex(xxh64(at, len)), `length ${len}`).toBe(await reference(data));
    }
  });
});
