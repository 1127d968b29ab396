import { describe, expect, it } from 'vitest';
import type { ReplicationConfiguration, ReplicationRule } from '../bucket/replication.js';
import { overallStatus, setTargetStatus, targetStatuses } from '../bucket/replication-status.js';
import { matchTargets } from './rules.js';

const rule = (over: Partial<ReplicationRule>): ReplicationRule => ({
  id: '',
  status: 'Enabled',
  priority: 1,
  prefix: '',
  tags: [],
  deleteMarkerReplication: false,
  deleteReplication: false,
  existingObjectReplication: false,
  destinationBucket: 'arn:minio:replication::a:one',
  ...over,
});

describe('matchTargets', () => {
  const config: ReplicationConfiguration = {
    role: '',
    rules: [
      rule({ id: 'low', priority: 1, prefix: 'a/', deleteMarkerReplication: true }),
      rule({ id: 'high', priority: 5, prefix: 'a/b/', deleteMarkerReplication: false }),
      rule({
        id: 'tagged',
        priority: 2,
        destinationBucket: 'arn:minio:replication::b:two',
        tags: [{ key: 'k', value: 'v' }],
      }),
      rule({ id: 'off', status: 'Disabled', destinationBucket: 'arn:minio:replication::c:three' }),
    ],
  };

  it('takes the highest-priority matching rule per target, and its flags decide', () => {
    expect(matchTargets(config, 'a/x', [], 'object')).toEqual([
      { arn: 'arn:minio:replication::a:one', priority: 1 },
    ]);
    expect(matchTargets(config, 'a/b/x', [], 'object')).toEqual([
      { arn: 'arn:minio:replication::a:one', priority: 5 },
    ]);
    // The higher rule has no delete-marker replication: the lower one does not step in.
    expect(matchTargets(config, 'a/b/x', undefined, 'marker')).toEqual([]);
    expect(matchTargets(config, 'a/x', undefined, 'marker').map((m) => m.arn)).toEqual([
      'arn:minio:replication::a:one',
    ]);
  });

  it('needs every tag of a tag filter, ignores disabled rules and unmatched prefixes', () => {
    expect(matchTargets(config, 'z', [{ key: 'k', value: 'v' }], 'object').map((m) => m.arn)).toEqual([
      'arn:minio:replication::b:two',
    ]);
    expect(matchTargets(config, 'z', [{ key: 'k', value: 'w' }], 'object')).toEqual([]);
    expect(matchTargets(config, 'z', [], 'existing')).toEqual([]);
  });
});

describe('replication status fields', () => {
  it('keeps one status per target and derives the overall one as MinIO does', () => {
    const internal: Record<string, string> = {};
    setTargetStatus(internal, 'arn:1', 'PENDING');
    setTargetStatus(internal, 'arn:2', 'PENDING');
    expect(internal['x-amz-replication-status']).toBe('PENDING');
    setTargetStatus(internal, 'arn:1', 'COMPLETED');
    expect(internal['x-amz-replication-status']).toBe('PENDING');
    setTargetStatus(internal, 'arn:2', 'FAILED');
    expect(internal['x-amz-replication-status']).toBe('FAILED');
    setTargetStatus(internal, 'arn:2', 'COMPLETED');
    expect(internal['x-amz-replication-status']).toBe('COMPLETED');
    expect([...targetStatuses(internal).keys()]).toEqual(['arn:1', 'arn:2']);
    expect(overallStatus(new Map())).toBeUndefined();
  });
});
