import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InvalidArgument, MalformedXML } from '../common/errors.js';
import { BucketNotFound, InvalidBucketState } from '../object-layer/errors.js';
import { openObjectLayer } from '../object-layer/index.js';
import type { ObjectLayer } from '../object-layer/types.js';
import { BucketMetadataService, type BucketConfigChange } from './bucket-metadata.js';
import { defaultConfigCodecs } from './config-codecs.js';
import { lifecycleRulesFor, parseLifecycleConfiguration } from './lifecycle.js';

const LIFECYCLE = `<LifecycleConfiguration>
  <Rule>
    <ID>expire-logs</ID><Status>Enabled</Status>
    <Filter><And><Prefix>logs/</Prefix><Tag><Key>kind</Key><Value>debug</Value></Tag>
      <ObjectSizeGreaterThan>10</ObjectSizeGreaterThan></And></Filter>
    <Expiration><Days>30</Days></Expiration>
    <NoncurrentVersionExpiration><NoncurrentDays>7</NoncurrentDays><NewerNoncurrentVersions>2</NewerNoncurrentVersions></NoncurrentVersionExpiration>
    <Transition><Days>10</Days><StorageClass>COLD</StorageClass></Transition>
    <AbortIncompleteMultipartUpload><DaysAfterInitiation>3</DaysAfterInitiation></AbortIncompleteMultipartUpload>
  </Rule>
  <Rule>
    <ID>markers</ID><Status>Disabled</Status><Filter><Prefix></Prefix></Filter>
    <Expiration><ExpiredObjectDeleteMarker>true</ExpiredObjectDeleteMarker></Expiration>
  </Rule>
</LifecycleConfiguration>`;

const roots: string[] = [];
const layers: ObjectLayer[] = [];

afterEach(async () => {
  for (const layer of layers.splice(0)) await layer.close().catch(() => undefined);
  for (const root of roots.splice(0)) await rm(root, { recursive: true, force: true });
});

async function open(root?: string): Promise<{ layer: ObjectLayer; root: string }> {
  const dir = root ?? (await mkdtemp(join(tmpdir(), 'coffer-bucket-meta-')));
  if (root === undefined) roots.push(dir);
  const { layer } = await openObjectLayer({ drives: [1, 2, 3, 4].map((i) => join(dir, `d${i}`)) });
  layers.push(layer);
  return { layer, root: dir };
}

/** A service whose lifecycle parser counts its calls. */
function countingService(layer: ObjectLayer): { service: BucketMetadataService; parses: () => number } {
  let parses = 0;
  const lifecycle = defaultConfigCodecs().lifecycle;
  const service = new BucketMetadataService(layer, {
    codecs: {
      lifecycle: {
        ...lifecycle,
        parse: (text) => {
          parses += 1;
          return lifecycle.parse(text);
        },
      },
    },
  });
  return { service, parses: () => parses };
}

