/**
 * One replication task against the remote, in MinIO's wire form (what minio-go sends for MinIO's
 * own replication, so a MinIO target and this engine accept it alike):
 * - `put`: `PUT /<bucket>/<key>?versionId=<id>` with the version's bytes, content type, stored
 *   headers, user metadata, tags, object-lock fields, SSE-S3/SSE-KMS asked again of the target,
 *   and the internal headers `X-Minio-Source-Replication-Request: true`,
 *   `X-Amz-Replication-Status: REPLICA`, `X-Minio-Source-Mtime`, `X-Minio-Source-Etag` — the
 *   target keeps the version id and modification time and marks the version REPLICA. A
 *   multipart object goes as one PUT (its bytes are the same; its part layout is not kept).
 * - `marker`: `DELETE ?versionId=<marker id>` with `X-Minio-Source-DeleteMarker: true`: the
 *   target creates a delete marker with that id.
 * - `delete`: `DELETE ?versionId=<id>` removes that version on the target.
 * - `tags`: `PUT ?tagging&versionId=` (or `DELETE ?tagging`) with the version's current tags.
 * - `lock`: `PUT ?retention&versionId=` (when the version has one; governance bypassed, as the
 *   source already allowed the change) and `PUT ?legal-hold&versionId=` with its current state.
 * Answers `bytes` moved, or `gone` when the source version no longer exists (nothing to send).
 * A target of flavour `s3` (not MinIO) gets plain S3 instead: replicate-s3-op.ts.
 */
import { createHash } from 'node:crypto';
import {
  LOCK_LEGAL_HOLD_KEY,
  LOCK_MODE_KEY,
  LOCK_UNTIL_KEY,
  lockResponseHeaders,
} from '../bucket/object-lock.js';
import type { ObjectInfo, ObjectLayer } from '../object-layer/types.js';
import { ObjectNotFound, VersionNotFound } from '../object-layer/errors.js';
import type { TargetFlavor } from '../bucket/remote-targets.js';
import type { ReplicationTask } from './backlog.js';
import type { RemoteS3Client } from './remote-client.js';

export const REPLICATION_REQUEST_HEADER = 'x-minio-source-replication-request';
export const SOURCE_MTIME_HEADER = 'x-minio-source-mtime';
export const SOURCE_ETAG_HEADER = 'x-minio-source-etag';
export const SOURCE_DELETE_MARKER_HEADER = 'x-minio-source-deletemarker';
export const REPLICATION_STATUS_HEADER = 'x-amz-replication-status';

/** Bytes sent; `gone` (the source version no longer exists); or `skipped` with why it cannot be sent. */
export type OpResult = { bytes: number } | 'gone' | { skipped: string };

const versionQuery = (versionId: string): Record<string, string> =>
  versionId === 'null' ? {} : { versionId };

const replicaHeaders = (time: Date): Record<string, string> => ({
  [REPLICATION_REQUEST_HEADER]: 'true',
  [REPLICATION_STATUS_HEADER]: 'REPLICA',
  [SOURCE_MTIME_HEADER]: time.toISOString(),
});

function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function taggingXml(tagging: string): string {
  const tags = [...new URLSearchParams(tagging)]
    .map(([k, v]) => `<Tag><Key>${escapeXml(k)}</Key><Value>${escapeXml(v)}</Value></Tag>`)
    .join('');
  return `<Tagging><TagSet>${tags}</TagSet></Tagging>`;
}

const isGone = (err: unknown): boolean => err instanceof ObjectNotFound || err instanceof VersionNotFound;

/**
 * The headers any S3 server takes for a copy of `info`: content type, stored headers, user
 * metadata, tags, and SSE-S3 / SSE-KMS asked again of the target (its own keys encrypt).
 */
export function objectHeaders(info: ObjectInfo): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': info.contentType || 'application/octet-stream',
    ...info.headers,
  };
  for (const [name, value] of Object.entries(info.userMetadata)) headers[`x-amz-meta-${name}`] = value;
  if (info.tagging !== undefined && info.tagging !== '') headers['x-amz-tagging'] = info.tagging;
  if (info.encryption?.kind === 'SSE-S3') headers['x-amz-server-side-encryption'] = 'AES256';
  if (info.encryption?.kind === 'SSE-KMS') {
    headers['x-amz-server-side-encryption'] = 'aws:kms';
    if (info.encryption.keyId !== undefined)
      headers['x-amz-server-side-encryption-aws-kms-key-id'] = info.encryption.keyId;
  }
  return headers;
}

/**
 * PUT the version's bytes to `targetBucket` with the headers `headersOf` makes for it and
 * `query` (the version id for MinIO targets, nothing for plain S3); answers the bytes sent, or
 * `gone`.
 */
export async function sendVersion(
  layer: ObjectLayer,
  client: RemoteS3Client,
  task: ReplicationTask,
  targetBucket: string,
  headersOf: (info: ObjectInfo) => Promise<Record<string, string>> | Record<string, string>,
  query: Record<string, string>,
): Promise<OpResult> {
  let read;
  try {
    read = await layer.getObject(task.bucket, task.key, { versionId: task.versionId });
  } catch (err) {
    if (isGone(err)) return 'gone';
    throw err;
  }
  const { info } = read;
  const body = read.body ?? read.stream;
  try {
    const headers = await headersOf(info);
    await client.send({
      method: 'PUT',
      bucket: targetBucket,
      key: task.key,
      query,
      headers,
      body,
      size: info.size,
    });
  } finally {
    // A stream the request did not read to the end (a failed send) holds the version's files open.
    if (read.body === undefined && !read.stream.destroyed) read.stream.destroy();
  }
  return { bytes: info.size };
}

