/**
 * The Enable Bucket Encryption form's logic, apart from its widgets (spec 1 §4): the type starts
 * as Disabled, becomes SSE-S3 when the stored algorithm is AES256 and SSE-KMS for any other; the
 * KMS key ID is kept only for SSE-KMS (empty: the KMS's default key), and Disabled is the disable
 * call.
 */
import type { BucketEncryptionInfo, BucketEncryptionType } from '../../../shared/api/types.js';
import type { EncryptionChange } from '../api/set-bucket-encryption.js';

export type EncryptionChoice = 'disabled' | BucketEncryptionType;

export const ENCRYPTION_CHOICES: readonly EncryptionChoice[] = ['disabled', 'sse-s3', 'sse-kms'];

export interface EncryptionForm {
  type: EncryptionChoice;
  kmsKeyId: string;
}

/** The card's and the modal's reading of the stored encryption (null: none). */
export function encryptionChoiceOf(info: BucketEncryptionInfo | null | undefined): EncryptionChoice {
  if (info === null || info === undefined) return 'disabled';
  return info.algorithm === 'AES256' ? 'sse-s3' : 'sse-kms';
}

export function initialEncryptionForm(info: BucketEncryptionInfo | null | undefined): EncryptionForm {
  return { type: encryptionChoiceOf(info), kmsKeyId: info?.kmsMasterKeyID ?? '' };
}

/** The change to send; the key id is trimmed (a key name never has surrounding spaces). */
export function toEncryptionChange(form: EncryptionForm): EncryptionChange {
  if (form.type === 'disabled') return null;
  if (form.type === 'sse-s3') return { encType: 'sse-s3' };
  const key = form.kmsKeyId.trim();
  return key === '' ? { encType: 'sse-kms' } : { encType: 'sse-kms', kmsKeyID: key };
}
