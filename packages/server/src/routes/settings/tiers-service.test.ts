import { describe, expect, it } from 'vitest';
import { remoteEndpoint } from '../buckets/replication-service.js';
import { tierConfigOf, tierItemOf } from './tiers-service.js';

describe('tiers', () => {
  it("turns the console's tier into MinIO's TierConfig (MinIO arrives as s3)", () => {
    expect(
      tierConfigOf({
        type: 's3',
        s3: {
          name: 'WARM',
          endpoint: 'http://h:9000',
          bucket: 'b',
          prefix: 'p',
          region: 'r',
          accesskey: 'a',
          secretkey: 's',
        },
      }),
    ).toEqual({
      Version: 'v1',
      Type: 's3',
      Name: 'WARM',
      S3: {
        Endpoint: 'http://h:9000',
        AccessKey: 'a',
        SecretKey: 's',
        Bucket: 'b',
        Prefix: 'p',
        Region: 'r',
        StorageClass: '',
      },
    });
    expect(
      tierConfigOf({
        type: 'azure',
        azure: {
          name: 'AZ',
          endpoint: 'e',
          bucket: 'b',
          prefix: 'p',
          region: 'r',
          accountname: 'n',
          accountkey: 'k',
        },
      }).Azure,
    ).toEqual({ Endpoint: 'e', AccountName: 'n', AccountKey: 'k', Bucket: 'b', Prefix: 'p', Region: 'r' });
  });

  it('lists a tier without its secrets, under its type', () => {
    expect(
      tierItemOf({
        Version: 'v1',
        Type: 'minio',
        Name: 'M',
        MinIO: {
          Endpoint: 'e',
          Bucket: 'b',
          Prefix: 'p',
          Region: 'r',
          AccessKey: 'a',
          SecretKey: 'REDACTED',
        },
      }),
    ).toEqual({ type: 'minio', minio: { name: 'M', endpoint: 'e', bucket: 'b', prefix: 'p', region: 'r' } });
  });
});

describe('the remote of a replication', () => {
  it('is host[:port]; a scheme or path typed with it is dropped; the port follows useTLS', () => {
    expect(remoteEndpoint('remote:9000', false)).toEqual({ host: 'remote', port: 9000 });
    expect(remoteEndpoint('https://remote/x', true)).toEqual({ host: 'remote', port: 443 });
    expect(remoteEndpoint('remote', false)).toEqual({ host: 'remote', port: 80 });
    expect(() => remoteEndpoint('user:pw@remote', false)).toThrow(
      'The target URL is not a valid host[:port]',
    );
    expect(() => remoteEndpoint('', false)).toThrow('The target URL is not a valid host[:port]');
  });
});
