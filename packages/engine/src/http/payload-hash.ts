/**
 * A pass-through stream that checks the body against the hex SHA-256 the request signed
 * (x-amz-content-sha256). Bytes flow through unchanged; at the end the digest is compared and, on a
 * mismatch, the stream errors with ContentSha256Mismatch instead of ending, so a consumer that
 * commits only on 'end' (the object layer) never stores a body the client did not sign.
 */
import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { ContentSha256Mismatch } from './request-errors.js';

export class Sha256VerifyStream extends Transform {
  private readonly hash: Hash = createHash('sha256');

  constructor(private readonly expectedHex: string) {
    super();
  }

  override _transform(chunk: Buffer | string, _enc: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    const actual = this.hash.digest('hex');
    callback(actual === this.expectedHex.toLowerCase() ? null : new ContentSha256Mismatch());
  }
}
