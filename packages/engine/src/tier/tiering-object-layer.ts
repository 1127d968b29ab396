/**
 * The tiering decorator, directly over the erasure layer (below encryption and compression): reads
 * of a transitioned version are served from its tier — whole, a byte range or a part, planned over
 * the stored size the version had — and every view of one (HEAD, listings, metadata changes)
 * shows that stored size, ETag, checksums and parts, with the tier's name as storage class. When a
 * transitioned version is removed or replaced (delete of a version, overwrite of the null
 * version), its tier copy is removed too (`Tiering.removedVersion`, journalled on failure).
 * A bucket removed with `force` has its versions' tier copies removed as well. Versions that
 * were never transitioned pass through untouched.
 */
import { Readable } from 'node:stream';
import { planReadRange } from '../object-layer/read-range.js';
import type {
  GetObjectOptions,
  GetObjectResult,
  ObjectInfo,
  ObjectLayer,
  WritePrecondition,
} from '../object-layer/types.js';
import { isDataRemote, isTransitioned, transitionedView } from './transition-fields.js';
import type { Tiering } from './tiering.js';

/** Every transitioned version of a bucket (paged listing). */
async function transitionedVersions(layer: ObjectLayer, bucket: string): Promise<ObjectInfo[]> {
  const out: ObjectInfo[] = [];
  let keyMarker: string | undefined;
  let versionIdMarker: string | undefined;
  for (;;) {
    const page = await layer.listObjectVersions(bucket, {
      maxKeys: 1000,
      ...(keyMarker !== undefined ? { keyMarker } : {}),
      ...(versionIdMarker !== undefined ? { versionIdMarker } : {}),
    });
    for (const v of page.versions) if (isTransitioned(v)) out.push(v);
    if (!page.isTruncated) return out;
    keyMarker = page.nextKeyMarker;
    versionIdMarker = page.nextVersionIdMarker;
  }
}

export function withTiering(layer: ObjectLayer, tiering: Tiering): ObjectLayer {
  /** Notes the version a write replaces, to drop its tier copy once the write commits. */
  const watchReplaced = (
    precondition: WritePrecondition | undefined,
  ): { precondition: WritePrecondition; replaced: () => ObjectInfo | undefined } => {
    let replaced: ObjectInfo | undefined;
    return {
      precondition: (current, old) => {
        precondition?.(
          current !== undefined ? transitionedView(current) : undefined,
          old !== undefined ? transitionedView(old) : undefined,
        );
        replaced = old !== undefined && isTransitioned(old) ? old : undefined;
      },
      replaced: () => replaced,
    };
  };

  async function readTransitioned(info: ObjectInfo, options: GetObjectOptions): Promise<GetObjectResult> {
    const view = transitionedView(info);
    const range = planReadRange(
      view.size,
      view.parts?.map((p) => p.size),
      options,
      view,
    );
    if (range.end < range.start) return { info: view, body: Buffer.alloc(0), stream: Readable.from([]) };
    const whole = range.start === 0 && range.end === view.size - 1;
    const stream = await tiering.readRemote(info, whole ? undefined : range);
    return { info: view, stream };
  }

  return {
    makeBucket: (bucket, options) => layer.makeBucket(bucket, options),
    getBucketInfo: (bucket) => layer.getBucketInfo(bucket),
    listBuckets: () => layer.listBuckets(),
    async deleteBucket(bucket, options) {
      if (options?.force !== true) return layer.deleteBucket(bucket, options);
      // A forced removal takes every version with it: their tier copies go once it succeeded.
      const copies = await transitionedVersions(layer, bucket);
      await layer.deleteBucket(bucket, options);
      for (const info of copies) tiering.removedVersion(info);
    },
    getBucketMetadata: (bucket) => layer.getBucketMetadata(bucket),
    updateBucketMetadata: (bucket, update) => layer.updateBucketMetadata(bucket, update),
    newMultipartUpload: (bucket, key, options) => layer.newMultipartUpload(bucket, key, options),
    putObjectPart: (bucket, key, uploadId, partNumber, body, options) =>
      layer.putObjectPart(bucket, key, uploadId, partNumber, body, options),
    listParts: (bucket, key, uploadId, options) => layer.listParts(bucket, key, uploadId, options),
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
    async close() {
      await tiering.tiers.close();
      await layer.close();
    },
    async putObject(bucket, key, body, options) {
      const watch = watchReplaced(options.precondition);
      const info = await layer.putObject(bucket, key, body, { ...options, precondition: watch.precondition });
      const old = watch.replaced();
      if (old !== undefined && old.versionId === info.versionId) tiering.removedVersion(old);
      return transitionedView(info);
    },
    async getObject(bucket, key, options = {}) {
      const result = await layer.getObject(bucket, key, options);
      if (!isTransitioned(result.info)) return result;
      if (!isDataRemote(result.info)) {
        // Field by field, not a spread: an in-memory result's `stream` is a prototype getter.
        const view: GetObjectResult = { info: transitionedView(result.info), stream: result.stream };
        if (result.body !== undefined) view.body = result.body;
        if (result.release !== undefined) view.release = result.release;
        return view;
      }
      result.stream.destroy();
      return readTransitioned(result.info, options);
    },
    async getObjectInfo(bucket, key, options) {
      return transitionedView(await layer.getObjectInfo(bucket, key, options));
    },
    async deleteObject(bucket, key, options) {
      let removed: ObjectInfo | undefined;
      const result = await layer.deleteObject(bucket, key, {
        ...(options ?? {}),
        precondition: (current) =>
          options?.precondition?.(current !== undefined ? transitionedView(current) : undefined),
        guard: (target) => {
          options?.guard?.(transitionedView(target));
          removed = isTransitioned(target) ? target : undefined;
        },
      });
      if (removed !== undefined && result.noop !== true) tiering.removedVersion(removed);
      return result;
    },
    async updateObjectMetadata(bucket, key, versionId, update, options) {
      return transitionedView(await layer.updateObjectMetadata(bucket, key, versionId, update, options));
    },
    async listObjects(bucket, options) {
      const result = await layer.listObjects(bucket, options);
      return { ...result, objects: result.objects.map(transitionedView) };
    },
    async listObjectVersions(bucket, options) {
      const result = await layer.listObjectVersions(bucket, options);
      return { ...result, versions: result.versions.map(transitionedView) };
    },
    async completeMultipartUpload(bucket, key, uploadId, parts, options) {
      const watch = watchReplaced(options?.precondition);
      const info = await layer.completeMultipartUpload(bucket, key, uploadId, parts, {
        ...(options ?? {}),
        precondition: watch.precondition,
      });
      const old = watch.replaced();
      if (old !== undefined && old.versionId === info.versionId) tiering.removedVersion(old);
      return transitionedView(info);
    },
  };
}
