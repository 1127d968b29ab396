/**
 * A bucket's default encryption (spec 1 §7 `encryption/info`, `encryption/enable`,
 * `encryption/disable`), over S3 with the session's own credentials — PutBucketEncryption,
 * GetBucketEncryption, DeleteBucketEncryption — so the storage server decides who may read or
 * change it, and judges the KMS key (an unknown one comes back as its `KMS.NotFoundException`).
 *
 * A bucket without a configuration answers 404 `not_found` with exactly the message 'The server
 * side encryption configuration was not found' (spec 1 §8: the browser shows "disabled" for it),
 * whatever wording the storage server used.
 */
import type { BucketEncryptionInfo, EnableBucketEncryptionRequestSchema } from '@coffer/contract';
import type { Client } from 'minio';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { ConsoleError } from '../../errors.js';
import type { Session } from '../../session/session-store.js';

type EnableRequest = z.output<typeof EnableBucketEncryptionRequestSchema>;
type EncryptionConfig = NonNullable<Parameters<Client['setBucketEncryption']>[1]>;

/** Spec 1 §8: the message the browser reads as "no encryption". */
export const ENCRYPTION_NOT_FOUND_MESSAGE = 'The server side encryption configuration was not found';

/** S3's code for a bucket without a default encryption. */
const NOT_FOUND_CODE = 'ServerSideEncryptionConfigurationNotFoundError';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first value of an XML field minio-js parsed (a single element is a value, several an array). */
function first(value: unknown): unknown {
  return Array.isArray(value) ? (value as unknown[])[0] : value;
}

/**
 * The algorithm and key of minio-js's parse of a ServerSideEncryptionConfiguration document
 * (`{ ServerSideEncryptionConfiguration: { Rule: { ApplyServerSideEncryptionByDefault: … } } }`).
 */
export function encryptionInfoOf(parsed: unknown): BucketEncryptionInfo | undefined {
  const root = isRecord(parsed) ? parsed.ServerSideEncryptionConfiguration : undefined;
  const rule = first(isRecord(root) ? root.Rule : undefined);
  const apply = first(isRecord(rule) ? rule.ApplyServerSideEncryptionByDefault : undefined);
  if (!isRecord(apply)) return undefined;
  const algorithm = first(apply.SSEAlgorithm);
  if (typeof algorithm !== 'string' || algorithm === '') return undefined;
  const key = first(apply.KMSMasterKeyID);
  return typeof key === 'string' && key !== '' ? { algorithm, kmsMasterKeyID: key } : { algorithm };
}

function notFound(detail: string): ConsoleError {
  return new ConsoleError('not_found', ENCRYPTION_NOT_FOUND_MESSAGE, detail);
}

export async function getBucketEncryptionInfo(
  ctx: AppContext,
  session: Session,
  bucket: string,
): Promise<BucketEncryptionInfo> {
  let parsed: unknown;
  try {
    parsed = await ctx.clients.forSession(session).s3.getBucketEncryption(bucket);
  } catch (err) {
    // Every other failure (NoSuchBucket, AccessDenied…) is the storage server's answer.
    if (err instanceof Error && (err as Error & { code?: unknown }).code === NOT_FOUND_CODE) {
      throw notFound(`${NOT_FOUND_CODE}: ${err.message}`);
    }
    throw err;
  }
  const info = encryptionInfoOf(parsed);
  // A document without a rule encrypts nothing: the same as none.
  if (info === undefined) throw notFound('The stored configuration has no default encryption rule');
  return info;
}

export async function enableBucketEncryption(
  ctx: AppContext,
  session: Session,
  bucket: string,
  req: EnableRequest,
): Promise<BucketEncryptionInfo> {
  const keyId = req.encType === 'sse-kms' ? (req.kmsKeyID ?? '') : '';
  // S3 spells the element KMSMasterKeyID (minio-js's type says KmsMasterKeyID, which servers ignore).
  const apply =
    req.encType === 'sse-s3'
      ? { SSEAlgorithm: 'AES256' }
      : keyId === ''
        ? { SSEAlgorithm: 'aws:kms' }
        : { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: keyId };
  const config: EncryptionConfig = { Rule: [{ ApplyServerSideEncryptionByDefault: apply }] };
  await ctx.clients.forSession(session).s3.setBucketEncryption(bucket, config);
  return getBucketEncryptionInfo(ctx, session, bucket);
}

export async function disableBucketEncryption(
  ctx: AppContext,
  session: Session,
  bucket: string,
): Promise<void> {
  await ctx.clients.forSession(session).s3.removeBucketEncryption(bucket);
}
