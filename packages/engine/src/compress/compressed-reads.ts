/**
 * The read side of compression at rest: a compressed version read whole is inflated as its stored
 * stream flows; a range (or a part number) is mapped through the block index — the version's
 * metadata for a single PUT, the stream's trailing index block for a part — to the stored bytes of
 * only the blocks it needs, read (per stream) and inflated.
 */
import { Readable } from 'node:stream';
import { InvalidRange } from '../object-layer/errors.js';
import type { GetObjectOptions, GetObjectResult, ObjectInfo, ObjectLayer } from '../object-layer/types.js';
import { InvalidRequest } from '../common/errors.js';
import { BLOCK_SIZE, readTail, TAIL_SIZE, unpackLengths } from './block-format.js';
import { decompressBlocks } from './decompress.js';
import { C, uncompressedView } from './compress-fields.js';

/** One stored stream: the single PUT, or one part. */
interface StoredStream {
  plainStart: number;
  plainSize: number;
  storedStart: number;
  storedSize: number;
  /** Stored block lengths, when the metadata has them; else read from the stream's index block. */
  lengths?: number[];
}

function collect(result: GetObjectResult): AsyncIterable<Buffer | Uint8Array> {
  return result.body !== undefined ? Readable.from([result.body]) : (result.stream as AsyncIterable<Buffer>);
}

async function readAll(result: GetObjectResult): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of collect(result)) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function storedStreams(stored: ObjectInfo, view: ObjectInfo): StoredStream[] {
  if (stored.parts !== undefined && stored.parts.length > 0) {
    let plainStart = 0;
    let storedStart = 0;
    return stored.parts.map((p) => {
      const s = { plainStart, plainSize: p.actualSize ?? p.size, storedStart, storedSize: p.size };
      plainStart += s.plainSize;
      storedStart += p.size;
      return s;
    });
  }
  const s: StoredStream = { plainStart: 0, plainSize: view.size, storedStart: 0, storedSize: stored.size };
  const index = stored.internal[C.index];
  if (index !== undefined) s.lengths = unpackLengths(index);
  return [s];
}

/**
 * What tells two writes of a version id apart (an unversioned key is overwritten under `null`): the
 * stored ETag alone does not, a single PUT's being skipped (its ETag is the plaintext's, kept here).
 */
function fingerprint(info: ObjectInfo): string {
  return `${info.etag}/${info.internal[C.etag] ?? ''}/${info.size}/${info.lastModified.getTime()}`;
}

function invalidRange(size: number, text: string): InvalidRange {
  const e = new InvalidRange('The requested range is not satisfiable');
  e.objectSize = size;
  e.range = text;
  return e;
}

