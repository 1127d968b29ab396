/**
 * MinIO's remote tier configuration (madmin `TierConfig`, wire doc §3.8) as the admin API sends
 * and lists it: `{"Version":"v1","Type":"s3"|"azure"|"gcs"|"minio","Name":"WARM","S3"|"Azure"|
 * "GCS"|"MinIO":{…}}` with capitalised keys. `parseTierConfig` applies madmin's decoding rules
 * (version v1, a known type, the matching sub-object present, a name) and MinIO's add checks
 * (reserved and upper-case names); `redactTierConfig` is the list form (all four sub-objects, the
 * secret replaced by "REDACTED"); `applyTierCreds` is the edit-credentials call (`TierCreds`).
 */
import {
  TierInvalidConfig,
  TierInvalidConfigVersion,
  TierMissingCredentials,
  TierNameNotUppercase,
  TierReserved,
  TierTypeUnsupported,
} from './errors.js';

export type TierType = 's3' | 'azure' | 'gcs' | 'minio';

export interface TierS3 {
  Endpoint?: string;
  AccessKey?: string;
  SecretKey?: string;
  Bucket?: string;
  Prefix?: string;
  Region?: string;
  StorageClass?: string;
  AWSRole?: boolean;
  AWSRoleWebIdentityTokenFile?: string;
  AWSRoleARN?: string;
  AWSRoleSessionName?: string;
  AWSRoleDurationSeconds?: number;
}

export interface TierMinIO {
  Endpoint?: string;
  AccessKey?: string;
  SecretKey?: string;
  Bucket?: string;
  Prefix?: string;
  Region?: string;
}

export interface TierAzure {
  Endpoint?: string;
  AccountName?: string;
  AccountKey?: string;
  Bucket?: string;
  Prefix?: string;
  Region?: string;
  StorageClass?: string;
  SPAuth?: { TenantID?: string; ClientID?: string; ClientSecret?: string };
}

export interface TierGCS {
  Endpoint?: string;
  /** Base64 of a service-account credentials.json. */
  Creds?: string;
  Bucket?: string;
  Prefix?: string;
  Region?: string;
  StorageClass?: string;
}

export interface TierConfig {
  Version: 'v1';
  Type: TierType;
  Name: string;
  S3?: TierS3;
  Azure?: TierAzure;
  GCS?: TierGCS;
  MinIO?: TierMinIO;
}

/** The fields every backend has, whatever its type. */
export interface TierCommon {
  endpoint: string;
  bucket: string;
  prefix: string;
  region: string;
}

const SUB_OBJECT = { s3: 'S3', azure: 'Azure', gcs: 'GCS', minio: 'MinIO' } as const;

/** MinIO's own storage classes, which a tier may not be named. */
const RESERVED_NAMES = new Set(['STANDARD', 'REDUCED_REDUNDANCY']);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Only the string fields named, as strings (anything else in the body is dropped). */
function pickStrings(source: Record<string, unknown>, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const v = source[name];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') throw new TierInvalidConfig(`${name} must be a string`);
    if (v !== '') out[name] = v;
  }
  return out;
}

const COMMON = ['Endpoint', 'Bucket', 'Prefix', 'Region'] as const;

type TierSub = TierS3 | TierMinIO | TierAzure | TierGCS;

function readSub(type: TierType, raw: Record<string, unknown>): TierSub {
  switch (type) {
    case 's3': {
      const s3: TierS3 = pickStrings(raw, [
        ...COMMON,
        'AccessKey',
        'SecretKey',
        'StorageClass',
        'AWSRoleWebIdentityTokenFile',
        'AWSRoleARN',
        'AWSRoleSessionName',
      ]);
      if (raw.AWSRole === true) s3.AWSRole = true;
      if (typeof raw.AWSRoleDurationSeconds === 'number')
        s3.AWSRoleDurationSeconds = raw.AWSRoleDurationSeconds;
      return s3;
    }
    case 'minio':
      return pickStrings(raw, [...COMMON, 'AccessKey', 'SecretKey']);
    case 'azure': {
      const az: TierAzure = pickStrings(raw, [...COMMON, 'AccountName', 'AccountKey', 'StorageClass']);
      if (isObject(raw.SPAuth)) {
        const sp = pickStrings(raw.SPAuth, ['TenantID', 'ClientID', 'ClientSecret']);
        if (Object.keys(sp).length > 0) az.SPAuth = sp;
      }
      return az;
    }
    case 'gcs':
      return pickStrings(raw, [...COMMON, 'Creds', 'StorageClass']);
  }
}

