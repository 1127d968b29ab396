/**
 * Stored blocks back to plaintext: bytes that start at a block header (the whole stored object, or
 * the stored range of the blocks a read needs, across parts) are parsed block by block; deflated
 * blocks are inflated on libuv's thread pool, raw ones passed on, index blocks skipped. `skip` and
 * `length` cut the plaintext to the range asked for.
 */
import { inflateRaw } from 'node:zlib';
import { promisify } from 'node:util';
import { BlockKind, HEADER_SIZE, readBlockHeader } from './block-format.js';
import { FileCorrupt } from '../storage/errors.js';

const inflate = promisify(inflateRaw);

/** Plaintext of the stored blocks in `stored`, less the first `skip` bytes, at most `length` bytes. */
export async function* decompressBlocks(
  stored: AsyncIterable<Buffer | Uint8Array>,
  skip: number,
  length: number,
): AsyncGenerator<Buffer> {
  let buffered: Buffer[] = [];
  let bufferedLength = 0;
  let toSkip = skip;
  let left = length;
  const take = (n: number): Buffer => {
    const all = buffered.length === 1 ? (buffered[0] as Buffer) : Buffer.concat(buffered);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    buffered = rest.length > 0 ? [rest] : [];
    bufferedLength = rest.length;
    return out;
  };
  let header: ReturnType<typeof readBlockHeader> | undefined;
  for await (const chunk of stored) {
    if (left <= 0) break;
    buffered.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    bufferedLength += chunk.byteLength;
    for (;;) {
      if (header === undefined) {
        if (bufferedLength < HEADER_SIZE) break;
        header = readBlockHeader(take(HEADER_SIZE), 0);
      }
      if (bufferedLength < header.bodyLength) break;
      const body = take(header.bodyLength);
      const { kind, plainLength } = header;
      header = undefined;
      if (kind === BlockKind.Index) continue;
      let plain: Buffer;
      if (kind === BlockKind.Raw) plain = Buffer.from(body);
      else if (kind === BlockKind.Deflate) {
        try {
          plain = await inflate(body);
        } catch {
          throw new FileCorrupt('A compressed block of the object is corrupt.');
        }
      } else throw new FileCorrupt('The stored object is not in the compressed format.');
      if (plain.length !== plainLength)
        throw new FileCorrupt('A compressed block of the object has the wrong length.');
      if (toSkip >= plain.length) {
        toSkip -= plain.length;
        continue;
      }
      const piece = plain.subarray(toSkip, toSkip + left);
      toSkip = 0;
      left -= piece.length;
      yield piece;
      if (left <= 0) return;
    }
  }
  if (left > 0) throw new FileCorrupt('The compressed object ended early.');
}
