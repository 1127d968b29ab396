/**
 * The pure parts of the settings and events services: the next target id, the Lambda
 * Notifications rows from an info answer (statuses, ARNs without one), ARN splitting, and the
 * event families of stored event names.
 */
import { describe, expect, it } from 'vitest';
import { familiesOf, presentRule } from '../buckets/bucket-events-service.js';
import { freeTargetId } from './config-service.js';
import { notificationEndpointsOf, splitArn } from './notification-endpoints-service.js';
import { RestartState } from './restart-state.js';

const target = (id: string) => ({ subSys: 'notify_webhook', target: id, kvs: [] });

describe('freeTargetId', () => {
  it('is the lowest positive integer not taken, ignoring named and default targets', () => {
    expect(freeTargetId([])).toBe('1');
    expect(freeTargetId([target(''), target('1'), target('2'), target('4'), target('primary')])).toBe('3');
  });
});

describe('notificationEndpointsOf', () => {
  it('lists statuses from services.notifications and ARNs missing there as offline, sorted', () => {
    const rows = notificationEndpointsOf({
      sqsARN: [
        'arn:minio:sqs:us-east-1:1:webhook',
        'arn:minio:sqs:us-east-1:2:postgresql',
        'arn:minio:sqs:us-east-1:10:webhook',
        'not-an-arn',
      ],
      services: {
        notifications: [
          { webhook: [{ '10': { status: 'online' } }, { '1': { status: 'offline' } }] },
          { amqp: [{ q: { status: 'weird' } }] },
        ],
      },
    });
    expect(rows).toEqual([
      { service: 'amqp', account_id: 'q', status: 'offline' },
      { service: 'postgresql', account_id: '2', status: 'offline' },
      { service: 'webhook', account_id: '1', status: 'offline' },
      { service: 'webhook', account_id: '10', status: 'online' },
    ]);
    expect(notificationEndpointsOf({})).toEqual([]);
  });

  it('splits ARNs of six parts only', () => {
    expect(splitArn('arn:minio:sqs::7:nsq')).toEqual({ id: '7', type: 'nsq' });
    expect(splitArn('arn:minio:sqs:r:7')).toBeUndefined();
    expect(splitArn('arn:minio:sqs:r::nsq')).toBeUndefined();
  });
});

describe('event families', () => {
  it('maps wildcards and specific names to put/get/delete, once each, others left out', () => {
    expect(familiesOf(['s3:ObjectRemoved:Delete', 's3:ObjectCreated:Put', 's3:ObjectCreated:Copy'])).toEqual([
      'put',
      'delete',
    ]);
    expect(familiesOf(['s3:ObjectAccessed:*', 's3:Replication:*'])).toEqual(['get']);
    expect(
      presentRule({
        kind: 'Queue',
        id: 'r',
        arn: 'arn:minio:sqs::1:webhook',
        events: ['s3:ObjectCreated:*'],
        filter: [{ name: 'Suffix', value: '.png' }],
      }),
    ).toEqual({ id: 'r', arn: 'arn:minio:sqs::1:webhook', events: ['put'], prefix: '', suffix: '.png' });
  });
});

describe('RestartState', () => {
  it('is set by a change needing a restart, per server, and cleared by a restart', () => {
    const state = new RestartState();
    state.noteChange('http://a', false);
    expect(state.required('http://a')).toBe(false);
    state.noteChange('http://a', true);
    state.noteChange('http://a', false);
    expect(state.required('http://a')).toBe(true);
    expect(state.required('http://b')).toBe(false);
    state.clear('http://a');
    expect(state.required('http://a')).toBe(false);
  });
});
