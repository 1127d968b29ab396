/** Bucket replication (issue 12 §1): the workers, remote checks and the S3 client they use. */
export {
  ReplicationSystem,
  type ReplicationOptions,
  type ReplicationRetry,
  type ResyncState,
} from './replication-system.js';
export { checkRemoteTarget } from './remote-check.js';
export { RemoteError, RemoteS3Client, type RemoteEndpoint } from './remote-client.js';
