/**
 * How each bucket configuration is kept in `BucketMetadata` and read back: the stored text's place
 * (`BucketMetadata.configs[key]`, or for versioning the bucket's status plus MinIO's extension
 * document) and the parser that turns it into the typed document. `BucketMetadataService` caches
 * the parse per stored text; tests inject counting parsers through `BucketMetadataOptions.codecs`.
 */
import type { BucketMetadata } from '../object-layer/types.js';
import { parseBucketEncryption, type BucketEncryption } from './encryption.js';
import { parseBucketPolicy, type BucketPolicy } from './bucket-policy.js';
import { parseBucketTagging, type BucketTagging } from './bucket-tagging.js';
import { BUCKET_CONFIG, type BucketConfigName } from './configs.js';
import { parseCorsConfiguration, type CorsConfiguration } from './cors.js';
import { parseLifecycleConfiguration, type LifecycleConfiguration } from './lifecycle.js';
import { parseNotificationConfiguration, type NotificationConfiguration } from './notification.js';
import { parseObjectLockConfiguration, type ObjectLockConfig } from './object-lock.js';
import { parsePublicAccessBlock, type PublicAccessBlock } from './public-access-block.js';
import { parseQuotaRequest, type BucketQuota } from './quota.js';
import { parseReplicationConfiguration, type ReplicationConfiguration } from './replication.js';
import { parseRemoteTargets, type RemoteTargetsDocument } from './remote-targets.js';
import { parseVersioningConfiguration, type VersioningConfig } from './versioning.js';
import { rootElement } from './xml-fields.js';

/** The website configuration is kept as sent (S3 website hosting is not served). */
export interface WebsiteConfiguration {
  xml: string;
}

/** Every bucket configuration the service owns, by kind, with its typed document. */
export interface BucketConfigTypes {
  versioning: VersioningConfig;
  objectLock: ObjectLockConfig;
  quota: BucketQuota;
  policy: BucketPolicy;
  encryption: BucketEncryption;
  tagging: BucketTagging;
  lifecycle: LifecycleConfiguration;
  replication: ReplicationConfiguration;
  notification: NotificationConfiguration;
  cors: CorsConfiguration;
  website: WebsiteConfiguration;
  publicAccessBlock: PublicAccessBlock;
  remoteTargets: RemoteTargetsDocument;
}

export type BucketConfigKind = keyof BucketConfigTypes;

export interface ConfigCodec<T> {
  /** Parse (and validate) a stored or sent document; undefined when it sets nothing (a zero quota). */
  parse(text: string): T | undefined;
  /** The stored text of this configuration in `meta`, undefined when none is set. */
  read(meta: BucketMetadata): string | undefined;
  /** Store `text` (undefined: remove) with its parsed `value` into `meta`. */
  write(meta: BucketMetadata, text: string | undefined, value: T | undefined): void;
}

export type ConfigCodecs = { [K in BucketConfigKind]: ConfigCodec<BucketConfigTypes[K]> };

/** A configuration kept as text in `meta.configs[key]`. */
function stored<T>(key: BucketConfigName, parse: (text: string) => T | undefined): ConfigCodec<T> {
  return {
    parse,
    read: (meta) => {
      const text = meta.configs[key];
      return text === undefined || text === '' ? undefined : text;
    },
    write: (meta, text) => {
      if (text === undefined) delete meta.configs[key];
      else meta.configs[key] = text;
    },
  };
}

/**
 * Versioning: the status lives in `meta.versioning` (the object layer needs it on every write);
 * the document is stored only when it carries MinIO's ExcludedPrefixes / ExcludeFolders.
 */
const versioningCodec: ConfigCodec<VersioningConfig> = {
  parse: parseVersioningConfiguration,
  read: (meta) => {
    if (meta.versioning === 'Unversioned') return undefined;
    const doc = meta.configs[BUCKET_CONFIG.versioning];
    // The extension document is written together with the status, so it names the same status.
    if (meta.versioning === 'Enabled' && doc !== undefined && doc !== '') return doc;
    return `<VersioningConfiguration><Status>${meta.versioning}</Status></VersioningConfiguration>`;
  },
  write: (meta, text, value) => {
    if (value === undefined || text === undefined) {
      // Versioning cannot be removed once set (S3); removal is refused before it gets here.
      return;
    }
    meta.versioning = value.status;
    if (value.excludedPrefixes.length > 0 || value.excludeFolders) {
      meta.configs[BUCKET_CONFIG.versioning] = text;
      // The layer applies the exclusions itself on every write and delete.
      meta.versioningExcluded = { prefixes: [...value.excludedPrefixes], folders: value.excludeFolders };
    } else {
      delete meta.configs[BUCKET_CONFIG.versioning];
      delete meta.versioningExcluded;
    }
  },
};

/** The parsers and storage places of a running engine. */
export function defaultConfigCodecs(): ConfigCodecs {
  return {
    versioning: versioningCodec,
    objectLock: stored(BUCKET_CONFIG.objectLock, (text) => parseObjectLockConfiguration(text)),
    quota: stored(BUCKET_CONFIG.quota, (text) => parseQuotaRequest(Buffer.from(text, 'utf8'))),
    policy: stored(BUCKET_CONFIG.policy, parseBucketPolicy),
    encryption: stored(BUCKET_CONFIG.encryption, parseBucketEncryption),
    tagging: stored(BUCKET_CONFIG.tagging, parseBucketTagging),
    lifecycle: stored(BUCKET_CONFIG.lifecycle, parseLifecycleConfiguration),
    replication: stored(BUCKET_CONFIG.replication, parseReplicationConfiguration),
    notification: stored(BUCKET_CONFIG.notification, parseNotificationConfiguration),
    cors: stored(BUCKET_CONFIG.cors, parseCorsConfiguration),
    website: stored(BUCKET_CONFIG.website, (xml) => {
      rootElement(xml, 'WebsiteConfiguration');
      return { xml };
    }),
    publicAccessBlock: stored(BUCKET_CONFIG.publicAccessBlock, parsePublicAccessBlock),
    remoteTargets: stored(BUCKET_CONFIG.remoteTargets, parseRemoteTargets),
  };
}
