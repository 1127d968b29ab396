import { describe, expect, it } from 'vitest';
import { bucketPolicyVerdict, combineAccess, isPublicPolicy, parseBucketPolicy } from './bucket-policy.js';
import { PolicyParseError } from './parse-policy.js';

const READ = { Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: 'arn:aws:s3:::b/*' };

function doc(...statements: Record<string, unknown>[]): string {
  return JSON.stringify({ Version: '2012-10-17', Statement: statements });
}

describe('parseBucketPolicy', () => {
  it('keeps each statement with its principals', () => {
    const parsed = parseBucketPolicy(doc(READ, { ...READ, Principal: { AWS: ['alice', 'bob'] } }));
    expect(parsed.statements.map((s) => s.principals)).toEqual([['*'], ['alice', 'bob']]);
  });

  it('says what is wrong, in full sentences shown as they are', () => {
    const message = (text: string): string => {
      try {
        parseBucketPolicy(text);
      } catch (err) {
        expect(err).toBeInstanceOf(PolicyParseError);
        return (err as Error).message;
      }
      throw new Error('accepted');
    };
    expect(message('{')).toMatch(/^The policy is not valid JSON: /);
    expect(message(doc({ ...READ, Effect: 'Maybe' }))).toMatch(/^Invalid policy: .*Effect.*\.$/);
    expect(message(doc({ ...READ, Principal: undefined }))).toBe(
      'Statement 0: a bucket policy statement needs a Principal.',
    );
    expect(message(doc({ ...READ, Action: 'admin:ListUsers' }))).toMatch(/invalid action 'admin:ListUsers'/);
  });
});

describe('bucketPolicyVerdict', () => {
  const policy = parseBucketPolicy(
    doc(
      { ...READ, Principal: { AWS: 'arn:aws:iam::*:user/alice' } },
      { ...READ, Effect: 'Deny', Principal: '*', Resource: 'arn:aws:s3:::b/secret/*' },
    ),
  );
  const get = (key: string) => ({ action: 's3:GetObject', resource: `arn:aws:s3:::b/${key}` });

  it('speaks to the callers its statements name; Deny wins', () => {
    expect(bucketPolicyVerdict(policy, { anonymous: false, account: 'alice' }, get('a'))).toBe('allow');
    expect(bucketPolicyVerdict(policy, { anonymous: false, account: 'bob' }, get('a'))).toBe('none');
    expect(bucketPolicyVerdict(policy, { anonymous: false, account: 'alice' }, get('secret/x'))).toBe('deny');
    expect(bucketPolicyVerdict(policy, { anonymous: true }, get('a'))).toBe('none');
    expect(bucketPolicyVerdict(undefined, { anonymous: true }, get('a'))).toBe('none');
  });
});

describe('isPublicPolicy', () => {
  it('is true for a grant to everyone whose source is not fixed', () => {
    expect(isPublicPolicy(parseBucketPolicy(doc(READ)))).toBe(true);
    const fixed = { ...READ, Condition: { ArnEquals: { 'aws:SourceArn': 'arn:aws:sns:::topic' } } };
    expect(isPublicPolicy(parseBucketPolicy(doc(fixed)))).toBe(false);
    // One public statement among private ones makes the policy public.
    expect(isPublicPolicy(parseBucketPolicy(doc(fixed, READ)))).toBe(true);
  });
});

describe('combineAccess with RestrictPublicBuckets', () => {
  it('an anonymous caller gets nothing from a restricted public policy; accounts keep their grants', () => {
    expect(combineAccess({ caller: 'anonymous', iam: 'none', bucket: 'allow' })).toBe(true);
    expect(combineAccess({ caller: 'anonymous', iam: 'none', bucket: 'allow', restrictPublic: true })).toBe(
      false,
    );
    expect(combineAccess({ caller: 'account', iam: 'none', bucket: 'allow', restrictPublic: true })).toBe(
      true,
    );
    expect(combineAccess({ caller: 'account', iam: 'allow', bucket: 'deny', restrictPublic: true })).toBe(
      false,
    );
  });
});
