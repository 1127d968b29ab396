import { describe, expect, it } from 'vitest';
import type { ObjectInfo } from '../object-layer/types.js';
import { buildEventRecord, queryEscape, type EngineIdentity } from './event-record.js';

const identity: EngineIdentity = {
  region: 'eu-west-3',
  deploymentId: 'd3b07384-d113-4ec6-a1b2-000000000001',
  endpoint: () => '10.0.0.5:9000',
  hostId: () => 'f'.repeat(64),
};

const info: ObjectInfo = {
  bucket: 'photos',
  key: 'trips/2026 summer/café+1.jpg',
  versionId: '0e2b1a3c-5d4e-4f60-8a7b-9c0d1e2f3a4b',
  isLatest: true,
  deleteMarker: false,
  size: 1234,
  etag: '9b2cf535f27731c974343645a3985328',
  lastModified: new Date('2026-03-04T05:06:07.089Z'),
  contentType: 'image/jpeg',
  headers: { 'cache-control': 'max-age=60' },
  userMetadata: { 'camera-model': 'X100' },
  storageClass: 'STANDARD',
  checksums: {},
  internal: { 'retention-mode': 'GOVERNANCE' },
};

const origin = {
  principalId: 'alice',
  sourceIp: '192.0.2.7',
  sourcePort: '53124',
  userAgent: 'MinIO (linux; amd64) minio-go/v7.0.70',
  requestId: '17F0C6B3A1B2C3D4',
};

describe('event record', () => {
  it("escapes keys as Go's url.QueryEscape does", () => {
    expect(queryEscape('a b/c+d~e_f-g.h')).toBe('a+b%2Fc%2Bd~e_f-g.h');
    expect(queryEscape('café?&=%')).toBe('caf%C3%A9%3F%26%3D%25');
  });

  it("has MinIO's shape for a created object", () => {
    const record = buildEventRecord(
      {
        name: 's3:ObjectCreated:Put',
        bucket: 'photos',
        key: info.key,
        versionId: info.versionId,
        object: info,
        origin,
        time: new Date('2026-03-04T05:06:07.1Z'),
        sequencer: '17F0C6B3A1B2C3D5',
      },
      identity,
    );
    expect(record).toEqual({
      eventVersion: '2.0',
      eventSource: 'minio:s3',
      awsRegion: 'eu-west-3',
      eventTime: '2026-03-04T05:06:07.100Z',
      eventName: 's3:ObjectCreated:Put',
      userIdentity: { principalId: 'alice' },
      requestParameters: { principalId: 'alice', region: 'eu-west-3', sourceIPAddress: '192.0.2.7' },
      responseElements: {
        'x-amz-id-2': 'f'.repeat(64),
        'x-amz-request-id': '17F0C6B3A1B2C3D4',
        'x-minio-deployment-id': 'd3b07384-d113-4ec6-a1b2-000000000001',
        'x-minio-origin-endpoint': 'http://10.0.0.5:9000',
      },
      s3: {
        s3SchemaVersion: '1.0',
        configurationId: 'Config',
        bucket: { name: 'photos', ownerIdentity: { principalId: 'alice' }, arn: 'arn:aws:s3:::photos' },
        object: {
          key: 'trips%2F2026+summer%2Fcaf%C3%A9%2B1.jpg',
          size: 1234,
          eTag: '9b2cf535f27731c974343645a3985328',
          contentType: 'image/jpeg',
          userMetadata: {
            'content-type': 'image/jpeg',
            'Cache-Control': 'max-age=60',
            'X-Amz-Meta-Camera-Model': 'X100',
          },
          versionId: '0e2b1a3c-5d4e-4f60-8a7b-9c0d1e2f3a4b',
          sequencer: '17F0C6B3A1B2C3D5',
        },
      },
      source: { host: '192.0.2.7', port: '53124', userAgent: 'MinIO (linux; amd64) minio-go/v7.0.70' },
    });
  });

  it('leaves size, ETag and metadata out of removals, and the null version id out of all', () => {
    const record = buildEventRecord(
      {
        name: 's3:ObjectRemoved:Delete',
        bucket: 'photos',
        key: 'a.jpg',
        versionId: 'null',
        object: info,
        origin,
        time: new Date(),
        sequencer: '1',
      },
      identity,
    );
    expect(record.s3.object).toEqual({ key: 'a.jpg', sequencer: '1' });
  });

  it('describes background changes with no request: no principal, request id or source', () => {
    const record = buildEventRecord(
      { name: 's3:ObjectRemoved:Delete', bucket: 'b', key: 'k', time: new Date(), sequencer: '2' },
      identity,
    );
    expect(record.userIdentity.principalId).toBe('');
    expect(record.responseElements).toEqual({
      'x-minio-deployment-id': 'd3b07384-d113-4ec6-a1b2-000000000001',
      'x-minio-origin-endpoint': 'http://10.0.0.5:9000',
    });
    expect(record.source).toEqual({ host: '', port: '', userAgent: '' });
  });
});