describe('BucketMetadataService', () => {
  it('parses a configuration once and serves the cached document until it changes', async () => {
    const { layer } = await open();
    await layer.makeBucket('bkt');
    const { service, parses } = countingService(layer);
    expect(await service.get('bkt', 'lifecycle')).toBeUndefined();
    expect(parses()).toBe(0);

    const written = await service.put('bkt', 'lifecycle', LIFECYCLE);
    expect(parses()).toBe(1);
    const first = await service.get('bkt', 'lifecycle');
    const second = await service.get('bkt', 'lifecycle');
    expect(parses()).toBe(1);
    expect(first).toBe(written);
    expect(second).toBe(first);

    // A new document is parsed once more; removing it answers undefined without parsing.
    await service.put('bkt', 'lifecycle', LIFECYCLE.replace('<Days>30</Days>', '<Days>31</Days>'));
    expect(parses()).toBe(2);
    expect((await service.get('bkt', 'lifecycle'))?.rules[0]?.expiration?.days).toBe(31);
    expect(parses()).toBe(2);
    await service.delete('bkt', 'lifecycle');
    expect(await service.get('bkt', 'lifecycle')).toBeUndefined();
    expect(parses()).toBe(2);
  });

  it('reads a change made through the object layer by another service instance', async () => {
    const { layer } = await open();
    await layer.makeBucket('bkt');
    const { service, parses } = countingService(layer);
    const other = new BucketMetadataService(layer);
    await service.put('bkt', 'lifecycle', LIFECYCLE);
    await other.put('bkt', 'lifecycle', LIFECYCLE.replace('<Days>30</Days>', '<Days>5</Days>'));
    expect((await service.get('bkt', 'lifecycle'))?.rules[0]?.expiration?.days).toBe(5);
    expect(parses()).toBe(2);
  });

  it('calls change listeners once, after the change is persisted, and never for a refused one', async () => {
    const { layer } = await open();
    await layer.makeBucket('bkt');
    const service = new BucketMetadataService(layer);
    const seen: { change: BucketConfigChange; stored: string | undefined }[] = [];
    const reads: Promise<void>[] = [];
    const stop = service.onChange((change) => {
      // Persisted already: the object layer answers the new state when the listener runs.
      const entry: (typeof seen)[number] = { change, stored: undefined };
      seen.push(entry);
      reads.push(
        layer.getBucketMetadata(change.bucket).then((meta) => {
          entry.stored = meta.configs.lifecycle ?? '(none)';
        }),
      );
    });

    await service.put('bkt', 'lifecycle', LIFECYCLE);
    await expect(service.put('bkt', 'lifecycle', '<LifecycleConfiguration>')).rejects.toThrow(MalformedXML);
    await expect(service.put('bkt', 'lifecycle', '<LifecycleConfiguration/>')).rejects.toThrow(
      InvalidArgument,
    );
    await expect(
      service.put(
        'bkt',
        'cors',
        '<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod></CORSRule></CORSConfiguration>',
        {
          check: () => {
            throw new InvalidBucketState('refused');
          },
        },
      ),
    ).rejects.toThrow(InvalidBucketState);
    await expect(service.put('missing', 'lifecycle', LIFECYCLE)).rejects.toThrow(BucketNotFound);
    await Promise.all(reads);
    expect(seen.map((s) => s.change)).toEqual([{ bucket: 'bkt', kind: 'lifecycle', set: true }]);
    expect(seen[0]?.stored).toBe(LIFECYCLE);
    expect(await service.get('bkt', 'cors')).toBeUndefined();

    await service.delete('bkt', 'lifecycle');
    await service.delete('bkt', 'lifecycle'); // nothing set any more: no second event
    expect(seen.map((s) => s.change)).toEqual([
      { bucket: 'bkt', kind: 'lifecycle', set: true },
      { bucket: 'bkt', kind: 'lifecycle', set: false },
    ]);

    // A throwing listener neither fails nor undoes the change.
    service.onChange(() => {
      throw new Error('listener bug');
    });
    await service.put('bkt', 'lifecycle', LIFECYCLE);
    expect(await service.get('bkt', 'lifecycle')).toBeDefined();
    stop();
  });

  it('keeps every configuration across a restart of the object layer', async () => {
    const { layer, root } = await open();
    await layer.makeBucket('bkt', { objectLock: true });
    const service = new BucketMetadataService(layer);
    const docs = {
      lifecycle: LIFECYCLE,
      quota: '{"quota":5000,"size":5000,"rate":0,"requests":0,"quotatype":"hard"}',
      objectLock:
        '<ObjectLockConfiguration><ObjectLockEnabled>Enabled</ObjectLockEnabled><Rule><DefaultRetention><Mode>GOVERNANCE</Mode><Days>2</Days></DefaultRetention></Rule></ObjectLockConfiguration>',
      versioning:
        '<VersioningConfiguration><Status>Enabled</Status><ExcludedPrefixes><Prefix>tmp/</Prefix></ExcludedPrefixes></VersioningConfiguration>',
      tagging: '<Tagging><TagSet><Tag><Key>team</Key><Value>ops</Value></Tag></TagSet></Tagging>',
      cors: '<CORSConfiguration><CORSRule><AllowedOrigin>https://a.example</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><MaxAgeSeconds>60</MaxAgeSeconds></CORSRule></CORSConfiguration>',
      encryption:
        '<ServerSideEncryptionConfiguration><Rule><ApplyServerSideEncryptionByDefault><SSEAlgorithm>aws:kms</SSEAlgorithm><KMSMasterKeyID>k1</KMSMasterKeyID></ApplyServerSideEncryptionByDefault></Rule></ServerSideEncryptionConfiguration>',
      replication:
        '<ReplicationConfiguration><Role></Role><Rule><ID>r1</ID><Status>Enabled</Status><Priority>1</Priority><DeleteMarkerReplication><Status>Enabled</Status></DeleteMarkerReplication><Filter><Prefix>docs/</Prefix></Filter><Destination><Bucket>arn:aws:s3:::remote</Bucket></Destination></Rule></ReplicationConfiguration>',
      notification:
        '<NotificationConfiguration><QueueConfiguration><Id>q</Id><Queue>arn:minio:sqs::1:webhook</Queue><Event>s3:ObjectCreated:*</Event><Filter><S3Key><FilterRule><Name>suffix</Name><Value>.jpg</Value></FilterRule></S3Key></Filter></QueueConfiguration></NotificationConfiguration>',
      policy: JSON.stringify({
        Version: '2012-10-17',
        Statement: [
          { Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: 'arn:aws:s3:::bkt/*' },
        ],
      }),
    } as const;
    for (const [kind, text] of Object.entries(docs)) {
      await service.put('bkt', kind as keyof typeof docs, text);
    }
    const before = Object.fromEntries(
      await Promise.all(
        Object.keys(docs).map(async (k) => [k, await service.get('bkt', k as keyof typeof docs)]),
      ),
    );
    await layer.close();

    const reopened = await open(root);
    const fresh = new BucketMetadataService(reopened.layer);
    for (const kind of Object.keys(docs) as (keyof typeof docs)[]) {
      expect(await fresh.get('bkt', kind)).toEqual(before[kind]);
    }
    expect(await fresh.get('bkt', 'quota')).toEqual({ size: 5000, type: 'hard', rate: 0, requests: 0 });
    expect(await fresh.get('bkt', 'objectLock')).toEqual({
      defaultRetention: { mode: 'GOVERNANCE', days: 2 },
    });
    expect(await fresh.get('bkt', 'versioning')).toEqual({
      status: 'Enabled',
      excludedPrefixes: ['tmp/'],
      excludeFolders: false,
    });
    expect(await fresh.get('bkt', 'tagging')).toEqual({ tags: [{ key: 'team', value: 'ops' }] });
    expect(await fresh.get('bkt', 'encryption')).toEqual({ algorithm: 'aws:kms', kmsKeyId: 'k1' });
    expect((await fresh.get('bkt', 'replication'))?.rules[0]).toMatchObject({
      id: 'r1',
      prefix: 'docs/',
      deleteMarkerReplication: true,
      destinationBucket: 'arn:aws:s3:::remote',
    });
    expect((await fresh.get('bkt', 'notification'))?.targets).toEqual([
      {
        id: 'q',
        kind: 'queue',
        arn: 'arn:minio:sqs::1:webhook',
        events: ['s3:ObjectCreated:*'],
        prefix: '',
        suffix: '.jpg',
      },
    ]);
    expect((await fresh.get('bkt', 'policy'))?.statements[0]?.statement.Action).toEqual(['s3:GetObject']);
    expect((await fresh.get('bkt', 'cors'))?.rules[0]).toMatchObject({
      allowedMethods: ['PUT'],
      maxAgeSeconds: 60,
    });
  });

  it('lets a background task read a lifecycle rule with no request', async () => {
    const { layer } = await open();
    await layer.makeBucket('logs-bucket');
    await new BucketMetadataService(layer).put('logs-bucket', 'lifecycle', LIFECYCLE);

    // What a lifecycle worker does: only the service and an object's facts, no RequestContext.
    async function expiryDays(service: BucketMetadataService, bucket: string, key: string, size: number) {
      const config = await service.get(bucket, 'lifecycle');
      if (config === undefined) return undefined;
      const tags = [{ key: 'kind', value: 'debug' }];
      return lifecycleRulesFor(config, { key, size, tags })[0]?.expiration?.days;
    }
    const worker = new BucketMetadataService(layer);
    expect(await expiryDays(worker, 'logs-bucket', 'logs/a.txt', 100)).toBe(30);
    expect(await expiryDays(worker, 'logs-bucket', 'logs/tiny.txt', 5)).toBeUndefined();
    expect(await expiryDays(worker, 'logs-bucket', 'data/a.txt', 100)).toBeUndefined();
  });
});

