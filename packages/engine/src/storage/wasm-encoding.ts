/**
 * The binary encoding of WebAssembly modules, for the engine's hand-assembled kernels
 * (`reed-solomon-kernel.ts`, `xxh64-wasm.ts`): LEB128 integers, vectors, names and sections as the
 * WebAssembly core specification (binary format, §5) defines them. Each kernel keeps its own
 * instruction table; only the encoding they share lives here.
 */

/** Unsigned LEB128 of a non-negative 32-bit integer. */
export function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

/** Signed LEB128 of a 32-bit integer (i32.const immediates). */
export function sleb(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const b = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (b & 0x40) === 0) || (n === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

/** Signed LEB128 of a 64-bit constant (given unsigned; reinterpreted as two's complement). */
export function sleb64(value: bigint): number[] {
  let n = BigInt.asIntN(64, value);
  const out: number[] = [];
  for (;;) {
    const b = Number(n & 0x7fn);
    n >>= 7n;
    if ((n === 0n && (b & 0x40) === 0) || (n === -1n && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

/** A vector: its length, then its items. */
export const vec = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
/** A name: a vector of UTF-8 bytes. */
export const name = (s: string): number[] => vec([...Buffer.from(s, 'utf8')].map((b) => [b]));
/** A section: its id, its size, its content. */
export const section = (id: number, content: number[]): number[] => [id, ...uleb(content.length), ...content];
