/**
 * A write's plaintext turned into the stored block format (`block-format.ts`) as it streams: each
 * full block is deflated on libuv's thread pool (Node's asynchronous zlib, so the event loop stays
 * free), kept raw when deflate would not shrink it, and the index block ends the stream. Every
 * plaintext chunk is handed to `digest` first (the write's ETag and checksums are the plaintext's).
 */
import { Transform, type TransformCallback } from 'node:stream';
import { deflateRaw, constants } from 'node:zlib';
import { promisify } from 'node:util';
import { BLOCK_SIZE, BlockKind, blockHeader, HEADER_SIZE, indexBlock } from './block-format.js';

const deflate = promisify(deflateRaw);

/** A block is kept compressed only when that saves at least this share of it. */
const MIN_SAVING = 1 / 32;
/**
 * Deflate is slowest on data it cannot shrink: the first bytes of a block are tried first, and a
 * block whose probe does not shrink is stored raw without deflating the rest.
 */
const PROBE_SIZE = 64 * 1024;

export class CompressStream extends Transform {
  /** Stored length (header included) of every block written so far. */
  readonly storedLengths: number[] = [];
  plainSize = 0;
  private pending: Buffer[] = [];
  private pendingLength = 0;

  constructor(private readonly digest: (chunk: Buffer) => Promise<void> | void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.accept(chunk).then(() => done(), done);
  }

  override _flush(done: TransformCallback): void {
    const last =
      this.pendingLength > 0 ? this.emitBlock(this.takePending(this.pendingLength)) : Promise.resolve();
    last.then(() => {
      this.push(indexBlock(this.storedLengths, this.plainSize));
      done();
    }, done);
  }

  private async accept(chunk: Buffer): Promise<void> {
    this.plainSize += chunk.length;
    await this.digest(chunk);
    this.pending.push(chunk);
    this.pendingLength += chunk.length;
    while (this.pendingLength >= BLOCK_SIZE) await this.emitBlock(this.takePending(BLOCK_SIZE));
  }

  /** The first `length` pending bytes as one buffer. */
  private takePending(length: number): Buffer {
    const all = this.pending.length === 1 ? (this.pending[0] as Buffer) : Buffer.concat(this.pending);
    const block = all.subarray(0, length);
    const rest = all.subarray(length);
    this.pending = rest.length > 0 ? [rest] : [];
    this.pendingLength = rest.length;
    // A block is kept until its deflate is done: copy it out of a buffer the caller may reuse.
    return Buffer.from(block);
  }

  private async emitBlock(plain: Buffer): Promise<void> {
    const options = { level: 1, strategy: constants.Z_DEFAULT_STRATEGY };
    let packed: Buffer | undefined;
    if (plain.length > 2 * PROBE_SIZE) {
      const probe = await deflate(plain.subarray(0, PROBE_SIZE), options);
      if (probe.length <= PROBE_SIZE * (1 - MIN_SAVING)) packed = await deflate(plain, options);
    } else packed = await deflate(plain, options);
    const useRaw = packed === undefined || packed.length > plain.length * (1 - MIN_SAVING);
    const body = useRaw || packed === undefined ? plain : packed;
    this.push(blockHeader(useRaw ? BlockKind.Raw : BlockKind.Deflate, body.length, plain.length));
    this.push(body);
    this.storedLengths.push(HEADER_SIZE + body.length);
  }
}
