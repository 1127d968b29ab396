/**
 * One replication task towards a plain S3 server (a target of flavour `s3`: any S3 server that
 * is not MinIO — Ceph RGW, AWS, …). Plain S3 has no way to be told a version id, a modification
 * time or a replica status, so what carries over is what a client's own requests can carry:
 * - `put`: `PUT /<bucket>/<key>` (no version id) with the bytes, content type, stored headers,
 *   user metadata, tags and SSE-S3/SSE-KMS asked again; the object-lock fields only when the
 *   target bucket has object lock (else S3 refuses them; they are left out). The target makes
 *   its own version (own id, own modification time; a multipart source arrives as one PUT, so
 *   its ETag is the target's MD5). Nothing marks it REPLICA there.
 * - `marker`: `DELETE /<bucket>/<key>` — the target makes its own delete marker (a versioned
 *   bucket) or removes the object (unversioned).
 * - `delete` (a version removed for good): skipped — the target's copy has an id of its own that
 *   the engine does not know, and deleting "the current object" could remove another version.
 * - `tags`, `lock`: sent to the target's current object when the source version is the latest
 *   (the target's current object is then its copy); for an older version skipped. `lock` also
 *   needs object lock on the target bucket.
 * Statuses PENDING / COMPLETED / FAILED on the source work as for MinIO targets.
 */
import { lockResponseHeaders } from '../bucket/object-lock.js';
import type { ObjectInfo, ObjectLayer } from '../object-layer/types.js';
import type { ReplicationTask } from './backlog.js';
import type { RemoteS3Client } from './remote-client.js';
import {
  currentInfo,
  objectHeaders,
  putLock,
  putTags,
  sendVersion,
  type OpResult,
  type TargetView,
} from './replicate-op.js';

/** The current object on the target, addressed without a version id. */
const CURRENT: Record<string, string> = {};

export async function replicateToS3(
  layer: ObjectLayer,
  client: RemoteS3Client,
  task: ReplicationTask,
  target: TargetView,
): Promise<OpResult> {
  switch (task.op) {
    case 'put': {
      const headersOf = async (info: ObjectInfo): Promise<Record<string, string>> => {
        const lock = lockResponseHeaders(info.internal);
        const withLock = Object.keys(lock).length > 0 && (await target.lockEnabled());
        return { ...objectHeaders(info), ...(withLock ? lock : {}) };
      };
      return sendVersion(layer, client, task, target.bucket, headersOf, CURRENT);
    }
    case 'marker':
      await client.send({ method: 'DELETE', bucket: target.bucket, key: task.key });
      return { bytes: 0 };
    case 'delete':
      return { skipped: 'a plain S3 target cannot be told which of its versions is this one' };
    case 'tags':
    case 'lock': {
      const info = await currentInfo(layer, task);
      if (info === undefined) return 'gone';
      if (!info.isLatest) {
        return { skipped: 'a plain S3 target can only change its current object, not an older version' };
      }
      if (task.op === 'tags') return putTags(client, task.key, info, target.bucket, CURRENT, {});
      if (!(await target.lockEnabled())) return { skipped: 'the target bucket has no object lock' };
      return putLock(client, task.key, info, target.bucket, CURRENT, {});
    }
  }
}
