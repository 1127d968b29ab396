import { describe, expect, it } from 'vitest';
import { fakeEngineContext, fakeRequestContext, ROOT } from '../../test/helpers/fake-engine-context.js';
import { createMemoryIamStore } from '../iam/iam-store.js';
import { IamSystem } from '../iam/iam-system.js';
import { requestConditions } from './request-conditions.js';
import type { Credential } from '../iam/types.js';
import { AccessDenied } from '../common/errors.js';
import { authorize, isAuthorized, resourceArn } from './authorize.js';

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

  it('refuses anonymous requests unless the anonymous-access hook allows them', async () => {
    const { iam } = await setup();
    const engine = await fakeEngineContext({ iam, credentials: iam });
    const { ctx } = fakeRequestContext({ engine, path: '/b/k' });
    expect(() => authorize(ctx, 's3:GetObject', 'b', 'k')).toThrow(AccessDenied);
    iam.setAnonymousAccess((bucket, request) => bucket === 'b' && request.action === 's3:GetObject');
    expect(isAuthorized(ctx, 's3:GetObject', 'b', 'k')).toBe(true);
    expect(isAuthorized(ctx, 's3:PutObject', 'b', 'k')).toBe(false);
  });

  it("evaluates the user's policy with the request's condition values", async () => {
    const { iam, user } = await setup();
    const engine = await fakeEngineContext({ iam, credentials: iam });
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
    expect(isAuthorized(own.ctx, 's3:ListBucket', 'b')).toBe(true);
    expect(isAuthorized(other.ctx, 's3:ListBucket', 'b')).toBe(false);
    expect(isAuthorized(none.ctx, 's3:ListBucket', 'b')).toBe(false);
    expect(isAuthorized(own.ctx, 's3:ListBucket', 'other')).toBe(false);
  });

  it('leaves ListBuckets and DeleteObjects to their handlers, but still checks per key', async () => {
    const { iam, user } = await setup();
    const engine = await fakeEngineContext({ iam, credentials: iam });
    const { ctx } = fakeRequestContext({
      engine,
      method: 'POST',
      path: '/b',
      query: 'delete',
      credential: user,
    });
    ctx.api = 's3';
    ctx.operation = 'DeleteObjects';
    expect(() => authorize(ctx, 's3:DeleteObject', 'b')).not.toThrow();
    expect(() => authorize(ctx, 's3:DeleteObject', 'b', 'k')).toThrow(AccessDenied);
    const disabled = fakeRequestContext({ engine, path: '/', credential: { ...user, enabled: false } });
    disabled.ctx.api = 's3';
    disabled.ctx.operation = 'ListBuckets';
    expect(() => authorize(disabled.ctx, 's3:ListAllMyBuckets')).toThrow(AccessDenied);
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
