import { describe, expect, it } from 'vitest';
import {
  fakeEngineContext,
  fakeObjectLayer,
  fakeRequestContext,
  ROOT,
} from '../../test/helpers/fake-engine-context.js';
import type { EngineContext } from '../engine-context.js';
import { createMemoryIamStore } from '../iam/iam-store.js';
import { IamSystem } from '../iam/iam-system.js';
import { requestConditions } from './request-conditions.js';
import type { Credential } from '../iam/types.js';
import { AccessDenied, InternalError } from '../common/errors.js';
import { authorize, isAuthorized, loadBucketPolicies, resourceArn } from './authorize.js';

const PREFIX_POLICY = JSON.stringify({
  Version: '2012-10-17',
  Statement: [
    {
      Effect: 'Allow',
      Action: ['s3:ListBucket'],
      Resource: ['arn:aws:s3:::b'],
      Condition: { StringLike: { 's3:prefix': '${aws:username}/*' } },
    },
  ],
});

const READ_WRITE_B = JSON.stringify({
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action: ['s3:GetObject', 's3:PutObject'], Resource: ['arn:aws:s3:::b/*'] }],
});

/** An engine whose fake object layer has buckets `b` (with `policy`, when given) and `other`. */
async function engineWith(iam: IamSystem, policy?: unknown): Promise<EngineContext> {
  const bucket = (name: string, configs: Record<string, string>) => ({
    name,
    created: new Date('2026-01-01T00:00:00Z'),
    versioning: 'Unversioned' as const,
    objectLockEnabled: false,
    configs,
  });
  const objectLayer = fakeObjectLayer({
    buckets: [
      bucket('b', policy === undefined ? {} : { policy: JSON.stringify(policy) }),
      bucket('other', {}),
    ],
  });
  return fakeEngineContext({ iam, credentials: iam, objectLayer });
}

async function setup(): Promise<{ iam: IamSystem; user: Credential }> {
  const iam = await IamSystem.load({ root: ROOT, store: createMemoryIamStore() });
  await iam.setCannedPolicy('prefix', PREFIX_POLICY);
  await iam.setUser('ann', { secretKey: 'ann-secret1', status: 'enabled', policies: ['prefix'] });
  const user = iam.lookupNow('ann');
  if (!user) throw new Error('no user');
  return { iam, user };
}

