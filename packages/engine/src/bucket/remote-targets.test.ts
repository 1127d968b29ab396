import { describe, expect, it } from 'vitest';
import {
  bucketTargetJson,
  makeReplicationArn,
  parseRemoteTargets,
  parseReplicationArn,
  readBucketTarget,
  serializeRemoteTargets,
} from './remote-targets.js';

const sent = {
  sourcebucket: 'src',
  endpoint: 'remote:9000',
  credentials: { accessKey: 'AK', secretKey: 'SECRET' },
  targetbucket: 'dst',
  secure: true,
  api: 's3v4',
  type: 'replication',
  region: 'eu-1',
  bandwidthlimit: 100_000_000,
  healthCheckDuration: 5_000_000_000,
  resetBeforeDate: '0001-01-01T00:00:00Z',
};

describe('remote targets', () => {
  it('reads madmin BucketTarget JSON and answers it as list-remote-targets does, without the secret', () => {
    const target = { ...readBucketTarget(sent), arn: makeReplicationArn('eu-1', 'id-1', 'dst') };
    expect(target.arn).toBe('arn:minio:replication:eu-1:id-1:dst');
    expect(target.resetBeforeDate).toBeUndefined();
    const json = bucketTargetJson(target, {
      online: false,
      lastOnline: new Date('2026-01-02T03:04:05.678Z'),
      totalDowntime: 7,
      offlineCount: 1,
      latency: { curr: 1, avg: 2, max: 3 },
    });
    expect(json).toMatchObject({
      sourcebucket: 'src',
      endpoint: 'remote:9000',
      credentials: { accessKey: 'AK', secretKey: '', expiration: '0001-01-01T00:00:00Z' },
      targetbucket: 'dst',
      secure: true,
      arn: 'arn:minio:replication:eu-1:id-1:dst',
      type: 'replication',
      region: 'eu-1',
      bandwidthlimit: 100_000_000,
      healthCheckDuration: 5_000_000_000,
      isOnline: false,
      lastOnline: '2026-01-02T03:04:05Z',
      totalDowntime: 7,
      offlineCount: 1,
      latency: { curr: 1, avg: 2, max: 3 },
      resetBeforeDate: '0001-01-01T00:00:00Z',
    });
    expect(JSON.stringify(json)).not.toContain('SECRET');
    const stored = parseRemoteTargets(serializeRemoteTargets({ targets: [target] }));
    expect(stored?.targets[0]?.credentials.secretKey).toBe('SECRET');
    expect(parseRemoteTargets('{"targets":[]}')).toBeUndefined();
  });

  it('refuses malformed fields and ARNs with MinIO codes', () => {
    expect(() => readBucketTarget({ ...sent, secure: 'yes' })).toThrow(/secure must be a boolean/);
    expect(() => readBucketTarget({ ...sent, credentials: [] })).toThrow(/credentials/);
    expect(parseReplicationArn('arn:minio:replication::abc:bucket')).toEqual({
      type: 'replication',
      region: '',
      id: 'abc',
      bucket: 'bucket',
    });
    for (const bad of [
      'arn:aws:s3:::bucket',
      'arn:minio:replication::abc',
      'arn:minio:replication:::bucket',
    ]) {
      expect(() => parseReplicationArn(bad)).toThrow(
        expect.objectContaining({ name: 'BucketRemoteArnInvalid' }),
      );
    }
  });
});
