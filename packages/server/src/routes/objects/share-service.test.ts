import { describe, expect, it } from 'vitest';
import { ConsoleError } from '../../errors.js';
import { shareDurationMs, shareLinkPolicy } from './share-service.js';

describe('share durations (spec 2 §5, §9)', () => {
  it('default to 7 days and take milliseconds up to 7 days', () => {
    expect(shareDurationMs(undefined)).toBe(604_800_000);
    expect(shareDurationMs('604800000ms')).toBe(604_800_000);
    expect(shareDurationMs('2000')).toBe(2000);
  });

  it("refuse 0 and more than 7 days with the spec's messages", () => {
    const refusal = (expires: string) => {
      try {
        shareDurationMs(expires);
      } catch (err) {
        return err instanceof ConsoleError ? `${err.code}: ${err.message}` : String(err);
      }
      return 'accepted';
    };
    expect(refusal('0ms')).toBe('invalid_request: Selected date must be greater than current time.');
    expect(refusal('604800001ms')).toBe('invalid_request: You can share a file only for less than 7 days.');
  });
});

describe('the share account policy', () => {
  it('reads one object, one version when given, with wildcards and variables literal', () => {
    expect(shareLinkPolicy({ bucket: 'photos', key: 'a/b.jpg' })).toEqual({
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::photos/a/b.jpg'] }],
    });
    expect(shareLinkPolicy({ bucket: 'photos', key: 'a.jpg', versionId: 'v1' }).Statement).toEqual([
      {
        Effect: 'Allow',
        Action: ['s3:GetObject'],
        Resource: ['arn:aws:s3:::photos/a.jpg'],
        Condition: { StringEquals: { 's3:versionid': ['v1'] } },
      },
    ]);
    const [statement] = shareLinkPolicy({ bucket: 'b', key: 'x*?${aws:username}' }).Statement as {
      Resource: string[];
    }[];
    expect(statement?.Resource).toEqual(['arn:aws:s3:::b/x${*}${?}${$}{aws:username}']);
  });
});
