/**
 * The stored format of a compressed stream (decision record 0008): the plaintext cut into blocks of
 * `BLOCK_SIZE` bytes, each stored as an 8-byte header and its body — deflate-raw, or the raw bytes
 * when deflate would not shrink them — and, at the end of the stream, an index block listing every
 * block's stored length, so a range read can find the blocks it needs without reading the others.
 *
 * Header: u32 BE `kind << 30 | body length`, u32 BE plaintext length of the block.
 * Index body: N × u32 BE stored length of block i (header included), then the 16-byte tail
 * u32 N, u32 plaintext size low, u32 plaintext size high, u32 `INDEX_MAGIC` — the tail ends the
 * stream, so the index is found from the stream's end.
 */

/** Plaintext bytes per block (the last block of a stream may be shorter). */
export const BLOCK_SIZE = 1024 * 1024;
export const HEADER_SIZE = 8;
export const TAIL_SIZE = 16;
export const INDEX_MAGIC = 0x43504958; // "CPIX"

export const BlockKind = { Raw: 0, Deflate: 1, Index: 2 } as const;
export type BlockKind = (typeof BlockKind)[keyof typeof BlockKind];

const LENGTH_MASK = 0x3fffffff;

export function blockHeader(kind: BlockKind, bodyLength: number, plainLength: number): Buffer {
  const header = Buffer.allocUnsafe(HEADER_SIZE);
  header.writeUInt32BE(((kind << 30) | bodyLength) >>> 0, 0);
  header.writeUInt32BE(plainLength, 4);
  return header;
}

export interface BlockHeader {
  kind: BlockKind;
  bodyLength: number;
  plainLength: number;
}

export function readBlockHeader(buffer: Buffer, at: number): BlockHeader {
  const word = buffer.readUInt32BE(at);
  return {
    kind: (word >>> 30) as BlockKind,
    bodyLength: word & LENGTH_MASK,
    plainLength: buffer.readUInt32BE(at + 4),
  };
}

/** The index block that ends a stream: every block's stored length and the stream's plaintext size. */
export function indexBlock(storedLengths: readonly number[], plainSize: number): Buffer {
  const bodyLength = storedLengths.length * 4 + TAIL_SIZE;
  const out = Buffer.allocUnsafe(HEADER_SIZE + bodyLength);
  blockHeader(BlockKind.Index, bodyLength, 0).copy(out, 0);
  let at = HEADER_SIZE;
  for (const length of storedLengths) {
    out.writeUInt32BE(length, at);
    at += 4;
  }
  out.writeUInt32BE(storedLengths.length, at);
  out.writeUInt32BE(plainSize % 2 ** 32, at + 4);
  out.writeUInt32BE(Math.floor(plainSize / 2 ** 32), at + 8);
  out.writeUInt32BE(INDEX_MAGIC, at + 12);
  return out;
}

/** The tail of a stream: its block count and plaintext size; undefined when it is not one. */
export function readTail(tail: Buffer): { blocks: number; plainSize: number } | undefined {
  if (tail.length < TAIL_SIZE) return undefined;
  const at = tail.length - TAIL_SIZE;
  if (tail.readUInt32BE(at + 12) !== INDEX_MAGIC) return undefined;
  return {
    blocks: tail.readUInt32BE(at),
    plainSize: tail.readUInt32BE(at + 4) + tail.readUInt32BE(at + 8) * 2 ** 32,
  };
}

/** Stored lengths packed for the version's metadata (base64 of N × u32 BE). */
export function packLengths(lengths: readonly number[]): string {
  const out = Buffer.allocUnsafe(lengths.length * 4);
  lengths.forEach((length, i) => out.writeUInt32BE(length, i * 4));
  return out.toString('base64');
}

export function unpackLengths(packed: Buffer | string, count?: number): number[] {
  const bytes = typeof packed === 'string' ? Buffer.from(packed, 'base64') : packed;
  const n = count ?? Math.floor(bytes.length / 4);
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(bytes.readUInt32BE(i * 4));
  return out;
}
