/**
 * The bucket default encryption (`<ServerSideEncryptionConfiguration><Rule>
 * <ApplyServerSideEncryptionByDefault><SSEAlgorithm>…`): SSE-S3 (`AES256`) or SSE-KMS (`aws:kms`
 * with an optional key ID). Exactly one rule, as S3 and MinIO accept.
 */
import { MalformedXML, NotImplemented } from '../common/errors.js';
import { element, elements, rootElement, text } from './xml-fields.js';

export interface BucketEncryption {
  algorithm: 'AES256' | 'aws:kms';
  /** The KMS key for aws:kms; the default key when absent. */
  kmsKeyId?: string;
}

/** Parse and validate a ServerSideEncryptionConfiguration document. */
export function parseBucketEncryption(xml: string): BucketEncryption {
  const rules = elements(rootElement(xml, 'ServerSideEncryptionConfiguration'), 'Rule');
  if (rules.length !== 1) throw new MalformedXML('Exactly one encryption rule is allowed.');
  const apply = element(rules[0] ?? {}, 'ApplyServerSideEncryptionByDefault');
  if (apply === undefined) throw new MalformedXML();
  const algorithm = text(apply, 'SSEAlgorithm');
  const keyId = text(apply, 'KMSMasterKeyID');
  if (algorithm === 'AES256') {
    if (keyId !== undefined) throw new MalformedXML('KMSMasterKeyID is only allowed with aws:kms.');
    return { algorithm };
  }
  if (algorithm === 'aws:kms')
    return keyId === undefined || keyId === '' ? { algorithm } : { algorithm, kmsKeyId: keyId };
  throw new NotImplemented(`Unsupported SSEAlgorithm '${algorithm ?? ''}'.`);
}
