/**
 * The warm backend for a tier configuration (S3 and MinIO share the S3 client). A configuration
 * the client cannot even be built from (an endpoint that is not a URL, an account key that is not
 * base64) is XMinioAdminTierInvalidConfig, not a server error.
 */
import { EngineError } from '../common/errors.js';
import { AzureBackend } from './azure-backend.js';
import { TierInvalidConfig } from './errors.js';
import { GcsBackend } from './gcs-backend.js';
import { S3Backend } from './s3-backend.js';
import { tierCommon, type TierConfig } from './tier-config.js';
import type { WarmBackend } from './warm-backend.js';

export function createWarmBackend(config: TierConfig): WarmBackend {
  try {
    return buildBackend(config);
  } catch (error) {
    if (error instanceof EngineError) throw error;
    throw new TierInvalidConfig(
      `invalid tier config: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function buildBackend(config: TierConfig): WarmBackend {
  const common = tierCommon(config);
  switch (config.Type) {
    case 's3':
      return new S3Backend({
        ...common,
        accessKey: config.S3?.AccessKey ?? '',
        secretKey: config.S3?.SecretKey ?? '',
        ...(config.S3?.StorageClass ? { storageClass: config.S3.StorageClass } : {}),
      });
    case 'minio':
      return new S3Backend({
        ...common,
        accessKey: config.MinIO?.AccessKey ?? '',
        secretKey: config.MinIO?.SecretKey ?? '',
      });
    case 'azure':
      return new AzureBackend({
        ...common,
        accountName: config.Azure?.AccountName ?? '',
        accountKey: config.Azure?.AccountKey ?? '',
        ...(config.Azure?.StorageClass ? { storageClass: config.Azure.StorageClass } : {}),
      });
    case 'gcs':
      return new GcsBackend({
        ...common,
        creds: config.GCS?.Creds ?? '',
        ...(config.GCS?.StorageClass ? { storageClass: config.GCS.StorageClass } : {}),
      });
  }
}
