import { describe, expect, it } from 'vitest';
import { CANNED_POLICIES, parsePolicy, type Policy } from '@coffer/protocol';
import { policiesReachBucket } from './bucket-reach.js';

const policy = (statements: unknown[]): Policy =>
  parsePolicy({ Version: '2012-10-17', Statement: statements });
const canned = (name: string): Policy => {
  const p = CANNED_POLICIES[name];
  if (!p) throw new Error(name);
  return p;
};

describe('policiesReachBucket', () => {
  it.each([
    ['readonly', true],
    ['readwrite', true],
    ['writeonly', true],
    ['consoleAdmin', true],
    ['diagnostics', false],
  ])('canned %s', (name, reaches) => {
    expect(policiesReachBucket([canned(name)], 'photos')).toBe(reaches);
  });

  it('no policies reach nothing', () => {
    expect(policiesReachBucket([], 'photos')).toBe(false);
  });

  it('a policy on other buckets does not reach this one', () => {
    const p = policy([
      { Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::team-*', 'arn:aws:s3:::team-*/*'] },
    ]);
    expect(policiesReachBucket([p], 'team-a')).toBe(true);
    expect(policiesReachBucket([p], 'photos')).toBe(false);
  });

  it('a prefix inside the bucket, or a conditional listing, reaches it', () => {
    const prefix = policy([
      { Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::photos/2024/*'] },
    ]);
    expect(policiesReachBucket([prefix], 'photos')).toBe(true);
    expect(policiesReachBucket([prefix], 'photos-2')).toBe(false);
    const listing = policy([
      {
        Effect: 'Allow',
        Action: ['s3:ListBucket'],
        Resource: ['arn:aws:s3:::photos'],
        Condition: { StringLike: { 's3:prefix': ['home/*'] } },
      },
    ]);
    expect(policiesReachBucket([listing], 'photos')).toBe(true);
  });

  it('admin-only policies do not reach buckets', () => {
    const admin = policy([{ Effect: 'Allow', Action: ['admin:*'], Resource: ['arn:aws:s3:::*'] }]);
    expect(policiesReachBucket([admin], 'photos')).toBe(false);
  });

  it('an explicit deny of everything in the bucket wins; a partial deny does not', () => {
    const deny = policy([
      { Effect: 'Deny', Action: ['s3:*'], Resource: ['arn:aws:s3:::photos', 'arn:aws:s3:::photos/*'] },
    ]);
    expect(policiesReachBucket([canned('readwrite'), deny], 'photos')).toBe(false);
    expect(policiesReachBucket([canned('readwrite'), deny], 'music')).toBe(true);
    const denyPut = policy([
      { Effect: 'Deny', Action: ['s3:PutObject'], Resource: ['arn:aws:s3:::photos/*'] },
    ]);
    expect(policiesReachBucket([canned('readwrite'), denyPut], 'photos')).toBe(true);
  });

  it('resolves ${aws:username} for a user; a policy alone may reach any such bucket', () => {
    const home = policy([
      { Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::${aws:username}/*'] },
    ]);
    expect(policiesReachBucket([home], 'alice', 'alice')).toBe(true);
    expect(policiesReachBucket([home], 'alice', 'bob')).toBe(false);
    expect(policiesReachBucket([home], 'alice')).toBe(true);
  });
});
