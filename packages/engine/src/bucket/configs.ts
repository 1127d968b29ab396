/**
 * Where bucket configuration documents are kept in `BucketMetadata.configs` (the object layer
 * stores them opaquely; `bucket-metadata.ts` and `config-codecs.ts` give them their meaning). One
 * name per S3 sub-resource; the value is the document as stored (XML, or JSON for policy and quota).
 */
/** Keys of `BucketMetadata.configs`. */
export const BUCKET_CONFIG = {
  policy: 'policy',
  cors: 'cors',
  tagging: 'tagging',
  encryption: 'encryption',
  objectLock: 'object-lock',
  lifecycle: 'lifecycle',
  replication: 'replication',
  notification: 'notification',
  website: 'website',
  /** The VersioningConfiguration document when it carries MinIO's ExcludedPrefixes/ExcludeFolders. */
  versioning: 'versioning',
  /** The admin API's bucket quota, JSON (`bucket/quota.ts`). */
  quota: 'quota',
  /** The PublicAccessBlockConfiguration document (`bucket/public-access-block.ts`). */
  publicAccessBlock: 'public-access-block',
  /** The bucket's remote targets (admin set-remote-target), JSON (`bucket/remote-targets.ts`). */
  remoteTargets: 'remote-targets',
} as const;

export type BucketConfigName = (typeof BUCKET_CONFIG)[keyof typeof BUCKET_CONFIG];
