/**
 * Streaming decoder for `Content-Encoding: aws-chunked` request bodies (SigV4 streaming uploads).
 *
 * Wire format (AWS sigv4-streaming / sigv4-streaming-trailers):
 *   signed:            `<hex-size>;chunk-signature=<sig>\r\n<data>\r\n` … `0;chunk-signature=<sig>\r\n\r\n`
 *   signed + trailer:  … `0;chunk-signature=<sig>\r\n<name>:<value>\r\n…x-amz-trailer-signature:<sig>\r\n\r\n`
 *   unsigned trailer:  `<hex-size>\r\n<data>\r\n` … `0\r\n<name>:<value>\r\n…\r\n`
 *
 * Each chunk signature chains from the previous one (the first from the request's seed signature)
 * over the SHA-256 of the chunk data; the trailer signature chains from the final chunk's. Signed
 * chunk data is held back until its signature has been checked, so no unverified byte ever reaches
 * the consumer; a failure errors the stream (SignatureDoesNotMatch / MalformedChunkedEncoding /
 * IncompleteBody) instead of ending it, which makes the object layer abort the write.
 *
 * The decoder is a byte-level state machine robust to any split of the input (TCP segments, one
 * byte at a time): data is sliced out of the incoming Buffers without copying, and only the small
 * header and trailer lines are accumulated and scanned for CRLF.
 */
import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { chunkSignature, timingSafeEqualString, trailerSignature } from '@coffer/protocol';
import { MalformedChunkedEncoding, SignatureDoesNotMatch } from './request-errors.js';
import { IncompleteBody } from '../object-layer/errors.js';

export type AwsChunkedMode = 'signed' | 'signed-trailer' | 'unsigned-trailer';

export interface AwsChunkedSigning {
  /** Derived SigV4 signing key of the request's credential scope. */
  key: Uint8Array;
  /** The request's X-Amz-Date (`yyyymmddTHHMMSSZ`). */
  amzDate: string;
  /** `<date>/<region>/<service>/aws4_request`. */
  scope: string;
  /** The request's own signature: the "previous signature" of the first chunk. */
  seedSignature: string;
}

export interface AwsChunkedOptions {
  mode: AwsChunkedMode;
  /** Required for the signed modes. */
  signing?: AwsChunkedSigning;
  /** x-amz-decoded-content-length, or -1 when not given. */
  decodedContentLength: number;
  /** Largest accepted chunk (MinIO: 16 MiB). Signed chunks are held in memory up to this size. */
  maxChunkSize?: number;
}

const CR = 0x0d;
const LF = 0x0a;
/** Longest header or trailer line we accept (a signed chunk header is ~90 bytes). */
const MAX_LINE = 8 * 1024;
/** Most trailer bytes in total. */
const MAX_TRAILER_BYTES = 16 * 1024;
const DEFAULT_MAX_CHUNK = 16 * 1024 * 1024;

type State = 'header' | 'data' | 'data-cr' | 'data-lf' | 'trailer' | 'done';

export class AwsChunkedDecoder extends Transform {
  private readonly mode: AwsChunkedMode;
  private readonly signing: AwsChunkedSigning | undefined;
  private readonly expectedLength: number;
  private readonly maxChunk: number;
  private state: State = 'header';
  /** Pieces of the current header/trailer line, and their total length. */
  private line: Buffer[] = [];
  private lineLength = 0;
  /** Data bytes still to read in the current chunk. */
  private remaining = 0;
  private chunkHash: Hash | undefined;
  private chunkSig = '';
  /** Held (not yet verified) data of the current signed chunk. */
  private held: Buffer[] = [];
  private previousSignature: string;
  private decoded = 0;
  private trailerBytes = 0;
  private trailerText = '';
  private trailerSigned = false;
  private readonly trailerMap: Record<string, string> = {};
  private failed = false;

  constructor(options: AwsChunkedOptions) {
    super();
    this.mode = options.mode;
    this.signing = options.signing;
    this.expectedLength = options.decodedContentLength;
    this.maxChunk = options.maxChunkSize ?? DEFAULT_MAX_CHUNK;
    if (this.mode !== 'unsigned-trailer' && this.signing === undefined) {
      throw new Error('AwsChunkedDecoder: signed modes need signing parameters');
    }
    this.previousSignature = this.signing?.seedSignature ?? '';
  }

  /** Trailing headers received after the final chunk (names lower-cased); complete after 'end'. */
  trailers(): Record<string, string> {
    return { ...this.trailerMap };
  }

