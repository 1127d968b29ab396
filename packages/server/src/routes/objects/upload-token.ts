/**
 * Upload tokens: which account may continue a multipart upload, and with which part size.
 *
 * S3 lets anyone allowed to write the key add parts to an upload whose id they know. The console
 * narrows that to the account that started it: `create` answers a token — the part size and an
 * HMAC-SHA-256 (key derived from the console's session key) over account, bucket, key, upload id
 * and part size — and every later call on the upload must present it. Stateless (nothing to
 * store or expire), valid across session renewal and a new sign-in of the same account, useless to
 * another account or for another key.
 */
import { createHmac } from 'node:crypto';
import { timingSafeEqualString } from '@coffer/protocol';

export interface UploadIdentity {
  account: string;
  bucket: string;
  key: string;
  uploadId: string;
}

export class UploadTokens {
  private readonly key: Buffer;

  constructor(sessionKey: Buffer) {
    // A key of its own, so an upload token can never be confused with anything else the session key protects.
    this.key = createHmac('sha256', sessionKey).update('coffer multipart upload tokens v1').digest();
  }

  private mac(id: UploadIdentity, partSize: number): string {
    const message = [id.account, id.bucket, id.key, id.uploadId, String(partSize)]
      .map((field) => `${Buffer.byteLength(field)}:${field}`)
      .join('\n');
    return createHmac('sha256', this.key).update(message).digest('base64url');
  }

  /** `<part size>.<mac>` */
  issue(id: UploadIdentity, partSize: number): string {
    return `${partSize}.${this.mac(id, partSize)}`;
  }

  /** The part size the token was issued with, or undefined when it is not valid for `id`. */
  verify(id: UploadIdentity, token: string): number | undefined {
    const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (m === null) return undefined;
    const partSize = Number(m[1]);
    return timingSafeEqualString(m[2] ?? '', this.mac(id, partSize)) ? partSize : undefined;
  }
}
