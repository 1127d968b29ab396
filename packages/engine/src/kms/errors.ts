/**
 * Errors of the built-in KMS (`kms/`), answered with MinIO's codes (`http/errors.ts`): no KMS
 * configured (501 NotImplemented), an unknown key (400 `KMS.NotFoundException`, what MinIO's S3
 * handlers answer), a key created twice (409 `kms:KeyAlreadyExists`) and a sealed data key that
 * does not unseal — wrong key, wrong context or altered bytes (400 `kms:InvalidCiphertextException`).
 */
import { defineError } from '../common/errors.js';

/** 501 NotImplemented: "Server side encryption specified but KMS is not configured". */
export class KmsNotConfigured extends defineError('KmsNotConfigured') {}
/** 400 KMS.NotFoundException: the named key does not exist. */
export class KmsKeyNotFound extends defineError('KmsKeyNotFound') {}
/** 409 kms:KeyAlreadyExists: `createKey` of a name that is taken (the default key's too). */
export class KmsKeyExists extends defineError('KmsKeyExists') {}
/** 400 kms:InvalidCiphertextException: a sealed data key that does not unseal under its key and context. */
export class KmsDecryptionFailed extends defineError('KmsDecryptionFailed') {}
