import { describe, expect, it } from 'vitest';
import { parseLifecycleConfiguration } from '../bucket/lifecycle.js';
import type { ObjectInfo } from '../object-layer/types.js';
import { applyLifecycle, DAY_MS, dueTime, type LifecycleServices } from './lifecycle.js';

const NOW = Date.parse('2030-06-15T12:00:00Z');

function version(
  key: string,
  versionId: string,
  modified: string,
  extra: Partial<ObjectInfo> = {},
): ObjectInfo {
  return {
    bucket: 'b',
    key,
    versionId,
    isLatest: true,
    deleteMarker: false,
    size: 10,
    etag: 'e',
    lastModified: new Date(modified),
    contentType: 'text/plain',
    headers: {},
    userMetadata: {},
    storageClass: 'STANDARD',
    checksums: {},
    internal: {},
    ...extra,
  };
}

function services(
  rules: string,
  versions: ObjectInfo[],
  versioning: 'Enabled' | 'Unversioned' = 'Unversioned',
) {
  const deleted: string[] = [];
  const transitioned: string[] = [];
  const config = parseLifecycleConfiguration(`<LifecycleConfiguration>${rules}</LifecycleConfiguration>`);
  const s: LifecycleServices = {
    objectLayer: {
      listObjectVersions: async () => ({ versions, commonPrefixes: [], isTruncated: false }),
      deleteObject: async (_b, key, options) => {
        deleted.push(`${key}@${options?.versionId ?? 'marker'}`);
        return { deleteMarker: options?.versionId === undefined };
      },
      getBucketMetadata: async () => ({
        name: 'b',
        created: new Date(0),
        versioning,
        objectLockEnabled: false,
        configs: {},
      }),
      listMultipartUploads: async () => ({ uploads: [], commonPrefixes: [], isTruncated: false }),
      abortMultipartUpload: async () => undefined,
    },
    bucketMetadata: { get: (async () => config) as unknown as LifecycleServices['bucketMetadata']['get'] },
    tiering: {
      transition: async (_b, key, versionId, tier) => {
        transitioned.push(`${key}@${versionId}→${tier}`);
        return true;
      },
      expireRestore: async () => false,
      retryJournal: async () => 0,
    },
    log: () => undefined,
    now: () => NOW,
  };
  return { s, deleted, transitioned };
}

describe('lifecycle due times', () => {
  it('rounds real days up to the next midnight UTC, and leaves shortened days exact', () => {
    const created = Date.parse('2030-06-10T15:30:00Z');
    expect(new Date(dueTime(created, 1, DAY_MS)).toISOString()).toBe('2030-06-12T00:00:00.000Z');
    expect(dueTime(created, 2, 1000)).toBe(created + 2000);
  });
});

describe('applyLifecycle', () => {
  it('expires by Date and by Days (rounded), transitions by Date, and leaves the rest', async () => {
    const rules =
      '<Rule><ID>date</ID><Status>Enabled</Status><Filter><Prefix>d/</Prefix></Filter><Expiration><Date>2030-06-01T00:00:00Z</Date></Expiration></Rule>' +
      '<Rule><ID>days</ID><Status>Enabled</Status><Filter><Prefix>n/</Prefix></Filter><Expiration><Days>5</Days></Expiration></Rule>' +
      '<Rule><ID>tier</ID><Status>Enabled</Status><Filter><Prefix>t/</Prefix></Filter><Transition><Date>2030-06-15T00:00:00Z</Date><StorageClass>WARM</StorageClass></Transition></Rule>';
    const { s, deleted, transitioned } = services(rules, [
      version('d/a', 'null', '2030-05-01T00:00:00Z'),
      // 5 days after 06-10T09:00 is 06-15T09:00, rounded to 06-16T00:00: not yet due at noon on the 15th.
      version('n/late', 'null', '2030-06-10T09:00:00Z'),
      version('n/old', 'null', '2030-06-09T09:00:00Z'),
      version('t/x', 'null', '2030-01-01T00:00:00Z'),
      version('z/keep', 'null', '2000-01-01T00:00:00Z'),
    ]);
    const outcome = await applyLifecycle(s, 'b');
    expect(deleted).toEqual(['d/a@null', 'n/old@null']);
    expect(transitioned).toEqual(['t/x@null→WARM']);
    expect(outcome).toMatchObject({ expired: 2, transitioned: 1 });
  });

  it('skips versions under legal hold or retention, and transitions noncurrent versions by NoncurrentDays', async () => {
    const rules =
      '<Rule><ID>nc</ID><Status>Enabled</Status><Filter><Prefix>k</Prefix></Filter><NoncurrentVersionExpiration><NoncurrentDays>1</NoncurrentDays></NoncurrentVersionExpiration></Rule>' +
      '<Rule><ID>nct</ID><Status>Enabled</Status><Filter><Prefix>t</Prefix></Filter><NoncurrentVersionTransition><NoncurrentDays>1</NoncurrentDays><StorageClass>COLD</StorageClass></NoncurrentVersionTransition></Rule>';
    const { s, deleted, transitioned } = services(
      rules,
      [
        version('k', 'v3', '2030-06-10T00:00:00Z'),
        version('k', 'v2', '2030-06-05T00:00:00Z', {
          isLatest: false,
          internal: { 'x-amz-object-lock-legal-hold': 'ON' },
        }),
        version('k', 'v1', '2030-06-01T00:00:00Z', { isLatest: false }),
        version('tk', 'w2', '2030-06-10T00:00:00Z'),
        version('tk', 'w1', '2030-06-01T00:00:00Z', { isLatest: false }),
      ],
      'Enabled',
    );
    const outcome = await applyLifecycle(s, 'b');
    expect(deleted).toEqual(['k@v1']);
    expect(outcome?.lockedSkipped).toBe(1);
    expect(transitioned).toEqual(['tk@w1→COLD']);
  });
});