/** Reads of compressed versions through `layer` (the layer below the decorator). */
export function compressedReader(layer: ObjectLayer): {
  getCompressed: (
    bucket: string,
    key: string,
    stored: ObjectInfo,
    options: GetObjectOptions,
    opened?: GetObjectResult,
  ) => Promise<GetObjectResult>;
} {
  /** The stored block lengths of `s`, from the metadata or the stream's index block. */
  async function blockLengths(
    bucket: string,
    key: string,
    stored: ObjectInfo,
    s: StoredStream,
    customerKey: Buffer | undefined,
  ): Promise<number[]> {
    if (s.lengths !== undefined) return s.lengths;
    const readTailBytes = async (length: number): Promise<Buffer> => {
      const end = s.storedStart + s.storedSize - 1;
      const read = await layer.getObject(bucket, key, {
        versionId: stored.versionId,
        range: { start: end - length + 1, end },
        ...(customerKey !== undefined ? { customerKey } : {}),
      });
      return readAll(read);
    };
    // One read of the stream's end usually holds the whole index (up to 1,020 blocks, 1 GiB).
    let tailBytes = await readTailBytes(Math.min(s.storedSize, 4096));
    const tail = readTail(tailBytes);
    if (tail === undefined)
      throw new InvalidRequest('The stored object has no block index.', { bucket, key });
    const needed = tail.blocks * 4 + TAIL_SIZE;
    if (tailBytes.length < needed) tailBytes = await readTailBytes(needed);
    const lengths = unpackLengths(tailBytes.subarray(tailBytes.length - needed), tail.blocks);
    s.lengths = lengths;
    return lengths;
  }

  /** The plaintext bytes `start..end` of a compressed version, reading only the blocks they lie in. */
  async function* readRange(
    bucket: string,
    key: string,
    stored: ObjectInfo,
    streams: StoredStream[],
    start: number,
    end: number,
    customerKey: Buffer | undefined,
  ): AsyncGenerator<Buffer> {
    for (const s of streams) {
      const plainEnd = s.plainStart + s.plainSize - 1;
      if (s.plainSize === 0 || plainEnd < start || s.plainStart > end) continue;
      const localStart = Math.max(start, s.plainStart) - s.plainStart;
      const localEnd = Math.min(end, plainEnd) - s.plainStart;
      const lengths = await blockLengths(bucket, key, stored, s, customerKey);
      const first = Math.floor(localStart / BLOCK_SIZE);
      const last = Math.floor(localEnd / BLOCK_SIZE);
      let from = s.storedStart;
      for (let i = 0; i < first; i++) from += lengths[i] ?? 0;
      let to = from - 1;
      for (let i = first; i <= last; i++) to += lengths[i] ?? 0;
      const read = await layer.getObject(bucket, key, {
        versionId: stored.versionId,
        range: { start: from, end: to },
        ...(customerKey !== undefined ? { customerKey } : {}),
      });
      if (fingerprint(read.info) !== fingerprint(stored)) {
        if (read.body === undefined) read.stream.destroy();
        throw new InvalidRequest('The object changed while it was being read; retry the request.', {
          bucket,
          key,
        });
      }
      try {
        yield* decompressBlocks(collect(read), localStart - first * BLOCK_SIZE, localEnd - localStart + 1);
      } finally {
        if (read.body === undefined && !read.stream.destroyed) read.stream.destroy();
      }
    }
  }

  /** A plaintext stream over `source`, closing `opened` (the stored read) when it ends or is dropped. */
  function asResult(
    view: ObjectInfo,
    source: AsyncGenerator<Buffer>,
    opened?: GetObjectResult,
  ): GetObjectResult {
    const stream = Readable.from(source, { objectMode: true, highWaterMark: 2 });
    stream.on('close', () => {
      if (opened !== undefined && opened.body === undefined && !opened.stream.destroyed)
        opened.stream.destroy();
    });
    return { info: view, stream };
  }

  async function getCompressed(
    bucket: string,
    key: string,
    stored: ObjectInfo,
    options: GetObjectOptions,
    opened?: GetObjectResult,
  ): Promise<GetObjectResult> {
    const view = uncompressedView(stored);
    let range = options.range;
    if (options.partNumber !== undefined && view.parts !== undefined && view.parts.length > 0) {
      let at = 0;
      const part = view.parts.find((p) => {
        if (p.number === options.partNumber) return true;
        at += p.size;
        return false;
      });
      if (part === undefined) throw invalidRange(view.size, `part ${options.partNumber}`);
      range = part.size > 0 ? { start: at, end: at + part.size - 1 } : undefined;
    }
    if (range !== undefined) {
      const { start } = range;
      if (
        start < 0 ||
        start > range.end ||
        (view.size > 0 && start >= view.size) ||
        (view.size === 0 && start > 0)
      )
        throw invalidRange(view.size, `bytes=${start}-${range.end}`);
      range = { start, end: Math.min(range.end, view.size - 1) };
    }
    if (range === undefined || (range.start === 0 && range.end === view.size - 1)) {
      const read =
        opened ??
        (await layer.getObject(bucket, key, {
          versionId: stored.versionId,
          ...(options.customerKey !== undefined ? { customerKey: options.customerKey } : {}),
        }));
      return asResult(view, decompressBlocks(collect(read), 0, view.size), read);
    }
    const streams = storedStreams(stored, view);
    return asResult(
      view,
      readRange(bucket, key, stored, streams, range.start, range.end, options.customerKey),
    );
  }

  return { getCompressed };
}