describe('authorize', () => {
  it('names S3 resources as MinIO does', () => {
    expect(resourceArn()).toBeUndefined();
    expect(resourceArn('b')).toBe('arn:aws:s3:::b');
    expect(resourceArn('b', 'k/x')).toBe('arn:aws:s3:::b/k/x');
  });

  it('lets root do anything without consulting IAM', async () => {
    const { ctx } = fakeRequestContext({ engine: await fakeEngineContext(), path: '/b/k', credential: ROOT });
    expect(isAuthorized(ctx, 's3:DeleteBucket', 'b')).toBe(true);
    expect(isAuthorized(ctx, 'admin:ListUsers')).toBe(true);
  });

  it('refuses anonymous requests unless the bucket policy allows them to everyone', async () => {
    const { iam } = await setup();
    const none = fakeRequestContext({ engine: await engineWith(iam), path: '/b/k' });
    await expect(authorize(none.ctx, 's3:GetObject', 'b', 'k')).rejects.toThrow(AccessDenied);
    const engine = await engineWith(iam, {
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Principal: '*', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::b/*'] },
        {
          Effect: 'Allow',
          Principal: { AWS: ['ann'] },
          Action: ['s3:PutObject'],
          Resource: ['arn:aws:s3:::b/*'],
        },
      ],
    });
    const { ctx } = fakeRequestContext({ engine, path: '/b/k' });
    await expect(authorize(ctx, 's3:GetObject', 'b', 'k')).resolves.toBeUndefined();
    // A statement for a named user does not speak for anonymous callers.
    expect(isAuthorized(ctx, 's3:PutObject', 'b', 'k')).toBe(false);
    expect(isAuthorized(ctx, 's3:DeleteObject', 'b', 'k')).toBe(false);
  });

  it('combines IAM and the bucket policy: explicit Deny wins, either Allow grants', async () => {
    const { iam } = await setup();
    await iam.setCannedPolicy('rw-b', READ_WRITE_B);
    await iam.setUser('bob', { secretKey: 'bob-secret1', status: 'enabled', policies: ['rw-b'] });
    await iam.setUser('cat', { secretKey: 'cat-secret1', status: 'enabled', policies: [] });
    const bob = iam.lookupNow('bob');
    const cat = iam.lookupNow('cat');
    if (!bob || !cat) throw new Error('no user');
    const engine = await engineWith(iam, {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Deny',
          Principal: { AWS: '*' },
          Action: 's3:PutObject',
          Resource: 'arn:aws:s3:::b/locked/*',
        },
        {
          Effect: 'Allow',
          Principal: { AWS: ['arn:aws:iam::*:user/cat'] },
          Action: 's3:GetObject',
          Resource: 'arn:aws:s3:::b/*',
        },
      ],
    });
    const as = async (credential: Credential): Promise<ReturnType<typeof fakeRequestContext>['ctx']> => {
      const { ctx } = fakeRequestContext({ engine, path: '/b/k', credential });
      await loadBucketPolicies(ctx, 'b');
      return ctx;
    };
    const bobCtx = await as(bob);
    expect(isAuthorized(bobCtx, 's3:PutObject', 'b', 'open/x')).toBe(true);
    expect(isAuthorized(bobCtx, 's3:PutObject', 'b', 'locked/x')).toBe(false);
    // iamOnly decisions (ListBuckets filter, accountinfo) do not read the bucket policy.
    expect(isAuthorized(bobCtx, 's3:PutObject', 'b', 'locked/x', { iamOnly: true })).toBe(true);
    const catCtx = await as(cat);
    expect(isAuthorized(catCtx, 's3:GetObject', 'b', 'k')).toBe(true);
    expect(isAuthorized(catCtx, 's3:PutObject', 'b', 'k')).toBe(false);
    // Root is never limited by a bucket policy.
    const { ctx: rootCtx } = fakeRequestContext({ engine, path: '/b/k', credential: ROOT });
    expect(isAuthorized(rootCtx, 's3:PutObject', 'b', 'locked/x')).toBe(true);
  });

  it('refuses to decide for a bucket whose policy was not read', async () => {
    const { iam, user } = await setup();
    const { ctx } = fakeRequestContext({ engine: await engineWith(iam), path: '/b/k', credential: user });
    expect(() => isAuthorized(ctx, 's3:GetObject', 'b', 'k')).toThrow(InternalError);
  });

  it("evaluates the user's policy with the request's condition values", async () => {
    const { iam, user } = await setup();
    const engine = await engineWith(iam);
    const own = fakeRequestContext({
      engine,
      path: '/b',
      query: 'list-type=2&prefix=ann/x',
      credential: user,
    });
    const other = fakeRequestContext({
      engine,
      path: '/b',
      query: 'list-type=2&prefix=bob/',
      credential: user,
    });
    const none = fakeRequestContext({ engine, path: '/b', query: 'list-type=2', credential: user });
    for (const c of [own, other, none]) await loadBucketPolicies(c.ctx, 'b', 'other');
    expect(isAuthorized(own.ctx, 's3:ListBucket', 'b')).toBe(true);
    expect(isAuthorized(other.ctx, 's3:ListBucket', 'b')).toBe(false);
    expect(isAuthorized(none.ctx, 's3:ListBucket', 'b')).toBe(false);
    expect(isAuthorized(own.ctx, 's3:ListBucket', 'other')).toBe(false);
    // s3:ListBucket grants s3:ListBucketVersions too (MinIO's fallback), conditions included.
    expect(isAuthorized(own.ctx, 's3:ListBucketVersions', 'b')).toBe(true);
    expect(isAuthorized(other.ctx, 's3:ListBucketVersions', 'b')).toBe(false);
  });

  it('leaves ListBuckets and DeleteObjects to their handlers, but still checks per key', async () => {
    const { iam, user } = await setup();
    const engine = await engineWith(iam);
    const { ctx } = fakeRequestContext({
      engine,
      method: 'POST',
      path: '/b',
      query: 'delete',
      credential: user,
    });
    ctx.api = 's3';
    ctx.operation = 'DeleteObjects';
    await expect(authorize(ctx, 's3:DeleteObject', 'b')).resolves.toBeUndefined();
    await expect(authorize(ctx, 's3:DeleteObject', 'b', 'k')).rejects.toThrow(AccessDenied);
    const disabled = fakeRequestContext({ engine, path: '/', credential: { ...user, enabled: false } });
    disabled.ctx.api = 's3';
    disabled.ctx.operation = 'ListBuckets';
    await expect(authorize(disabled.ctx, 's3:ListAllMyBuckets')).rejects.toThrow(AccessDenied);
    const anonymous = fakeRequestContext({ engine, path: '/' });
    anonymous.ctx.api = 's3';
    anonymous.ctx.operation = 'ListBuckets';
    await expect(authorize(anonymous.ctx, 's3:ListAllMyBuckets')).rejects.toThrow(AccessDenied);
  });
});

describe('requestConditions', () => {
  it('carries the account, transport, time, query parameters and x-amz headers', async () => {
    const { ctx } = fakeRequestContext({
      engine: await fakeEngineContext(),
      path: '/b',
      query: 'prefix=a/&max-keys=10&delimiter=%2F',
      headers: { 'x-amz-copy-source': '/src/k', 'user-agent': 'test-agent', host: 'h' },
      credential: { accessKey: 'temp', secretKey: 's', kind: 'temporary', parentUser: 'ann', enabled: true },
    });
    const values = requestConditions(ctx, 'ann', Date.UTC(2026, 4, 1, 10, 0, 0, 500));
    expect(values).toMatchObject({
      'aws:username': ['ann'],
      'aws:userid': ['ann'],
      'aws:principaltype': ['AssumedRole'],
      'aws:SecureTransport': ['false'],
      'aws:CurrentTime': ['2026-05-01T10:00:00Z'],
      'aws:EpochTime': ['1777629600'],
      'aws:UserAgent': ['test-agent'],
      's3:prefix': ['a/'],
      's3:max-keys': ['10'],
      's3:delimiter': ['/'],
      's3:x-amz-copy-source': ['/src/k'],
      's3:authType': ['REST-HEADER'],
    });
  });
});
