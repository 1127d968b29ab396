/**
 * The object key of an encrypted version or upload: made and sealed for a write (a KMS data key
 * for SSE-S3 / SSE-KMS, a random key sealed under the customer key for SSE-C) and recovered for a
 * read from the internal fields, with S3's SSE-C rules.
 */
import type { Kms } from '../kms/types.js';
import type { EncryptionRequest } from '../object-layer/types.js';
import { SseEncryptedObject, SseParametersNotApplicable } from './errors.js';
import { newObjectKey, sealWithCustomerKey, unsealWithCustomerKey } from './object-key.js';
import { CURRENT_FORMAT } from './package-format.js';
import { F } from './sse-fields.js';

/** What a read needs to know about the caller's SSE-C key. */
export interface CustomerKeyCheck {
  customerKey?: Buffer;
}

/** The KMS encryption context of an object: its path, plus the client's SSE-KMS context. */
export function kmsContext(
  bucket: string,
  key: string,
  clientContext: string | undefined,
): Record<string, string> {
  const context: Record<string, string> =
    clientContext !== undefined
      ? (JSON.parse(Buffer.from(clientContext, 'base64').toString('utf8')) as Record<string, string>)
      : {};
  context[`${bucket}/${key}`] = '';
  return context;
}

/**
 * The object key and the internal fields that let a reader recover it (and name the stream format
 * the new version or upload is written in).
 */
export async function newSealedKey(
  kms: Kms,
  bucket: string,
  key: string,
  request: EncryptionRequest,
): Promise<{ objectKey: Buffer; fields: Record<string, string> }> {
  if (request.kind === 'SSE-C') {
    const objectKey = newObjectKey();
    const sealed = sealWithCustomerKey(objectKey, request.customerKey, bucket, key);
    return {
      objectKey,
      fields: {
        [F.kind]: 'SSE-C',
        [F.sealedKey]: sealed.toString('base64'),
        [F.format]: String(CURRENT_FORMAT.version),
      },
    };
  }
  const dataKey = await kms.generateDataKey(request.keyId, kmsContext(bucket, key, request.context));
  const fields: Record<string, string> = {
    [F.kind]: request.kind,
    [F.keyId]: dataKey.keyId,
    [F.sealedKey]: dataKey.sealed.toString('base64'),
    [F.format]: String(CURRENT_FORMAT.version),
  };
  if (request.context !== undefined) fields[F.context] = request.context;
  return { objectKey: dataKey.plaintext, fields };
}

/**
 * Recover the object key of a version or upload from its internal fields, enforcing the SSE-C
 * rules: an SSE-C object needs the right key, any other refuses one.
 */
export async function openObjectKey(
  kms: Kms,
  bucket: string,
  key: string,
  internal: Record<string, string>,
  check: CustomerKeyCheck,
): Promise<Buffer | undefined> {
  const kind = internal[F.kind];
  if (kind !== 'SSE-C' && check.customerKey !== undefined)
    throw new SseParametersNotApplicable('The encryption parameters are not applicable to this object.', {
      bucket,
      key,
    });
  if (kind === undefined) return undefined;
  const sealed = Buffer.from(internal[F.sealedKey] ?? '', 'base64');
  if (kind === 'SSE-C') {
    if (check.customerKey === undefined)
      throw new SseEncryptedObject(
        'The object was stored using a form of Server Side Encryption. The correct parameters must be provided to retrieve the object.',
        { bucket, key },
      );
    return unsealWithCustomerKey(sealed, check.customerKey, bucket, key);
  }
  return kms.decryptDataKey(internal[F.keyId] ?? '', sealed, kmsContext(bucket, key, internal[F.context]));
}
