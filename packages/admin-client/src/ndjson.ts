/**
 * MinIO's streaming answers (wire doc §1.3: JSON documents separated by `\n`, bare spaces as
 * keep-alive while idle) read as an `AsyncIterable` of parsed documents. Keep-alive spaces are
 * skipped (a run of them never piles up), a line longer than `maxLineBytes` is an error rather
 * than unbounded memory, and the iteration ends quietly when `signal` aborts — the caller asked
 * for it. The byte source is pulled one chunk at a time, so a consumer that stops pulling stops
 * reading the socket (TCP flow control then slows the server).
 */

export interface NdjsonOptions {
  signal?: AbortSignal;
  /** Longest document accepted (default 64 MiB). */
  maxLineBytes?: number;
}

const DEFAULT_MAX_LINE_BYTES = 64 << 20;

export class StreamLineTooLongError extends Error {
  override readonly name = 'StreamLineTooLongError';
  constructor(limit: number) {
    super(`the storage server sent a streamed document longer than ${limit} bytes`);
  }
}

function parseLine(line: Buffer): unknown {
  const text = line.toString('utf8').trim();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

export async function* ndjsonValues<T = unknown>(
  source: AsyncIterable<Buffer | string>,
  options: NdjsonOptions = {},
): AsyncGenerator<T, void, undefined> {
  const limit = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const { signal } = options;
  let pending: Buffer = Buffer.alloc(0);
  try {
    for await (const chunk of source) {
      if (signal?.aborted) return;
      pending = pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([pending, Buffer.from(chunk)]);
      let newline = pending.indexOf(0x0a);
      while (newline !== -1) {
        const value = parseLine(pending.subarray(0, newline));
        pending = pending.subarray(newline + 1);
        if (value !== undefined) yield value as T;
        if (signal?.aborted) return;
        newline = pending.indexOf(0x0a);
      }
      // Only keep-alive spaces so far: nothing to keep.
      if (pending.every((b) => b === 0x20)) pending = Buffer.alloc(0);
      if (pending.length > limit) throw new StreamLineTooLongError(limit);
    }
  } catch (error) {
    if (signal?.aborted) return;
    throw error;
  }
  const last = parseLine(pending);
  if (last !== undefined) yield last as T;
}