  override _transform(chunk: Buffer | string, _enc: BufferEncoding, callback: TransformCallback): void {
    if (this.failed) {
      callback();
      return;
    }
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    try {
      this.consume(buf);
      callback();
    } catch (err) {
      this.failed = true;
      callback(err as Error);
    }
  }

  override _flush(callback: TransformCallback): void {
    if (this.failed) {
      callback();
      return;
    }
    try {
      if (this.state === 'trailer' && this.lineLength === 0) {
        // Lenient: the body ended right after the trailer lines, without the closing empty line.
        this.finishTrailer();
      }
      if (this.state !== 'done') {
        throw new IncompleteBody('The aws-chunked request body ended before its final chunk.');
      }
      if (this.expectedLength >= 0 && this.decoded !== this.expectedLength) {
        throw new IncompleteBody(
          `The decoded body is ${this.decoded} bytes; x-amz-decoded-content-length says ${this.expectedLength}.`,
        );
      }
      callback();
    } catch (err) {
      this.failed = true;
      callback(err as Error);
    }
  }

  private consume(buf: Buffer): void {
    let pos = 0;
    while (pos < buf.length) {
      switch (this.state) {
        case 'header':
        case 'trailer': {
          const lf = buf.indexOf(LF, pos);
          const end = lf < 0 ? buf.length : lf + 1;
          this.line.push(buf.subarray(pos, end));
          this.lineLength += end - pos;
          pos = end;
          if (this.lineLength > MAX_LINE) throw new MalformedChunkedEncoding('aws-chunked line too long');
          if (lf >= 0) {
            const text = this.takeLine();
            if (this.state === 'header') this.onHeaderLine(text);
            else this.onTrailerLine(text);
          }
          break;
        }
        case 'data': {
          const n = Math.min(this.remaining, buf.length - pos);
          const piece = buf.subarray(pos, pos + n);
          pos += n;
          this.remaining -= n;
          this.chunkHash?.update(piece);
          if (this.mode === 'unsigned-trailer') this.push(piece);
          else this.held.push(piece);
          if (this.remaining === 0) this.state = 'data-cr';
          break;
        }
        case 'data-cr':
          if (buf[pos] !== CR) throw new MalformedChunkedEncoding('aws-chunked data not followed by CRLF');
          pos++;
          this.state = 'data-lf';
          break;
        case 'data-lf':
          if (buf[pos] !== LF) throw new MalformedChunkedEncoding('aws-chunked data not followed by CRLF');
          pos++;
          this.endDataChunk();
          this.state = 'header';
          break;
        case 'done':
          throw new MalformedChunkedEncoding('data after the end of the aws-chunked body');
      }
    }
  }

  /** The accumulated line without its CRLF (a bare LF is refused). */
  private takeLine(): string {
    const whole =
      this.line.length === 1 ? (this.line[0] as Buffer) : Buffer.concat(this.line, this.lineLength);
    this.line = [];
    this.lineLength = 0;
    if (whole.length < 2 || whole[whole.length - 2] !== CR) {
      throw new MalformedChunkedEncoding('aws-chunked line not terminated by CRLF');
    }
    return whole.toString('latin1', 0, whole.length - 2);
  }

  private onHeaderLine(text: string): void {
    const semi = text.indexOf(';');
    const sizeText = (semi < 0 ? text : text.slice(0, semi)).trim();
    if (!/^[0-9a-fA-F]{1,16}$/.test(sizeText)) {
      throw new MalformedChunkedEncoding(`bad aws-chunked size line "${text.slice(0, 40)}"`);
    }
    const size = parseInt(sizeText, 16);
    if (size > this.maxChunk)
      throw new MalformedChunkedEncoding(`aws-chunked chunk of ${size} bytes is too large`);
    if (this.mode !== 'unsigned-trailer') {
      const ext = semi < 0 ? '' : text.slice(semi + 1).trim();
      const m = /^chunk-signature=([0-9a-f]{64})$/.exec(ext);
      if (!m) throw new MalformedChunkedEncoding('aws-chunked chunk without a valid chunk-signature');
      this.chunkSig = m[1] ?? '';
    }
    this.decoded += size;
    if (this.expectedLength >= 0 && this.decoded > this.expectedLength) {
      throw new IncompleteBody('The aws-chunked body is longer than x-amz-decoded-content-length.');
    }
    if (size === 0) {
      // Final chunk: its (empty) data is signed too; then the trailer section, possibly empty.
      if (this.mode !== 'unsigned-trailer') this.verifyChunk(createHash('sha256').digest('hex'));
      this.state = 'trailer';
      return;
    }
    this.remaining = size;
    this.chunkHash = this.mode === 'unsigned-trailer' ? undefined : createHash('sha256');
    this.state = 'data';
  }