/** Parse an added tier's JSON (`PUT /tier`); see the module comment for the errors. */
export function parseTierConfig(doc: Record<string, unknown>): TierConfig {
  if (doc.Version !== 'v1') throw new TierInvalidConfigVersion();
  const type = doc.Type;
  if (type !== 's3' && type !== 'azure' && type !== 'gcs' && type !== 'minio')
    throw new TierTypeUnsupported();
  const key = SUB_OBJECT[type];
  const raw = doc[key];
  if (!isObject(raw)) throw new TierInvalidConfig();
  const name = typeof doc.Name === 'string' ? doc.Name : '';
  if (name === '') throw new TierInvalidConfig('remote tier name empty');
  if (RESERVED_NAMES.has(name)) throw new TierReserved();
  if (name !== name.toUpperCase()) throw new TierNameNotUppercase();
  const config = { Version: 'v1', Type: type, Name: name, [key]: readSub(type, raw) } as TierConfig;
  const common = tierCommon(config);
  if (common.bucket === '') throw new TierInvalidConfig('the remote bucket is required');
  if (!hasCredentials(config)) throw new TierMissingCredentials();
  return config;
}

function hasCredentials(config: TierConfig): boolean {
  switch (config.Type) {
    case 's3':
      return config.S3?.AWSRole === true || (!!config.S3?.AccessKey && !!config.S3.SecretKey);
    case 'minio':
      return !!config.MinIO?.AccessKey && !!config.MinIO.SecretKey;
    case 'azure':
      return (
        !!config.Azure?.AccountName && (!!config.Azure.AccountKey || !!config.Azure.SPAuth?.ClientSecret)
      );
    case 'gcs':
      return !!config.GCS?.Creds;
  }
}

/** Endpoint, bucket, prefix and region of any type. */
export function tierCommon(config: TierConfig): TierCommon {
  const sub = config[SUB_OBJECT[config.Type]] ?? {};
  return {
    endpoint: sub.Endpoint ?? '',
    bucket: sub.Bucket ?? '',
    prefix: sub.Prefix ?? '',
    region: sub.Region ?? '',
  };
}

/** The list form: every sub-object present, the secret of the configured one "REDACTED". */
export function redactTierConfig(config: TierConfig): Record<string, unknown> {
  const out: Record<string, unknown> = {
    Version: config.Version,
    Type: config.Type,
    Name: config.Name,
    S3: {},
    Azure: { SPAuth: {} },
    GCS: {},
    MinIO: {},
  };
  switch (config.Type) {
    case 's3':
      out.S3 = { ...config.S3, SecretKey: 'REDACTED' };
      break;
    case 'minio':
      out.MinIO = { ...config.MinIO, SecretKey: 'REDACTED' };
      break;
    case 'azure':
      out.Azure = { SPAuth: {}, ...config.Azure, AccountKey: 'REDACTED' };
      break;
    case 'gcs':
      out.GCS = { ...config.GCS, Creds: 'REDACTED' };
      break;
  }
  return out;
}

/**
 * New credentials for a tier (`POST /tier/{name}`, madmin `TierCreds`: `access`, `secret`,
 * `creds` (base64 of credentials.json, GCS), `awsrole`, `azSP`). Returns the edited copy; a body
 * that gives nothing usable for the type is XMinioAdminTierMissingCredentials, as MinIO answers.
 */
export function applyTierCreds(config: TierConfig, creds: Record<string, unknown>): TierConfig {
  const str = (name: string): string => (typeof creds[name] === 'string' ? (creds[name] as string) : '');
  const next: TierConfig = JSON.parse(JSON.stringify(config)) as TierConfig;
  switch (config.Type) {
    case 's3': {
      const s3 = (next.S3 ??= {});
      if (creds.awsrole === true) {
        s3.AWSRole = true;
        break;
      }
      if (str('access') === '' || str('secret') === '') throw new TierMissingCredentials();
      s3.AccessKey = str('access');
      s3.SecretKey = str('secret');
      break;
    }
    case 'minio': {
      if (str('access') === '' || str('secret') === '') throw new TierMissingCredentials();
      const m = (next.MinIO ??= {});
      m.AccessKey = str('access');
      m.SecretKey = str('secret');
      break;
    }
    case 'azure': {
      const az = (next.Azure ??= {});
      const sp = isObject(creds.azSP)
        ? pickStrings(creds.azSP, ['TenantID', 'ClientID', 'ClientSecret'])
        : {};
      if (sp.ClientSecret !== undefined) az.SPAuth = sp;
      else if (str('secret') !== '') az.AccountKey = str('secret');
      else throw new TierMissingCredentials();
      break;
    }
    case 'gcs': {
      // madmin sends the credentials file as base64 of its bytes (Go's []byte in JSON).
      if (str('creds') === '') throw new TierMissingCredentials();
      (next.GCS ??= {}).Creds = str('creds');
      break;
    }
  }
  return next;
}