describe('lifecycle configuration', () => {
  it('parses every part of a rule', () => {
    const config = parseLifecycleConfiguration(LIFECYCLE);
    expect(config.rules).toEqual([
      {
        id: 'expire-logs',
        status: 'Enabled',
        filter: { prefix: 'logs/', tags: [{ key: 'kind', value: 'debug' }], objectSizeGreaterThan: 10 },
        expiration: { days: 30 },
        noncurrentVersionExpiration: { noncurrentDays: 7, newerNoncurrentVersions: 2 },
        transitions: [{ days: 10, storageClass: 'COLD' }],
        noncurrentVersionTransitions: [],
        abortIncompleteMultipartUploadDays: 3,
      },
      {
        id: 'markers',
        status: 'Disabled',
        filter: { prefix: '', tags: [] },
        expiration: { expiredObjectDeleteMarker: true },
        transitions: [],
        noncurrentVersionTransitions: [],
      },
    ]);
    const dated = parseLifecycleConfiguration(
      '<LifecycleConfiguration><Rule><Status>Enabled</Status><Prefix>a/</Prefix><Expiration><Date>2030-01-01T00:00:00Z</Date></Expiration></Rule></LifecycleConfiguration>',
    );
    expect(dated.rules[0]?.expiration?.date?.toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect(dated.rules[0]?.filter.prefix).toBe('a/');
  });

  const rule = (body: string) =>
    `<LifecycleConfiguration><Rule><ID>r</ID><Status>Enabled</Status><Filter></Filter>${body}</Rule></LifecycleConfiguration>`;

  it.each([
    ['not XML', '<LifecycleConfiguration>', MalformedXML],
    ['another root', '<Lifecycle><Rule/></Lifecycle>', MalformedXML],
    ['no rule', '<LifecycleConfiguration></LifecycleConfiguration>', InvalidArgument],
    ['no action', rule(''), InvalidArgument],
    [
      'a bad status',
      rule('<Expiration><Days>1</Days></Expiration>').replace('Enabled', 'On'),
      InvalidArgument,
    ],
    ['zero days', rule('<Expiration><Days>0</Days></Expiration>'), InvalidArgument],
    [
      'days and date',
      rule('<Expiration><Days>1</Days><Date>2030-01-01T00:00:00Z</Date></Expiration>'),
      InvalidArgument,
    ],
    [
      'a date not at midnight',
      rule('<Expiration><Date>2030-01-01T10:00:00Z</Date></Expiration>'),
      InvalidArgument,
    ],
    ['a transition without class', rule('<Transition><Days>1</Days></Transition>'), InvalidArgument],
    [
      'noncurrent without days',
      rule('<NoncurrentVersionExpiration></NoncurrentVersionExpiration>'),
      InvalidArgument,
    ],
    [
      'duplicate IDs',
      `<LifecycleConfiguration>${[1, 2].map(() => '<Rule><ID>same</ID><Status>Enabled</Status><Expiration><Days>1</Days></Expiration></Rule>').join('')}</LifecycleConfiguration>`,
      InvalidArgument,
    ],
    [
      'size bounds the wrong way',
      rule('<Expiration><Days>1</Days></Expiration>').replace(
        '<Filter></Filter>',
        '<Filter><And><ObjectSizeGreaterThan>10</ObjectSizeGreaterThan><ObjectSizeLessThan>5</ObjectSizeLessThan></And></Filter>',
      ),
      InvalidArgument,
    ],
  ])('refuses %s', (_name, xml, error) => {
    expect(() => parseLifecycleConfiguration(xml)).toThrow(error);
  });
});
