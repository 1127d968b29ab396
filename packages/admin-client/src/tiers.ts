/**
 * Remote tiers (wire doc §3.8): add (`TierConfig`, encrypted), list (secrets redacted), edit
 * credentials (`TierCreds`, encrypted), remove and verify. `TierConfig` uses MinIO's capitalised
 * keys; `Version` is always "v1".
 */
import type { AdminTransport, CallOptions } from './admin-client.js';

export type TierConfigType = 's3' | 'azure' | 'gcs' | 'minio';

interface TierCommon {
  Endpoint: string;
  Bucket: string;
  Prefix: string;
  Region: string;
  StorageClass?: string;
}

export interface TierS3 extends TierCommon {
  AccessKey: string;
  SecretKey: string;
}
export interface TierAzure extends TierCommon {
  AccountName: string;
  AccountKey: string;
}
export interface TierGCS extends TierCommon {
  /** base64 of the service account's credentials.json. */
  Creds: string;
}
export type TierMinIO = TierS3;

/** MinIO's `TierConfig`: the sub-object named after `Type` holds the tier's settings. */
export interface TierConfig {
  Version: 'v1';
  Type: TierConfigType;
  Name: string;
  S3?: Partial<TierS3>;
  Azure?: Partial<TierAzure>;
  GCS?: Partial<TierGCS>;
  MinIO?: Partial<TierMinIO>;
}

/** MinIO's `TierCreds`: the keys of s3/minio/azure tiers, or gcs's credentials file (base64). */
export interface TierCreds {
  access?: string;
  secret?: string;
  creds?: string;
}

export interface TierCalls {
  /** `PUT /tier` (admin:SetTier). */
  addTier(config: TierConfig, options?: CallOptions & { force?: boolean }): Promise<void>;
  /** `GET /tier` (admin:ListTier); secrets come back as "REDACTED". */
  listTiers(options?: CallOptions): Promise<TierConfig[]>;
  /** `POST /tier/{name}` (admin:SetTier): new credentials only. */
  editTierCredentials(name: string, creds: TierCreds, options?: CallOptions): Promise<void>;
  /** `DELETE /tier/{name}` (admin:SetTier). */
  removeTier(name: string, options?: CallOptions & { force?: boolean }): Promise<void>;
}

export function tierCalls({ request, requestJson }: AdminTransport): TierCalls {
  return {
    addTier: async (config, o) => {
      await request({
        method: 'PUT',
        path: '/tier',
        ...(o?.force ? { query: { force: 'true' } } : {}),
        body: config,
        encryptBody: true,
        ...(o?.signal ? { signal: o.signal } : {}),
      });
    },
    listTiers: (o) =>
      requestJson<TierConfig[] | null>({
        method: 'GET',
        path: '/tier',
        ...(o?.signal ? { signal: o.signal } : {}),
      }).then((tiers) => tiers ?? []),
    editTierCredentials: async (name, creds, o) => {
      await request({
        method: 'POST',
        path: `/tier/${encodeURIComponent(name)}`,
        body: creds,
        encryptBody: true,
        ...(o?.signal ? { signal: o.signal } : {}),
      });
    },
    removeTier: async (name, o) => {
      await request({
        method: 'DELETE',
        path: `/tier/${encodeURIComponent(name)}`,
        ...(o?.force ? { query: { force: 'true' } } : {}),
        ...(o?.signal ? { signal: o.signal } : {}),
      });
    },
  };
}
