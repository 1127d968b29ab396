import { describe, expect, it } from 'vitest';
import { filterXml, parseTagText, ruleElements } from './s3-xml.js';
import { lifecycleRuleXml, parseLifecycleRules, ruleIdOf, updatedLifecycleRuleXml } from './s3-lifecycle.js';
import { replicationRuleXml, parseReplicationRules } from './s3-replication.js';

const doc = (rules: string) => `<LifecycleConfiguration>${rules}</LifecycleConfiguration>`;

describe('lifecycle XML', () => {
  it('writes an expiry rule with a date at midnight, noncurrent days and an And filter', () => {
    const xml = lifecycleRuleXml({
      id: '007',
      prefix: 'logs/',
      tags: 'a=1&b=x=y',
      expiredObjectDeleteMarker: false,
      expiryDate: '2031-02-28T23:59:59Z',
      noncurrentExpirationDays: 7,
    });
    expect(xml).toContain('<Date>2031-02-28T00:00:00Z</Date>');
    expect(xml).toContain('<Filter><And><Prefix>logs/</Prefix><Tag><Key>a</Key><Value>1</Value></Tag>');
    expect(xml).toContain('<Tag><Key>b</Key><Value>x=y</Value></Tag>');
    expect(parseLifecycleRules(doc(xml))).toEqual([
      {
        id: '007',
        prefix: 'logs/',
        status: 'Enabled',
        expiration: { date: '2031-02-28', noncurrent_expiration_days: 7 },
        tags: [
          { key: 'a', value: '1' },
          { key: 'b', value: 'x=y' },
        ],
      },
    ]);
  });

  it('writes a transition (and a noncurrent one to the same tier); lists it', () => {
    const xml = lifecycleRuleXml({
      id: 'r',
      prefix: '',
      tags: '',
      expiredObjectDeleteMarker: false,
      transitionDays: 30,
      noncurrentTransitionDays: 5,
      storageClass: 'WARM',
    });
    expect(xml).toContain('<Filter><Prefix></Prefix></Filter>');
    expect(parseLifecycleRules(doc(xml))[0]).toMatchObject({
      transition: {
        days: 30,
        storage_class: 'WARM',
        noncurrent_transition_days: 5,
        noncurrent_storage_class: 'WARM',
      },
    });
  });

  it('changes a rule’s status and tags in place, keeping its prefix, size limits and everything else', () => {
    const rule =
      '<Rule><ID>keep</ID><Status>Enabled</Status><Filter><And><Prefix>p/</Prefix><ObjectSizeGreaterThan>10</ObjectSizeGreaterThan></And></Filter><Expiration><Days>3</Days></Expiration><DelMarkerExpiration><Days>2</Days></DelMarkerExpiration></Rule>';
    const changed = updatedLifecycleRuleXml(rule, false, 'k=v');
    expect(changed).toBe(
      '<Rule><ID>keep</ID><Status>Disabled</Status><Filter><And><Prefix>p/</Prefix><Tag><Key>k</Key><Value>v</Value></Tag><ObjectSizeGreaterThan>10</ObjectSizeGreaterThan></And></Filter><Expiration><Days>3</Days></Expiration><DelMarkerExpiration><Days>2</Days></DelMarkerExpiration></Rule>',
    );
    // An older rule with its Prefix directly under Rule gets a Filter instead.
    const legacy =
      '<Rule><ID>old</ID><Prefix>x/</Prefix><Status>Enabled</Status><Expiration><Days>1</Days></Expiration></Rule>';
    expect(updatedLifecycleRuleXml(legacy, true, '')).toBe(
      '<Rule><ID>old</ID><Status>Enabled</Status><Expiration><Days>1</Days></Expiration><Filter><Prefix>x/</Prefix></Filter></Rule>',
    );
    expect(ruleIdOf(legacy)).toBe('old');
  });

  it('splits a document into its rules, escapes values and reads tag text', () => {
    expect(ruleElements(doc('<Rule><ID>a</ID></Rule>\n<Rule><ID>b</ID></Rule>'))).toEqual([
      '<Rule><ID>a</ID></Rule>',
      '<Rule><ID>b</ID></Rule>',
    ]);
    expect(parseTagText(' a=1 && b= ')).toEqual([
      { key: 'a', value: '1' },
      { key: 'b', value: '' },
    ]);
    expect(filterXml('<&>', [])).toBe('<Filter><Prefix>&lt;&amp;&gt;</Prefix></Filter>');
    expect(filterXml('', [{ key: 'k', value: 'v' }])).toBe(
      '<Filter><Tag><Key>k</Key><Value>v</Value></Tag></Filter>',
    );
  });
});

describe('replication rule XML', () => {
  it("names the target's ARN, the switches and the filter; reads back as listed", () => {
    const xml = replicationRuleXml({
      id: 'r1',
      priority: 3,
      arn: 'arn:minio:replication::id:dest',
      prefix: 'docs/',
      tags: '',
      replicateDeleteMarkers: false,
      replicateDeletes: true,
      replicateMetadata: false,
    });
    expect(xml).toContain('<ReplicaModifications><Status>Disabled</Status></ReplicaModifications>');
    expect(xml).toContain('<ExistingObjectReplication><Status>Enabled</Status></ExistingObjectReplication>');
    expect(parseReplicationRules(`<ReplicationConfiguration>${xml}</ReplicationConfiguration>`)).toEqual([
      {
        id: 'r1',
        status: 'Enabled',
        priority: 3,
        prefix: 'docs/',
        tags: '',
        destination: { bucket: 'arn:minio:replication::id:dest' },
        delete_marker_replication: false,
        deletes_replication: true,
      },
    ]);
  });
});
