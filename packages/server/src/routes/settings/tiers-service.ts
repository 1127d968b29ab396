/**
 * Remote tiers (spec 3 §3 "Tier", §7) over the admin API's tier calls (wire doc §3.8): the list as
 * `items` of a type and a nested object named after it, a new tier turned into MinIO's
 * `TierConfig` (MinIO tiers arrive as s3, spec 3 §3), and new credentials as `TierCreds`.
 */
import type { AdminClient, TierConfig } from '@coffer/admin-client';
import type {
  AddTierRequest,
  ListTiersResponse,
  TierItem,
  UpdateTierCredentialsRequest,
} from '@coffer/contract';

const KEY_OF_TYPE = { s3: 'S3', gcs: 'GCS', azure: 'Azure', minio: 'MinIO' } as const;

/** One listed tier (secrets are not part of it). */
export function tierItemOf(config: TierConfig): TierItem | undefined {
  const type = config.Type;
  if (!(type in KEY_OF_TYPE)) return undefined;
  const fields = config[KEY_OF_TYPE[type]] ?? {};
  return {
    type,
    [type]: {
      name: config.Name,
      endpoint: fields.Endpoint ?? '',
      bucket: fields.Bucket ?? '',
      prefix: fields.Prefix ?? '',
      region: fields.Region ?? '',
      ...(fields.StorageClass ? { storageclass: fields.StorageClass } : {}),
    },
  };
}

/** GET /admin/tiers. */
export async function listTiers(admin: AdminClient): Promise<ListTiersResponse> {
  const tiers = await admin.listTiers();
  return { items: tiers.map(tierItemOf).filter((t): t is TierItem => t !== undefined) };
}

/** The `TierConfig` of a new tier. */
export function tierConfigOf(req: AddTierRequest): TierConfig {
  switch (req.type) {
    case 's3': {
      const t = req.s3;
      return {
        Version: 'v1',
        Type: 's3',
        Name: t.name,
        S3: {
          Endpoint: t.endpoint,
          AccessKey: t.accesskey,
          SecretKey: t.secretkey,
          Bucket: t.bucket,
          Prefix: t.prefix,
          Region: t.region,
          StorageClass: t.storageclass ?? '',
        },
      };
    }
    case 'gcs': {
      const t = req.gcs;
      return {
        Version: 'v1',
        Type: 'gcs',
        Name: t.name,
        GCS: { Endpoint: t.endpoint, Creds: t.creds, Bucket: t.bucket, Prefix: t.prefix, Region: t.region },
      };
    }
    case 'azure': {
      const t = req.azure;
      return {
        Version: 'v1',
        Type: 'azure',
        Name: t.name,
        Azure: {
          Endpoint: t.endpoint,
          AccountName: t.accountname,
          AccountKey: t.accountkey,
          Bucket: t.bucket,
          Prefix: t.prefix,
          Region: t.region,
        },
      };
    }
  }
}

/** POST /admin/tiers: answers the list with the new tier. */
export async function addTier(admin: AdminClient, req: AddTierRequest): Promise<ListTiersResponse> {
  await admin.addTier(tierConfigOf(req));
  return listTiers(admin);
}

/** PUT /admin/tiers/{type}/{name}/credentials. */
export async function updateTierCredentials(
  admin: AdminClient,
  name: string,
  req: UpdateTierCredentialsRequest,
): Promise<void> {
  await admin.editTierCredentials(
    name,
    'creds' in req ? { creds: req.creds } : { access: req.access_key, secret: req.secret_key },
  );
}
