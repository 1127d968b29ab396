/**
 * The replication view of a remote target: the shared S3 client (`common/s3-client.ts`) pointed
 * at the target's endpoint with its keys and a per-request timeout, plus the two bucket checks
 * `set-remote-target` makes. `RemoteError` is the shared client's error (status 0 and code
 * `ConnectionError` for a transport failure).
 */
import { S3Client, S3ClientError } from '../common/s3-client.js';

export { S3ClientError as RemoteError } from '../common/s3-client.js';
export type { S3Request as RemoteRequest, S3Response as RemoteResponse } from '../common/s3-client.js';

export interface RemoteEndpoint {
  /** `host:port`. */
  endpoint: string;
  secure: boolean;
  accessKey: string;
  secretKey: string;
  sessionToken?: string;
  /** Signing region; default us-east-1. */
  region?: string;
}

export class RemoteS3Client extends S3Client {
  constructor(remote: RemoteEndpoint, timeoutMs = 30_000) {
    super({
      origin: `${remote.secure ? 'https' : 'http'}://${remote.endpoint}`,
      accessKey: remote.accessKey,
      secretKey: remote.secretKey,
      ...(remote.sessionToken !== undefined ? { sessionToken: remote.sessionToken } : {}),
      ...(remote.region !== undefined ? { region: remote.region } : {}),
      timeoutMs,
    });
  }

  /** True when the bucket exists (and the keys may see it); connection and auth problems reject. */
  async bucketExists(bucket: string): Promise<boolean> {
    return (await this.headBucket(bucket)) !== undefined;
  }

  /** The `Server` header of the bucket's HEAD answer ('' when none); undefined when it does not exist. */
  async headBucket(bucket: string): Promise<string | undefined> {
    try {
      const res = await this.send({ method: 'HEAD', bucket });
      const server = res.headers.server;
      return typeof server === 'string' ? server : '';
    } catch (err) {
      if (err instanceof S3ClientError && err.status === 404) return undefined;
      throw err;
    }
  }

  /** Whether the bucket has object lock enabled (S3's `GET ?object-lock`; no configuration = false). */
  async bucketLockEnabled(bucket: string): Promise<boolean> {
    try {
      const res = await this.send({ method: 'GET', bucket, query: { 'object-lock': '' } });
      return /<ObjectLockEnabled>\s*Enabled\s*<\/ObjectLockEnabled>/.test(res.body.toString('utf8'));
    } catch (err) {
      if (err instanceof S3ClientError && (err.status === 404 || err.status === 400)) return false;
      throw err;
    }
  }

  /** The bucket's versioning status: 'Enabled', 'Suspended' or '' (never configured). */
  async bucketVersioning(bucket: string): Promise<string> {
    const res = await this.send({ method: 'GET', bucket, query: { versioning: '' } });
    return /<Status>([^<]*)<\/Status>/.exec(res.body.toString('utf8'))?.[1] ?? '';
  }
}
