/**
 * Bucket remote targets (wire doc §3.7): set (the `BucketTarget` JSON encrypted with the madmin
 * envelope; the answer is the target's ARN as a JSON string), list (plain JSON, secrets reduced to
 * the access key) and remove. The keys MinIO's router requires (`bucket`, `type`, `arn`) are always
 * sent, empty or not (wire doc §1.1).
 */
import type { AdminTransport, CallOptions } from './admin-client.js';

/** MinIO's `BucketTarget` as the admin API carries it (JSON keys as MinIO spells them). */
export interface BucketTarget {
  sourcebucket: string;
  /** host:port of the remote server. */
  endpoint: string;
  credentials: { accessKey: string; secretKey?: string; sessionToken?: string };
  targetbucket: string;
  secure: boolean;
  path?: string;
  api?: string;
  arn?: string;
  type: 'replication' | string;
  region?: string;
  /** Bytes per second; 0 means no limit. */
  bandwidthlimit?: number;
  replicationSync: boolean;
  storageclass?: string;
  /** Nanoseconds (a Go duration). */
  healthCheckDuration?: number;
  disableProxy?: boolean;
  isOnline?: boolean;
  [key: string]: unknown;
}

export interface RemoteTargetCalls {
  /** `PUT /set-remote-target?bucket=` (admin:SetBucketTarget); resolves with the target's ARN. */
  setRemoteTarget(bucket: string, target: BucketTarget, options?: CallOptions): Promise<string>;
  /** `GET /list-remote-targets?bucket=&type=` (admin:GetBucketTarget); bucket '' lists all. */
  listRemoteTargets(bucket: string, type?: string, options?: CallOptions): Promise<BucketTarget[]>;
  /** `DELETE /remove-remote-target?bucket=&arn=` (admin:SetBucketTarget). */
  removeRemoteTarget(bucket: string, arn: string, options?: CallOptions): Promise<void>;
}

export function remoteTargetCalls({ request, requestJson }: AdminTransport): RemoteTargetCalls {
  return {
    setRemoteTarget: (bucket, target, o) =>
      requestJson<string>({
        method: 'PUT',
        path: '/set-remote-target',
        query: { bucket },
        body: target,
        encryptBody: true,
        ...(o?.signal ? { signal: o.signal } : {}),
      }),
    listRemoteTargets: (bucket, type = '', o) =>
      requestJson<BucketTarget[] | null>({
        method: 'GET',
        path: '/list-remote-targets',
        query: { bucket, type },
        ...(o?.signal ? { signal: o.signal } : {}),
      }).then((targets) => targets ?? []),
    removeRemoteTarget: async (bucket, arn, o) => {
      await request({
        method: 'DELETE',
        path: '/remove-remote-target',
        query: { bucket, arn },
        ...(o?.signal ? { signal: o.signal } : {}),
      });
    },
  };
}
