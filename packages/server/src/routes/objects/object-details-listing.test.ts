import type { BucketObject } from '@coffer/contract';
import type { Client } from 'minio';
import { describe, expect, it } from 'vitest';
import { MAX_DETAILED, addObjectDetails, namesOneObject } from './object-details-listing.js';

/** An S3 client answering the three reads per version, counting them; `refuse` throws like S3 does. */
function fakeS3(refuse = false) {
  const reads: string[] = [];
  const answer = <T>(what: string, value: T) => {
    reads.push(what);
    return refuse ? Promise.reject(new Error('InvalidRequest')) : Promise.resolve(value);
  };
  const s3 = {
    getObjectLegalHold: (_b: string, _k: string, o: { versionId?: string }) =>
      answer(`hold ${o.versionId}`, { Status: o.versionId === 'v1' ? 'ON' : 'OFF' }),
    getObjectRetention: (_b: string, _k: string, o: { versionId?: string }) =>
      answer(`retention ${o.versionId}`, { mode: 'GOVERNANCE', retainUntilDate: '2031-01-01T23:59:59.000Z' }),
    // The XML parser hands numeric-looking tags back as numbers.
    getObjectTagging: (_b: string, _k: string, o: { versionId?: string }) =>
      answer(`tags ${o.versionId}`, [{ Key: 2026, Value: 42 }]),
  };
  return { s3: s3 as unknown as Client, reads };
}

describe('addObjectDetails', () => {
  it('adds legal hold, retention (lowercase mode) and tags as text to the versions of the key', async () => {
    const { s3 } = fakeS3();
    const objects: BucketObject[] = [
      { name: 'a.txt', version_id: 'v1' },
      { name: 'a.txt', version_id: 'v0', tags: { kept: 'yes' } },
    ];
    await addObjectDetails(s3, 'b', 'a.txt', objects);
    expect(objects[0]).toEqual({
      name: 'a.txt',
      version_id: 'v1',
      legal_hold_status: 'ON',
      retention_mode: 'governance',
      retention_until_date: '2031-01-01T23:59:59.000Z',
      tags: { '2026': '42' },
    });
    // Tags the listing carried are not read again.
    expect(objects[1]?.tags).toEqual({ kept: 'yes' });
    expect(objects[1]?.legal_hold_status).toBe('OFF');
  });

  it('skips delete markers and other keys, and reads at most MAX_DETAILED versions', async () => {
    const { s3, reads } = fakeS3();
    const objects: BucketObject[] = [
      { name: 'a.txt', version_id: 'marker', is_delete_marker: true },
      { name: 'a.txt.bak', version_id: 'other' },
      ...Array.from({ length: MAX_DETAILED + 20 }, (_, i) => ({ name: 'a.txt', version_id: `v${i + 2}` })),
    ];
    await addObjectDetails(s3, 'b', 'a.txt', objects);
    expect(reads.filter((r) => r.startsWith('hold'))).toHaveLength(MAX_DETAILED);
    expect(reads.some((r) => r.endsWith(' marker') || r.endsWith(' other'))).toBe(false);
    expect(objects.at(-1)?.legal_hold_status).toBeUndefined();
  });

  it('leaves the fields out when the storage server refuses the reads', async () => {
    const { s3 } = fakeS3(true);
    const objects: BucketObject[] = [{ name: 'a.txt', version_id: 'null' }];
    await addObjectDetails(s3, 'b', 'a.txt', objects);
    expect(objects).toEqual([{ name: 'a.txt', version_id: 'null' }]);
  });

  it('applies to a prefix naming one object only', () => {
    expect(namesOneObject('docs/a.txt')).toBe(true);
    expect(namesOneObject('docs/')).toBe(false);
    expect(namesOneObject('')).toBe(false);
  });
});
