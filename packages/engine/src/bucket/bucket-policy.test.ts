import { describe, expect, it } from 'vitest';
import {
  bucketPolicyVerdict,
  checkBucketPolicy,
  isPublicPolicy,
  parseBucketPolicy,
  type BucketPolicy,
} from './bucket-policy.js';
import { MalformedBucketPolicy } from './errors.js';

function policy(...statements: Record<string, unknown>[]): string {
  return JSON.stringify({ Version: '2012-10-17', Statement: statements });
}

const READ = { Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: 'arn:aws:s3:::b/*' };

function refusal(text: string, bucket = 'b'): string {
  try {
    checkBucketPolicy(parseBucketPolicy(text), bucket);
  } catch (err) {
    expect(err).toBeInstanceOf(MalformedBucketPolicy);
    return (err as Error).message;
  }
  throw new Error('accepted');
}

describe('parseBucketPolicy / checkBucketPolicy', () => {
  it('keeps the principals of each statement', () => {
    const parsed = parseBucketPolicy(
      policy(READ, { ...READ, Principal: { AWS: 'alice' } }, { ...READ, Principal: { AWS: ['*', 'bob'] } }),
    );
    expect(parsed.statements.map((s) => s.principals)).toEqual([['*'], ['alice'], ['*', 'bob']]);
    expect(parsed.statements[0]?.statement).toMatchObject({ Effect: 'Allow', Action: ['s3:GetObject'] });
  });

  it('refuses what is not a policy for the bucket, saying why', () => {
    expect(refusal('{')).toMatch(/not valid JSON/);
    expect(refusal(JSON.stringify({ Statement: [READ] }))).toMatch(/Version/);
    expect(refusal(policy({ ...READ, Principal: undefined }))).toMatch(/needs a Principal/);
    expect(refusal(policy({ ...READ, Principal: { Service: 'x' } }))).toMatch(/invalid Principal/);
    expect(refusal(policy({ ...READ, Resource: 'arn:aws:s3:::other/*' }))).toMatch(/outside the bucket 'b'/);
    expect(refusal(policy({ ...READ, Resource: 'arn:aws:s3:::b' }))).toMatch(/does not apply to resource/);
    expect(refusal(policy({ ...READ, Resource: undefined }))).toMatch(/Resource/);
    expect(refusal(policy({ ...READ, Action: 'admin:ListUsers' }))).toMatch(/invalid action/);
    expect(refusal(policy({ ...READ, Effect: 'Maybe' }))).toMatch(/Effect/);
    expect(refusal(policy())).toMatch(/statements/);
  });

  it('accepts resources that name the bucket, with wildcards', () => {
    for (const resource of ['arn:aws:s3:::b/*', 'arn:aws:s3:::b', 'arn:aws:s3:::*', 'arn:aws:s3:::b*/x/*']) {
      const parsed = parseBucketPolicy(policy({ ...READ, Action: 's3:*', Resource: resource }));
      expect(() => checkBucketPolicy(parsed, 'b')).not.toThrow();
    }
  });
});

describe('bucketPolicyVerdict', () => {
  const parsed: BucketPolicy = parseBucketPolicy(
    policy(
      READ,
      { Effect: 'Deny', Principal: '*', Action: 's3:GetObject', Resource: 'arn:aws:s3:::b/secret/*' },
      {
        Effect: 'Allow',
        Principal: { AWS: ['arn:aws:iam::123456789012:user/alice'] },
        Action: 's3:PutObject',
        Resource: 'arn:aws:s3:::b/*',
      },
      {
        Effect: 'Allow',
        Principal: '*',
        Action: 's3:ListBucket',
        Resource: 'arn:aws:s3:::b',
        Condition: { IpAddress: { 'aws:SourceIp': '10.0.0.0/8' } },
      },
    ),
  );
  const anonymous = { anonymous: true } as const;
  const alice = { anonymous: false, account: 'alice' } as const;
  const get = (key: string) => ({ action: 's3:GetObject', resource: `arn:aws:s3:::b/${key}` });

  it('answers allow, deny or none per caller', () => {
    expect(bucketPolicyVerdict(parsed, anonymous, get('k'))).toBe('allow');
    expect(bucketPolicyVerdict(parsed, anonymous, get('secret/k'))).toBe('deny');
    expect(bucketPolicyVerdict(parsed, alice, get('secret/k'))).toBe('deny');
    const put = { action: 's3:PutObject', resource: 'arn:aws:s3:::b/k' };
    expect(bucketPolicyVerdict(parsed, alice, put)).toBe('allow');
    expect(bucketPolicyVerdict(parsed, anonymous, put)).toBe('none');
    expect(bucketPolicyVerdict(parsed, { anonymous: false, account: 'bob' }, put)).toBe('none');
    expect(bucketPolicyVerdict(undefined, anonymous, get('k'))).toBe('none');
  });

  it("evaluates conditions with the request's values", () => {
    const list = (ip: string) => ({
      action: 's3:ListBucket',
      resource: 'arn:aws:s3:::b',
      conditions: { 'aws:SourceIp': [ip] },
    });
    expect(bucketPolicyVerdict(parsed, anonymous, list('10.1.2.3'))).toBe('allow');
    expect(bucketPolicyVerdict(parsed, anonymous, list('127.0.0.1'))).toBe('none');
  });

  it('calls a bucket public as AWS does: everyone allowed something, the source not fixed', () => {
    const isPublic = (statement: Record<string, unknown>): boolean =>
      isPublicPolicy(parseBucketPolicy(policy(statement)));
    expect(isPublicPolicy(parsed)).toBe(true);
    expect(isPublic({ ...READ, Principal: { AWS: 'alice' } })).toBe(false);
    expect(isPublic({ ...READ, Principal: { AWS: 'arn:aws:iam::*:user/*' } })).toBe(true);
    expect(isPublic({ ...READ, Effect: 'Deny' })).toBe(false);
    // A condition that does not fix who or where (transport, prefix) leaves the grant public.
    expect(isPublic({ ...READ, Condition: { Bool: { 'aws:SecureTransport': 'true' } } })).toBe(true);
    // A set of CIDRs, or an exact source account, fixes it; the whole address space does not.
    expect(isPublic({ ...READ, Condition: { IpAddress: { 'aws:SourceIp': '10.0.0.0/8' } } })).toBe(false);
    expect(isPublic({ ...READ, Condition: { IpAddress: { 'aws:SourceIp': '0.0.0.0/0' } } })).toBe(true);
    expect(isPublic({ ...READ, Condition: { StringEquals: { 'aws:SourceAccount': '123456789012' } } })).toBe(
      false,
    );
    expect(isPublic({ ...READ, Condition: { StringLike: { 'aws:SourceAccount': '*' } } })).toBe(true);
    expect(isPublicPolicy(undefined)).toBe(false);
  });
});
