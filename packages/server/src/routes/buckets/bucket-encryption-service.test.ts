import { describe, expect, it } from 'vitest';
import { encryptionInfoOf } from './bucket-encryption-service.js';

describe('encryptionInfoOf (minio-js parse of GetBucketEncryption)', () => {
  it('reads one rule (an object) and several rules (an array: the first counts)', () => {
    expect(
      encryptionInfoOf({
        ServerSideEncryptionConfiguration: {
          Rule: { ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
        },
      }),
    ).toEqual({ algorithm: 'AES256' });
    expect(
      encryptionInfoOf({
        ServerSideEncryptionConfiguration: {
          Rule: [
            { ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: 'app-key' } },
            { ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
          ],
        },
      }),
    ).toEqual({ algorithm: 'aws:kms', kmsMasterKeyID: 'app-key' });
  });

  it('leaves out an empty key id, and answers undefined for documents without a default rule', () => {
    expect(
      encryptionInfoOf({
        ServerSideEncryptionConfiguration: {
          Rule: { ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: '' } },
        },
      }),
    ).toEqual({ algorithm: 'aws:kms' });
    expect(encryptionInfoOf({ ServerSideEncryptionConfiguration: { Rule: {} } })).toBeUndefined();
    expect(encryptionInfoOf({ ServerSideEncryptionConfiguration: '' })).toBeUndefined();
    expect(encryptionInfoOf(undefined)).toBeUndefined();
    expect(
      encryptionInfoOf({
        ServerSideEncryptionConfiguration: {
          Rule: { ApplyServerSideEncryptionByDefault: { SSEAlgorithm: '' } },
        },
      }),
    ).toBeUndefined();
  });
});
