import { describe, expect, it } from 'vitest';
import { parseReplicationRules } from './s3-replication.js';

const ARN = 'arn:minio:replication::5d1c6f3e-7a52-4c07-9a68-1f1c33f0a0de:backup';

describe('parseReplicationRules', () => {
  it('reads every rule of a MinIO document: filter prefix and tags, destination, statuses, priority', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<ReplicationConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
  <Rule>
    <ID>007</ID><Status>Enabled</Status><Priority>2</Priority>
    <DeleteMarkerReplication><Status>Disabled</Status></DeleteMarkerReplication>
    <DeleteReplication><Status>Enabled</Status></DeleteReplication>
    <Destination><Bucket>${ARN}</Bucket><StorageClass>STANDARD</StorageClass></Destination>
    <Filter><And><Prefix>2024/</Prefix><Tag><Key>team</Key><Value>01</Value></Tag><Tag><Key>x</Key><Value>y</Value></Tag></And></Filter>
  </Rule>
  <Rule>
    <ID>second</ID><Status>Disabled</Status><Priority>1</Priority>
    <DeleteMarkerReplication><Status>Enabled</Status></DeleteMarkerReplication>
    <Destination><Bucket>${ARN}</Bucket></Destination>
    <Filter><Prefix></Prefix></Filter>
  </Rule>
</ReplicationConfiguration>`;
    expect(parseReplicationRules(xml)).toEqual([
      {
        id: '007',
        status: 'Enabled',
        priority: 2,
        prefix: '2024/',
        tags: 'team=01&x=y',
        destination: { bucket: ARN, storage_class: 'STANDARD' },
        delete_marker_replication: false,
        deletes_replication: true,
      },
      {
        id: 'second',
        status: 'Disabled',
        priority: 1,
        prefix: '',
        tags: '',
        destination: { bucket: ARN },
        delete_marker_replication: true,
        deletes_replication: false,
      },
    ]);
  });

  it('reads a single tag filter and the older rule-level prefix', () => {
    const xml = `<ReplicationConfiguration><Rule><ID>a</ID><Status>Enabled</Status><Prefix>logs/</Prefix>
      <Destination><Bucket>arn:aws:s3:::b</Bucket></Destination></Rule>
      <Rule><ID>b</ID><Status>Enabled</Status><Filter><Tag><Key>k</Key><Value>v</Value></Tag></Filter>
      <Destination><Bucket>arn:aws:s3:::b</Bucket></Destination></Rule></ReplicationConfiguration>`;
    const rules = parseReplicationRules(xml);
    expect(rules.map((r) => [r.id, r.prefix, r.tags, r.priority])).toEqual([
      ['a', 'logs/', '', 0],
      ['b', '', 'k=v', 0],
    ]);
  });

  it('has no rules for a document without any', () => {
    expect(parseReplicationRules('<ReplicationConfiguration></ReplicationConfiguration>')).toEqual([]);
  });
});
