/**
 * The SSE headers of S3 requests (issue 8 §2, MinIO's rules and error codes): which encryption a
 * write asks for (`x-amz-server-side-encryption` AES256 / aws:kms with key id and context, or the
 * SSE-C customer-key triple), the bucket's default encryption when it asks for none, the customer
 * key of a read or copy source, and the SSE headers of responses. Everything is validated before a
 * body is read: an unknown algorithm is refused, never ignored; SSE-KMS/SSE-S3 without a KMS is 501.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { RequestContext } from '../http/context.js';
import { plainAddress } from '../http/client-address.js';
import type { EncryptionRequest, ObjectEncryption } from '../object-layer/types.js';
import { KmsKeyNotFound, KmsNotConfigured } from '../kms/errors.js';
import {
  SseHeadersOnRead,
  SseInsecureCustomerRequest,
  SseInvalidArgument,
  SseInvalidEncryptionMethod,
} from '../crypto/errors.js';
import type { ObjectTarget } from './object-request.js';

const SSE = 'x-amz-server-side-encryption';
const KMS_KEY_ID = 'x-amz-server-side-encryption-aws-kms-key-id';
const KMS_CONTEXT = 'x-amz-server-side-encryption-context';
const CUSTOMER = 'x-amz-server-side-encryption-customer-';
const COPY_SOURCE_CUSTOMER = 'x-amz-copy-source-server-side-encryption-customer-';
/** MinIO shows (and accepts) KMS key ids with this prefix. */
const ARN_PREFIX = 'arn:aws:kms:';

/** A KMS key id as the KMS names it (MinIO accepts and shows the `arn:aws:kms:` form too). */
function withoutArn(keyId: string): string {
  return keyId.startsWith(ARN_PREFIX) ? keyId.slice(ARN_PREFIX.length) : keyId;
}

/** Reads one request field (a header, or a POST form field) by its lower-case name. */
export type FieldReader = (name: string) => string | undefined;

/** A field reader over request headers. */
export function headerFields(headers: IncomingHttpHeaders): FieldReader {
  return (name) => {
    const v = headers[name];
    return Array.isArray(v) ? v.join(',') : v;
  };
}

/** A customer key of a request: the key and the MD5 to echo. */
export interface CustomerKey {
  key: Buffer;
  md5: string;
}

function present(value: string | undefined): value is string {
  return value !== undefined && value !== '';
}

/** SSE-C requires TLS (MinIO, S3); the engine has no TLS listener, so loopback clients may use it too. */
function checkSecure(ctx: RequestContext, where: ObjectTarget): void {
  const socket = ctx.req.socket;
  const tls = 'encrypted' in socket && socket.encrypted === true;
  const address = plainAddress(socket.remoteAddress ?? '');
  const loopback = address === '::1' || address.startsWith('127.');
  if (!tls && !loopback)
    throw new SseInsecureCustomerRequest(
      'Requests specifying Server Side Encryption with Customer provided keys must be made over a secure connection.',
      where,
    );
}

/** The SSE-C triple under `prefix`, validated; undefined when none of its fields is sent. */
function readCustomerTriple(read: FieldReader, prefix: string, where: ObjectTarget): CustomerKey | undefined {
  const algorithm = read(`${prefix}algorithm`);
  const keyText = read(`${prefix}key`);
  const md5Text = read(`${prefix}key-md5`);
  if (!present(algorithm) && !present(keyText) && !present(md5Text)) return undefined;
  if (algorithm !== 'AES256')
    throw new SseInvalidArgument(
      'Requests specifying Server Side Encryption with Customer provided keys must provide a valid encryption algorithm.',
      where,
    );
  if (!present(keyText))
    throw new SseInvalidArgument(
      'Requests specifying Server Side Encryption with Customer provided keys must provide an appropriate secret key.',
      where,
    );
  const key = Buffer.from(keyText, 'base64');
  if (key.length !== 32 || key.toString('base64') !== keyText.trim())
    throw new SseInvalidArgument('The secret key was invalid for the specified algorithm.', where);
  if (!present(md5Text))
    throw new SseInvalidArgument(
      'Requests specifying Server Side Encryption with Customer provided keys must provide the client calculated MD5 of the secret key.',
      where,
    );
  const md5 = createHash('md5').update(key).digest('base64');
  if (md5 !== md5Text.trim())
    throw new SseInvalidArgument(
      'The calculated MD5 hash of the key did not match the hash that was provided.',
      where,
    );
  return { key, md5 };
}

/** GET/HEAD: SSE-S3 / SSE-KMS headers are refused (a read takes only SSE-C's), as MinIO does. */
export function refuseSseHeadersOnRead(ctx: RequestContext, where: ObjectTarget): void {
  const read = headerFields(ctx.req.headers);
  if (present(read(SSE)) || present(read(KMS_KEY_ID)))
    throw new SseHeadersOnRead('Server side encryption headers are not allowed on a read.', where);
}

/** The customer key of a read (GET/HEAD, UploadPart), validated. */
export function readCustomerKey(
  ctx: RequestContext,
  where: ObjectTarget,
  read?: FieldReader,
): CustomerKey | undefined {
  const key = readCustomerTriple(read ?? headerFields(ctx.req.headers), CUSTOMER, where);
  if (key !== undefined) checkSecure(ctx, where);
  return key;
}

