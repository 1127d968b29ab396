/**
 * The object layer with events: a decorator around any `ObjectLayer` that publishes one event to
 * the hub after each committed object change — and only then: a mutation that throws (refused,
 * failed precondition, bad digest, lost quorum) publishes nothing. Every writer (S3 handlers,
 * later lifecycle and replication) reaches stored objects through this wrapper, so no path can
 * forget to announce a change; reads and administration pass straight through. The mutation's
 * `origin` (who, from where, which request) and its `cause` / `change` (what kind of write) name
 * and describe the event; the wrapped layer ignores them.
 *
 * Changes that are not object changes publish nothing here: bucket creation and removal, bucket
 * settings, multipart parts (only the completed object counts), system files, healing.
 */
import type { Readable } from 'node:stream';
import type {
  ChangeOptions,
  CompletePart,
  DeleteObjectOptions,
  MetadataChange,
  ObjectInfo,
  ObjectLayer,
  PutObjectOptions,
  WriteCause,
  WritePrecondition,
} from '../object-layer/types.js';
import type { ObjectEventHub } from './event-hub.js';
import type { ObjectEventName } from './event-names.js';

const WRITE_EVENTS: Record<WriteCause, ObjectEventName> = {
  put: 's3:ObjectCreated:Put',
  post: 's3:ObjectCreated:Post',
  copy: 's3:ObjectCreated:Copy',
};

const METADATA_EVENTS: Record<Exclude<MetadataChange, 'replication-status'>, ObjectEventName> = {
  'put-tagging': 's3:ObjectCreated:PutTagging',
  'delete-tagging': 's3:ObjectCreated:DeleteTagging',
  'put-retention': 's3:ObjectCreated:PutRetention',
  'put-legal-hold': 's3:ObjectCreated:PutLegalHold',
};

/** Wrap `layer` so that its committed object changes are published to `hub`. */
export function withObjectEvents(layer: ObjectLayer, hub: ObjectEventHub): ObjectLayer {
  const created = (name: ObjectEventName, info: ObjectInfo, options: ChangeOptions | undefined): void =>
    hub.publish({
      name,
      bucket: info.bucket,
      key: info.key,
      versionId: info.versionId,
      object: info,
      ...(options?.origin !== undefined ? { origin: options.origin } : {}),
    });

  return {
    // Buckets: not object changes.
    makeBucket: (bucket, options) => layer.makeBucket(bucket, options),
    getBucketInfo: (bucket) => layer.getBucketInfo(bucket),
    listBuckets: () => layer.listBuckets(),
    deleteBucket: (bucket, options) => layer.deleteBucket(bucket, options),
    getBucketMetadata: (bucket) => layer.getBucketMetadata(bucket),
    updateBucketMetadata: (bucket, update) => layer.updateBucketMetadata(bucket, update),

    async putObject(bucket: string, key: string, body: Readable, options: PutObjectOptions) {
      const info = await layer.putObject(bucket, key, body, options);
      created(WRITE_EVENTS[options.cause ?? 'put'], info, options);
      return info;
    },
    getObject: (bucket, key, options) => layer.getObject(bucket, key, options),
    getObjectInfo: (bucket, key, options) => layer.getObjectInfo(bucket, key, options),

    async deleteObject(bucket: string, key: string, options?: DeleteObjectOptions) {
      const result = await layer.deleteObject(bucket, key, options);
      // Nothing was there to delete: S3 answers success, but nothing changed.
      if (result.noop === true) return result;
      // Without a version id a versioned (or suspended) bucket gets a new delete marker; naming a
      // version removes it, even when that version is itself a delete marker.
      const markerCreated = options?.versionId === undefined && result.deleteMarker;
      hub.publish({
        name: markerCreated ? 's3:ObjectRemoved:DeleteMarkerCreated' : 's3:ObjectRemoved:Delete',
        bucket,
        key,
        ...(result.versionId !== undefined ? { versionId: result.versionId } : {}),
        ...(options?.origin !== undefined ? { origin: options.origin } : {}),
      });
      return result;
    },

    async updateObjectMetadata(
      bucket: string,
      key: string,
      versionId: string | undefined,
      update: (info: ObjectInfo) => void,
      options: ChangeOptions & { change: MetadataChange },
    ) {
      const info = await layer.updateObjectMetadata(bucket, key, versionId, update, options);
      // Replication bookkeeping is no object change: announcing it would replicate it again.
      if (options.change !== 'replication-status') created(METADATA_EVENTS[options.change], info, options);
      return info;
    },
    listObjects: (bucket, options) => layer.listObjects(bucket, options),
    listObjectVersions: (bucket, options) => layer.listObjectVersions(bucket, options),

    newMultipartUpload: (bucket, key, options) => layer.newMultipartUpload(bucket, key, options),
    putObjectPart: (bucket, key, uploadId, partNumber, body, options) =>
      layer.putObjectPart(bucket, key, uploadId, partNumber, body, options),
    listParts: (bucket, key, uploadId, options) => layer.listParts(bucket, key, uploadId, options),
    async completeMultipartUpload(
      bucket: string,
      key: string,
      uploadId: string,
      parts: CompletePart[],
      options?: ChangeOptions & { precondition?: WritePrecondition },
    ) {
      const info = await layer.completeMultipartUpload(bucket, key, uploadId, parts, options);
      created('s3:ObjectCreated:CompleteMultipartUpload', info, options);
      return info;
    },
    abortMultipartUpload: (bucket, key, uploadId) => layer.abortMultipartUpload(bucket, key, uploadId),
    listMultipartUploads: (bucket, options) => layer.listMultipartUploads(bucket, options),

    readSystemFile: (path) => layer.readSystemFile(path),
    writeSystemFile: (path, data) => layer.writeSystemFile(path, data),
    deleteSystemFile: (path) => layer.deleteSystemFile(path),
    listSystemFiles: (prefix) => layer.listSystemFiles(prefix),

    storageInfo: () => layer.storageInfo(),
    dataUsage: () => layer.dataUsage(),
    healObject: (bucket, key, options) => layer.healObject(bucket, key, options),
    healAll: (options) => layer.healAll(options),

    close: () => layer.close(),
  };
}
