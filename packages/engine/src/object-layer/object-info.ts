/** Conversions between stored records and the `ObjectLayer` view of them. */
import type { BucketRecord, UploadRecord, VersionRecord } from '../storage/records.js';
import type { BucketMetadata, MultipartUploadInfo, ObjectInfo } from './types.js';

export function toObjectInfo(bucket: string, key: string, v: VersionRecord, isLatest: boolean): ObjectInfo {
  const info: ObjectInfo = {
    bucket,
    key,
    versionId: v.id,
    isLatest,
    deleteMarker: v.deleteMarker === true,
    size: v.size,
    etag: v.etag,
    lastModified: new Date(v.mtime),
    contentType: v.contentType,
    headers: { ...v.headers },
    userMetadata: { ...v.userMetadata },
    storageClass: v.storageClass,
    checksums: { ...v.checksums },
    internal: { ...v.internal },
  };
  if (v.tagging !== undefined) info.tagging = v.tagging;
  if (v.multipart === true)
    info.parts = v.parts.map((p) => ({
      number: p.n,
      size: p.size,
      etag: p.etag,
      ...(p.checksums ? { checksums: { ...p.checksums } } : {}),
      ...(p.actual !== undefined ? { actualSize: p.actual } : {}),
    }));
  return info;
}

export function toBucketMetadata(r: BucketRecord): BucketMetadata {
  return {
    name: r.name,
    created: new Date(r.created),
    versioning: r.versioning,
    ...(r.versioningExcluded !== undefined
      ? {
          versioningExcluded: {
            prefixes: [...r.versioningExcluded.prefixes],
            folders: r.versioningExcluded.folders,
          },
        }
      : {}),
    objectLockEnabled: r.objectLockEnabled,
    configs: { ...r.configs },
  };
}

export function toUploadInfo(bucket: string, r: UploadRecord): MultipartUploadInfo {
  const info: MultipartUploadInfo = {
    bucket,
    key: r.key,
    uploadId: r.uploadId,
    initiated: new Date(r.initiated),
    metadata: structuredClone(r.metadata),
  };
  if (r.checksumAlgorithm !== undefined) info.checksumAlgorithm = r.checksumAlgorithm;
  if (r.checksumType !== undefined) info.checksumType = r.checksumType;
  return info;
}