/** The copy source's customer key (`x-amz-copy-source-server-side-encryption-customer-*`). */
export function readCopySourceCustomerKey(ctx: RequestContext, where: ObjectTarget): CustomerKey | undefined {
  const key = readCustomerTriple(headerFields(ctx.req.headers), COPY_SOURCE_CUSTOMER, where);
  if (key !== undefined) checkSecure(ctx, where);
  return key;
}

/** The base64 JSON object of string values SSE-KMS takes as its encryption context. */
function checkKmsContext(text: string, where: ObjectTarget): void {
  let parsed: unknown;
  try {
    const decoded = Buffer.from(text, 'base64');
    if (decoded.toString('base64').replace(/=+$/, '') !== text.trim().replace(/=+$/, ''))
      throw new Error('base64');
    parsed = JSON.parse(decoded.toString('utf8'));
  } catch {
    throw new SseInvalidArgument('The SSE-KMS encryption context is not base64 encoded JSON.', where);
  }
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    Array.isArray(parsed) ||
    Object.values(parsed).some((v) => typeof v !== 'string')
  )
    throw new SseInvalidArgument('The SSE-KMS encryption context must be a JSON object of strings.', where);
}

/** The KMS must be there, and a named key must exist (MinIO: 501 NotImplemented, 400 KMS.NotFoundException). */
async function checkKms(ctx: RequestContext, keyId: string | undefined, where: ObjectTarget): Promise<void> {
  const kms = ctx.engine.kms;
  if (!kms.configured)
    throw new KmsNotConfigured('Server side encryption specified but KMS is not configured', where);
  if (keyId !== undefined && !(await kms.keyExists(keyId)))
    throw new KmsKeyNotFound(`The KMS key '${keyId}' does not exist.`, where);
}

/**
 * The encryption a write asks for (PutObject, POST fields, CreateMultipartUpload, a copy's
 * destination): its SSE headers, else the bucket's default encryption, else none.
 */
export async function resolveWriteEncryption(
  ctx: RequestContext,
  where: ObjectTarget,
  read: FieldReader = headerFields(ctx.req.headers),
): Promise<{ request?: EncryptionRequest; customerKey?: CustomerKey }> {
  const algorithm = read(SSE);
  const keyId = read(KMS_KEY_ID);
  const context = read(KMS_CONTEXT);
  const customer = readCustomerTriple(read, CUSTOMER, where);
  if (customer !== undefined) {
    if (present(algorithm))
      throw new SseInvalidArgument(
        'Server side encryption specified with both SSE-C and SSE-S3 headers',
        where,
      );
    checkSecure(ctx, where);
    return { request: { kind: 'SSE-C', customerKey: customer.key }, customerKey: customer };
  }
  if (algorithm !== undefined) {
    if (algorithm === 'AES256') {
      if (present(keyId) || present(context))
        throw new SseInvalidArgument(
          'Server Side Encryption with AWS KMS managed key requires HTTP header x-amz-server-side-encryption : aws:kms',
          where,
        );
      await checkKms(ctx, undefined, where);
      return { request: { kind: 'SSE-S3' } };
    }
    if (algorithm === 'aws:kms') {
      const id = present(keyId) ? withoutArn(keyId) : undefined;
      if (present(context)) checkKmsContext(context, where);
      await checkKms(ctx, id, where);
      const request: EncryptionRequest = { kind: 'SSE-KMS' };
      if (id !== undefined) request.keyId = id;
      if (present(context)) request.context = context.trim();
      return { request };
    }
    throw new SseInvalidEncryptionMethod('The encryption method specified is not supported', where);
  }
  if (present(keyId) || present(context))
    throw new SseInvalidArgument(
      'Server Side Encryption with AWS KMS managed key requires HTTP header x-amz-server-side-encryption : aws:kms',
      where,
    );
  const byDefault = await ctx.engine.bucketMetadata.get(where.bucket, 'encryption');
  if (byDefault === undefined) return {};
  if (byDefault.algorithm === 'AES256') {
    await checkKms(ctx, undefined, where);
    return { request: { kind: 'SSE-S3' } };
  }
  const defaultKey = byDefault.kmsKeyId !== undefined ? withoutArn(byDefault.kmsKeyId) : undefined;
  await checkKms(ctx, defaultKey, where);
  return { request: defaultKey !== undefined ? { kind: 'SSE-KMS', keyId: defaultKey } : { kind: 'SSE-KMS' } };
}

/**
 * The SSE response headers of an object (or upload) encrypted as `encryption`. The SSE-KMS
 * context is echoed by writes only (as S3: reads do not return it).
 */
export function setSseResponseHeaders(
  res: ServerResponse,
  encryption: ObjectEncryption | undefined,
  customerKey?: CustomerKey,
  write = false,
): void {
  if (encryption === undefined) return;
  switch (encryption.kind) {
    case 'SSE-S3':
      res.setHeader(SSE, 'AES256');
      return;
    case 'SSE-KMS':
      res.setHeader(SSE, 'aws:kms');
      if (encryption.keyId !== undefined) res.setHeader(KMS_KEY_ID, `${ARN_PREFIX}${encryption.keyId}`);
      if (write && encryption.context !== undefined) res.setHeader(KMS_CONTEXT, encryption.context);
      return;
    case 'SSE-C':
      res.setHeader(`${CUSTOMER}algorithm`, 'AES256');
      if (customerKey !== undefined) res.setHeader(`${CUSTOMER}key-MD5`, customerKey.md5);
      return;
  }
}
