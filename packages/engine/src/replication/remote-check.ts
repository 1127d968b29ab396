/**
 * The checks MinIO makes before it accepts a remote target (admin `set-remote-target`): the remote
 * answers with the given keys, the target bucket exists there and is versioned. Each failure is
 * MinIO's error: 503 XMinioAdminReplicationRemoteConnectionError, 404
 * RemoteDestinationNotFoundError, 400 RemoteTargetNotVersionedError.
 */
import {
  RemoteDestinationNotFound,
  RemoteTargetNotVersioned,
  ReplicationRemoteConnectionError,
} from '../bucket/errors.js';
import type { BucketTarget, TargetFlavor } from '../bucket/remote-targets.js';
import { RemoteError, RemoteS3Client, type RemoteEndpoint } from './remote-client.js';

export function remoteEndpointOf(target: BucketTarget): RemoteEndpoint {
  return {
    endpoint: target.endpoint,
    secure: target.secure,
    accessKey: target.credentials.accessKey,
    secretKey: target.credentials.secretKey,
    ...(target.credentials.sessionToken !== undefined
      ? { sessionToken: target.credentials.sessionToken }
      : {}),
    region: target.region,
  };
}

/**
 * Resolve with the target's wire flavour when `target` can receive replication; throw MinIO's
 * error otherwise. A server that says `Server: MinIO` (MinIO, this engine) gets MinIO's
 * replication wire; any other S3 server plain S3 (replicate-s3-op.ts). The header is the signal
 * MinIO itself gives on every answer; a MinIO hidden behind a proxy that rewrites it is merely
 * treated as a plain S3 server, which it also is.
 */
export async function checkRemoteTarget(target: BucketTarget, timeoutMs = 10_000): Promise<TargetFlavor> {
  const client = new RemoteS3Client(remoteEndpointOf(target), timeoutMs);
  try {
    const server = await client.headBucket(target.targetBucket);
    if (server === undefined) {
      throw new RemoteDestinationNotFound(undefined, { bucket: target.targetBucket });
    }
    if ((await client.bucketVersioning(target.targetBucket)) !== 'Enabled') {
      throw new RemoteTargetNotVersioned(undefined, { bucket: target.targetBucket });
    }
    return /^minio\b/i.test(server) ? 'minio' : 's3';
  } catch (err) {
    if (err instanceof RemoteError) {
      throw new ReplicationRemoteConnectionError(
        `Remote service connection error: ${err.code === 'ConnectionError' ? err.message : `${err.code}: ${err.message}`}`,
      );
    }
    throw err;
  } finally {
    client.close();
  }
}