function putVersion(
  layer: ObjectLayer,
  client: RemoteS3Client,
  task: ReplicationTask,
  targetBucket: string,
): Promise<OpResult> {
  const headersOf = (info: ObjectInfo): Record<string, string> => ({
    ...replicaHeaders(info.lastModified),
    [SOURCE_ETAG_HEADER]: info.etag,
    ...objectHeaders(info),
    ...lockResponseHeaders(info.internal),
  });
  return sendVersion(layer, client, task, targetBucket, headersOf, versionQuery(task.versionId));
}

/** The version's current state, or undefined when it is gone (nothing left to send). */
export async function currentInfo(
  layer: ObjectLayer,
  task: ReplicationTask,
): Promise<ObjectInfo | undefined> {
  try {
    return await layer.getObjectInfo(task.bucket, task.key, { versionId: task.versionId });
  } catch (err) {
    if (isGone(err)) return undefined;
    throw err;
  }
}

/**
 * Send the version's current tags (`PUT ?tagging`, or `DELETE ?tagging` when it has none).
 * `address` names the target's copy (`versionId`, or nothing for its current object) and
 * `headers` go with each request.
 */
export async function putTags(
  client: RemoteS3Client,
  key: string,
  info: ObjectInfo,
  targetBucket: string,
  address: Record<string, string>,
  headers: Record<string, string>,
): Promise<OpResult> {
  const query = { tagging: '', ...address };
  if (info.tagging === undefined || info.tagging === '') {
    await client.send({ method: 'DELETE', bucket: targetBucket, key, query, headers });
  } else {
    const body = Buffer.from(taggingXml(info.tagging), 'utf8');
    await client.send({ method: 'PUT', bucket: targetBucket, key, query, headers, body });
  }
  return { bytes: 0 };
}

/** Send the version's retention (when it has one) and legal hold; `address` and `headers` as `putTags`. */
export async function putLock(
  client: RemoteS3Client,
  key: string,
  info: ObjectInfo,
  targetBucket: string,
  address: Record<string, string>,
  headers: Record<string, string>,
): Promise<OpResult> {
  const lock = lockResponseHeaders(info.internal);
  const send = async (sub: 'retention' | 'legal-hold', xml: string, extra: Record<string, string> = {}) => {
    const body = Buffer.from(xml, 'utf8');
    await client.send({
      method: 'PUT',
      bucket: targetBucket,
      key,
      query: { [sub]: '', ...address },
      headers: {
        ...headers,
        'content-md5': createHash('md5').update(body).digest('base64'),
        ...extra,
      },
      body,
    });
  };
  const mode = lock[LOCK_MODE_KEY];
  const until = lock[LOCK_UNTIL_KEY];
  if (mode !== undefined && until !== undefined) {
    await send(
      'retention',
      `<Retention><Mode>${mode}</Mode><RetainUntilDate>${until}</RetainUntilDate></Retention>`,
      {
        'x-amz-bypass-governance-retention': 'true',
      },
    );
  }
  await send('legal-hold', `<LegalHold><Status>${lock[LOCK_LEGAL_HOLD_KEY] ?? 'OFF'}</Status></LegalHold>`);
  return { bytes: 0 };
}

/** What a task needs to know of its target besides the client. */
export interface TargetView {
  bucket: string;
  flavor: TargetFlavor;
  /** Whether the target bucket has object lock (asked once per target, on first need). */
  lockEnabled: () => Promise<boolean>;
}

/** Run `task` against `client`'s remote in MinIO's wire (an `s3` target: `replicateToS3`). */
export async function replicateTask(
  layer: ObjectLayer,
  client: RemoteS3Client,
  task: ReplicationTask,
  target: TargetView,
): Promise<OpResult> {
  const targetBucket = target.bucket;
  switch (task.op) {
    case 'put':
      return putVersion(layer, client, task, targetBucket);
    case 'tags':
    case 'lock': {
      const info = await currentInfo(layer, task);
      if (info === undefined) return 'gone';
      const address = versionQuery(task.versionId);
      const headers = { [REPLICATION_REQUEST_HEADER]: 'true' };
      return task.op === 'tags'
        ? putTags(client, task.key, info, targetBucket, address, headers)
        : putLock(client, task.key, info, targetBucket, address, headers);
    }
    case 'marker':
      await client.send({
        method: 'DELETE',
        bucket: targetBucket,
        key: task.key,
        query: versionQuery(task.versionId),
        headers: { ...replicaHeaders(new Date(task.time)), [SOURCE_DELETE_MARKER_HEADER]: 'true' },
      });
      return { bytes: 0 };
    case 'delete':
      await client.send({
        method: 'DELETE',
        bucket: targetBucket,
        key: task.key,
        query: versionQuery(task.versionId),
        headers: { [REPLICATION_REQUEST_HEADER]: 'true' },
      });
      return { bytes: 0 };
  }
}
