import { describe, expect, it } from 'vitest';
import { InvalidArgument, MalformedXML, NotImplemented } from '../common/errors.js';
import { parseBucketPolicy } from './bucket-policy.js';
import { parseBucketTagging } from './bucket-tagging.js';
import { parseCorsConfiguration } from './cors.js';
import { parseBucketEncryption } from './encryption.js';
import { InvalidTag, MalformedBucketPolicy } from './errors.js';
import { parseNotificationConfiguration } from './notification.js';
import { parseReplicationConfiguration } from './replication.js';

const tags = (n: number) =>
  `<Tagging><TagSet>${Array.from({ length: n }, (_, i) => `<Tag><Key>k${i}</Key><Value>v</Value></Tag>`).join('')}</TagSet></Tagging>`;
const cors = (rule: string) => `<CORSConfiguration><CORSRule>${rule}</CORSRule></CORSConfiguration>`;
const sse = (apply: string) =>
  `<ServerSideEncryptionConfiguration><Rule><ApplyServerSideEncryptionByDefault>${apply}</ApplyServerSideEncryptionByDefault></Rule></ServerSideEncryptionConfiguration>`;
const replication = (rule: string) =>
  `<ReplicationConfiguration><Role/><Rule>${rule}</Rule></ReplicationConfiguration>`;

describe('bucket configuration documents', () => {
  it('reads the typed form of each document', () => {
    expect(parseBucketTagging(tags(2)).tags).toEqual([
      { key: 'k0', value: 'v' },
      { key: 'k1', value: 'v' },
    ]);
    expect(
      parseCorsConfiguration(
        cors(
          '<ID>r</ID><AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader>',
        ),
      ).rules,
    ).toEqual([
      {
        id: 'r',
        allowedOrigins: ['*'],
        allowedMethods: ['GET', 'HEAD'],
        allowedHeaders: ['*'],
        exposeHeaders: ['ETag'],
      },
    ]);
    expect(parseBucketEncryption(sse('<SSEAlgorithm>AES256</SSEAlgorithm>'))).toEqual({
      algorithm: 'AES256',
    });
    expect(
      parseReplicationConfiguration(
        replication(
          '<Status>Enabled</Status><Filter><And><Prefix>p/</Prefix><Tag><Key>a</Key><Value>b</Value></Tag></And></Filter><DeleteReplication><Status>Disabled</Status></DeleteReplication><Destination><Bucket>arn:aws:s3:::t</Bucket><StorageClass>STANDARD</StorageClass></Destination>',
        ),
      ).rules[0],
    ).toEqual({
      id: '',
      status: 'Enabled',
      priority: 0,
      prefix: 'p/',
      tags: [{ key: 'a', value: 'b' }],
      deleteMarkerReplication: false,
      deleteReplication: false,
      existingObjectReplication: false,
      destinationBucket: 'arn:aws:s3:::t',
      storageClass: 'STANDARD',
    });
    expect(parseNotificationConfiguration('<NotificationConfiguration/>')).toEqual({ targets: [] });
  });

  it.each([
    ['tagging over 50 tags', () => parseBucketTagging(tags(51)), InvalidTag],
    [
      'tagging with a key twice',
      () =>
        parseBucketTagging(
          '<Tagging><TagSet><Tag><Key>a</Key></Tag><Tag><Key>a</Key></Tag></TagSet></Tagging>',
        ),
      InvalidTag,
    ],
    ['tagging without TagSet', () => parseBucketTagging('<Tagging></Tagging>'), MalformedXML],
    [
      'CORS without a method',
      () => parseCorsConfiguration(cors('<AllowedOrigin>*</AllowedOrigin>')),
      MalformedXML,
    ],
    [
      'CORS with an unknown method',
      () =>
        parseCorsConfiguration(cors('<AllowedOrigin>*</AllowedOrigin><AllowedMethod>PATCH</AllowedMethod>')),
      InvalidArgument,
    ],
    [
      'encryption with an unknown algorithm',
      () => parseBucketEncryption(sse('<SSEAlgorithm>DES</SSEAlgorithm>')),
      NotImplemented,
    ],
    [
      'encryption AES256 with a KMS key',
      () =>
        parseBucketEncryption(sse('<SSEAlgorithm>AES256</SSEAlgorithm><KMSMasterKeyID>k</KMSMasterKeyID>')),
      MalformedXML,
    ],
    [
      'replication without rules',
      () => parseReplicationConfiguration('<ReplicationConfiguration/>'),
      MalformedXML,
    ],
    [
      'replication without a destination ARN',
      () =>
        parseReplicationConfiguration(
          replication('<Status>Enabled</Status><Destination><Bucket>t</Bucket></Destination>'),
        ),
      InvalidArgument,
    ],
    [
      'notification without events',
      () =>
        parseNotificationConfiguration(
          '<NotificationConfiguration><QueueConfiguration><Queue>arn:minio:sqs::1:webhook</Queue></QueueConfiguration></NotificationConfiguration>',
        ),
      InvalidArgument,
    ],
    ['a policy that is not JSON', () => parseBucketPolicy('{'), MalformedBucketPolicy],
    [
      'a policy statement without Principal',
      () =>
        parseBucketPolicy(
          JSON.stringify({
            Version: '2012-10-17',
            Statement: [{ Effect: 'Allow', Action: 's3:*', Resource: '*' }],
          }),
        ),
      MalformedBucketPolicy,
    ],
  ])('refuses %s', (_name, parse, error) => {
    expect(parse).toThrow(error);
  });
});
