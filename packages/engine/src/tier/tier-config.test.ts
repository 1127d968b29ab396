import { describe, expect, it } from 'vitest';
import { applyTierCreds, parseTierConfig, redactTierConfig } from './tier-config.js';
import { createWarmBackend } from './backends.js';
import {
  TierInvalidConfig,
  TierInvalidConfigVersion,
  TierMissingCredentials,
  TierNameNotUppercase,
  TierReserved,
  TierTypeUnsupported,
} from './errors.js';

const s3 = {
  Version: 'v1',
  Type: 's3',
  Name: 'COLD',
  S3: {
    Endpoint: 'https://s3.amazonaws.com',
    AccessKey: 'AK',
    SecretKey: 'SK',
    Bucket: 'b',
    Prefix: 'p/',
    Region: 'us-east-1',
    StorageClass: 'GLACIER',
  },
};

describe('TierConfig (madmin decoding and MinIO add rules)', () => {
  it('accepts each type with its sub-object and keeps only its known fields', () => {
    expect(parseTierConfig({ ...s3, S3: { ...s3.S3, Extra: 'dropped' } }).S3).toEqual(s3.S3);
    const az = parseTierConfig({
      Version: 'v1',
      Type: 'azure',
      Name: 'AZ',
      Azure: { AccountName: 'acct', AccountKey: 'key', Bucket: 'c' },
    });
    expect(az.Azure).toEqual({ AccountName: 'acct', AccountKey: 'key', Bucket: 'c' });
    const gcs = parseTierConfig({
      Version: 'v1',
      Type: 'gcs',
      Name: 'G',
      GCS: { Creds: 'e30=', Bucket: 'g' },
    });
    expect(gcs.GCS).toEqual({ Creds: 'e30=', Bucket: 'g' });
  });

  it('refuses what MinIO refuses, with its errors', () => {
    expect(() => parseTierConfig({ ...s3, Version: 'v2' })).toThrow(TierInvalidConfigVersion);
    expect(() => parseTierConfig({ ...s3, Type: 'ftp' })).toThrow(TierTypeUnsupported);
    expect(() => parseTierConfig({ ...s3, S3: undefined, MinIO: s3.S3 })).toThrow(TierInvalidConfig);
    expect(() => parseTierConfig({ ...s3, Name: '' })).toThrow(TierInvalidConfig);
    expect(() => parseTierConfig({ ...s3, Name: 'STANDARD' })).toThrow(TierReserved);
    expect(() => parseTierConfig({ ...s3, Name: 'REDUCED_REDUNDANCY' })).toThrow(TierReserved);
    expect(() => parseTierConfig({ ...s3, Name: 'Cold' })).toThrow(TierNameNotUppercase);
    expect(() => parseTierConfig({ ...s3, S3: { ...s3.S3, SecretKey: '' } })).toThrow(TierMissingCredentials);
    expect(() => parseTierConfig({ ...s3, S3: { ...s3.S3, Bucket: '' } })).toThrow(TierInvalidConfig);
  });

  it('lists every type object with the secret redacted', () => {
    expect(redactTierConfig(parseTierConfig(s3))).toEqual({
      Version: 'v1',
      Type: 's3',
      Name: 'COLD',
      S3: { ...s3.S3, SecretKey: 'REDACTED' },
      Azure: { SPAuth: {} },
      GCS: {},
      MinIO: {},
    });
  });

  it('edits credentials per type (TierCreds) and refuses empty ones', () => {
    const cfg = parseTierConfig(s3);
    expect(applyTierCreds(cfg, { access: 'A2', secret: 'S2' }).S3).toMatchObject({
      AccessKey: 'A2',
      SecretKey: 'S2',
    });
    expect(cfg.S3?.AccessKey).toBe('AK');
    expect(() => applyTierCreds(cfg, { access: 'A2' })).toThrow(TierMissingCredentials);
    const gcs = parseTierConfig({
      Version: 'v1',
      Type: 'gcs',
      Name: 'G',
      GCS: { Creds: 'e30=', Bucket: 'g' },
    });
    expect(applyTierCreds(gcs, { creds: 'eyJ9' }).GCS?.Creds).toBe('eyJ9');
  });
});

describe('warm backends', () => {
  it('answers XMinioAdminTierInvalidConfig for an endpoint that is not a URL', () => {
    const cfg = parseTierConfig({ ...s3, S3: { ...s3.S3, Endpoint: 'http://[bad' } });
    expect(() => createWarmBackend(cfg)).toThrow(TierInvalidConfig);
  });
});
