/**
 * The notification configuration XML both ways: MinIO's GET answer (namespace, filter rules,
 * several kinds and events) read with values as text, and a document written from those rules
 * that reads back identical — what the read-modify-write of the Events tab relies on.
 */
import { describe, expect, it } from 'vitest';
import { buildNotificationXml, parseNotificationRules } from './s3-notification.js';

const MINIO_ANSWER = `<?xml version="1.0" encoding="UTF-8"?>
<NotificationConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><QueueConfiguration><Id>007</Id><Filter><S3Key><FilterRule><Name>prefix</Name><Value>0012</Value></FilterRule><FilterRule><Name>suffix</Name><Value>.jpg</Value></FilterRule></S3Key></Filter><Queue>arn:minio:sqs:us-east-1:1:webhook</Queue><Event>s3:ObjectCreated:Put</Event><Event>s3:ObjectRemoved:*</Event></QueueConfiguration><QueueConfiguration><Id>b</Id><Queue>arn:minio:sqs:us-east-1:2:redis</Queue><Event>s3:ObjectAccessed:*</Event></QueueConfiguration><TopicConfiguration><Id>t</Id><Topic>arn:aws:sns:x:1:t</Topic><Event>s3:ObjectCreated:*</Event></TopicConfiguration></NotificationConfiguration>`;

describe('notification configuration XML', () => {
  it('reads every rule with ids, prefixes and event names as stored', () => {
    expect(parseNotificationRules(MINIO_ANSWER)).toEqual([
      {
        kind: 'Queue',
        id: '007',
        arn: 'arn:minio:sqs:us-east-1:1:webhook',
        events: ['s3:ObjectCreated:Put', 's3:ObjectRemoved:*'],
        filter: [
          { name: 'prefix', value: '0012' },
          { name: 'suffix', value: '.jpg' },
        ],
      },
      {
        kind: 'Queue',
        id: 'b',
        arn: 'arn:minio:sqs:us-east-1:2:redis',
        events: ['s3:ObjectAccessed:*'],
        filter: [],
      },
      { kind: 'Topic', id: 't', arn: 'arn:aws:sns:x:1:t', events: ['s3:ObjectCreated:*'], filter: [] },
    ]);
  });

  it('an empty configuration has no rules', () => {
    expect(
      parseNotificationRules('<NotificationConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"/>'),
    ).toEqual([]);
    expect(parseNotificationRules('<NotificationConfiguration></NotificationConfiguration>')).toEqual([]);
  });

  it('writes a document that reads back the same rules, text escaped', () => {
    const [first, second, topic] = parseNotificationRules(MINIO_ANSWER);
    if (!first || !second || !topic) throw new Error('three rules expected');
    // Written by kind (Queue, Topic, CloudFunction), as it is read back.
    const rules = [
      first,
      second,
      {
        kind: 'Queue' as const,
        id: 'x&y',
        arn: 'arn:minio:sqs::3:amqp',
        events: ['s3:ObjectCreated:*'],
        filter: [{ name: 'prefix', value: 'a<b>&"c"' }],
      },
      topic,
    ];
    const xml = buildNotificationXml(rules);
    expect(xml).toContain('<Value>a&lt;b&gt;&amp;&quot;c&quot;</Value>');
    expect(parseNotificationRules(xml)).toEqual(rules);
    expect(buildNotificationXml([])).toBe(
      '<NotificationConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"></NotificationConfiguration>',
    );
  });
});
