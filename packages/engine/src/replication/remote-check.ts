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
import type { BucketTarget } from '../bucket/remote-targets.js';
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

/** Resolve when `target` can receive replication; throw MinIO's error otherwise. */
export async function checkRemoteTarget(target: BucketTarget, timeoutMs = 10_000): Promise<void> {
  const client = new RemoteS3Client(remoteEndpointOf(target), timeoutMs);
  try {
    if (!(await client.bucketExists(target.targetBucket))) {
      throw new RemoteDestinationNotFound(undefined, { bucket: target.targetBucket });
    }
    if ((await client.bucketVersioning(target.targetBucket)) !== 'Enabled') {
      throw new RemoteTargetNotVersioned(undefined, { bucket: target.targetBucket });
    }
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