  private endDataChunk(): void {
    if (this.mode === 'unsigned-trailer') return;
    const digest = this.chunkHash?.digest('hex') ?? '';
    this.chunkHash = undefined;
    this.verifyChunk(digest);
    for (const piece of this.held) this.push(piece);
    this.held = [];
  }

  private verifyChunk(dataSha256: string): void {
    const s = this.signing;
    if (s === undefined) return;
    const expected = chunkSignature(s.key, s.amzDate, s.scope, this.previousSignature, dataSha256);
    if (!timingSafeEqualString(expected, this.chunkSig)) {
      throw new SignatureDoesNotMatch();
    }
    this.previousSignature = expected;
  }

  private onTrailerLine(text: string): void {
    this.trailerBytes += text.length + 2;
    if (this.trailerBytes > MAX_TRAILER_BYTES)
      throw new MalformedChunkedEncoding('aws-chunked trailer too large');
    if (text === '') {
      this.finishTrailer();
      return;
    }
    if (this.trailerSigned) throw new MalformedChunkedEncoding('trailer lines after x-amz-trailer-signature');
    const colon = text.indexOf(':');
    if (colon <= 0) throw new MalformedChunkedEncoding(`malformed trailer line "${text.slice(0, 40)}"`);
    const name = text.slice(0, colon).trim().toLowerCase();
    const value = text.slice(colon + 1).trim();
    if (name === 'x-amz-trailer-signature') {
      if (this.mode !== 'signed-trailer')
        throw new MalformedChunkedEncoding('unexpected x-amz-trailer-signature');
      const s = this.signing;
      if (s === undefined) return;
      // The signed text is each trailer line as `name:value\n` (wire form minus the CR).
      const expected = trailerSignature(s.key, s.amzDate, s.scope, this.previousSignature, this.trailerText);
      if (!timingSafeEqualString(expected, value)) throw new SignatureDoesNotMatch();
      this.trailerSigned = true;
      return;
    }
    if (this.mode === 'signed')
      throw new MalformedChunkedEncoding('trailer in a body announced without trailers');
    this.trailerText += `${name}:${value}\n`;
    this.trailerMap[name] = value;
  }

  private finishTrailer(): void {
    if (this.mode === 'signed-trailer' && !this.trailerSigned) {
      throw new MalformedChunkedEncoding('signed trailer without x-amz-trailer-signature');
    }
    this.state = 'done';
  }
}

/** Encodes `data` as an aws-chunked body (for tests and clients): signed when `signing` is given. */
export function encodeAwsChunked(
  data: Uint8Array,
  options: {
    chunkSize: number;
    signing?: AwsChunkedSigning;
    trailers?: Record<string, string>;
  },
): { body: Buffer; finalSignature: string } {
  const parts: Buffer[] = [];
  const s = options.signing;
  let prev = s?.seedSignature ?? '';
  const sign = (piece: Uint8Array): string => {
    if (s === undefined) return '';
    prev = chunkSignature(s.key, s.amzDate, s.scope, prev, createHash('sha256').update(piece).digest('hex'));
    return `;chunk-signature=${prev}`;
  };
  for (let off = 0; off < data.length; off += options.chunkSize) {
    const piece = data.subarray(off, Math.min(data.length, off + options.chunkSize));
    parts.push(
      Buffer.from(`${piece.length.toString(16)}${sign(piece)}\r\n`),
      Buffer.from(piece),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`0${sign(new Uint8Array(0))}\r\n`));
  if (options.trailers !== undefined) {
    let text = '';
    for (const [name, value] of Object.entries(options.trailers)) {
      parts.push(Buffer.from(`${name}:${value}\r\n`));
      text += `${name}:${value}\n`;
    }
    if (s !== undefined) {
      const sig = trailerSignature(s.key, s.amzDate, s.scope, prev, text);
      parts.push(Buffer.from(`x-amz-trailer-signature:${sig}\r\n`));
    }
  }
  parts.push(Buffer.from('\r\n'));
  return { body: Buffer.concat(parts), finalSignature: prev };
}
