import { verifyJwt } from '@coffer/protocol';
import { describe, expect, it } from 'vitest';
import { createMemoryIamStore } from './iam-store.js';
import { IamSystem } from './iam-system.js';

const root = { accessKey: 'rootuser', secretKey: 'rootsecret123' };

function clock(start = Date.UTC(2026, 0, 1)) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('IamSystem', () => {
  it('finds root and nothing else before STS issues anything', async () => {
    const iam = await IamSystem.load({ root, store: createMemoryIamStore() });
    expect(await iam.lookup('rootuser')).toMatchObject({
      kind: 'root',
      secretKey: 'rootsecret123',
      enabled: true,
    });
    expect(await iam.lookup('nobody')).toBeUndefined();
    expect(iam.isOwner(iam.root)).toBe(true);
  });

  it('issues temporary credentials with a MinIO-style HS512 session token', async () => {
    const c = clock();
    const iam = await IamSystem.load({ root, store: createMemoryIamStore(), now: c.now });
    const policy = '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:GetObject"]}]}';
    const cred = await iam.issueTemporaryCredential({
      parentUser: 'rootuser',
      durationSeconds: 900,
      sessionPolicy: policy,
    });
    expect(cred.accessKey).toMatch(/^[A-Z0-9]{20}$/);
    expect(cred.secretKey).toMatch(/^[A-Za-z0-9]{40}$/);
    expect(cred.kind).toBe('temporary');
    expect(cred.expiration?.getTime()).toBe(c.now() + 900_000);
    const [header] = (cred.sessionToken ?? '').split('.');
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toMatchObject({ alg: 'HS512' });
    const claims = verifyJwt(cred.sessionToken ?? '', root.secretKey, { now: new Date(c.now()) });
    expect(claims).toMatchObject({
      accessKey: cred.accessKey,
      parent: 'rootuser',
      exp: c.now() / 1000 + 900,
    });
    expect(Buffer.from(String(claims.sessionPolicy), 'base64').toString()).toBe(policy);
    expect(await iam.lookup(cred.accessKey)).toEqual(cred);
    expect(iam.isOwner(cred)).toBe(true);
    expect(iam.isOwner({ ...cred, parentUser: 'someone-else' })).toBe(false);
  });

  it('persists through the store so credentials survive a restart', async () => {
    const store = createMemoryIamStore();
    const c = clock();
    const first = await IamSystem.load({ root, store, now: c.now });
    const cred = await first.issueTemporaryCredential({ parentUser: 'rootuser', durationSeconds: 3600 });
    expect(store.records.size).toBe(1);
    const second = await IamSystem.load({ root, store, now: c.now });
    expect(await second.lookup(cred.accessKey)).toEqual(cred);
  });

  it('stops returning expired credentials and deletes them lazily', async () => {
    const store = createMemoryIamStore();
    const c = clock();
    const iam = await IamSystem.load({ root, store, now: c.now });
    const cred = await iam.issueTemporaryCredential({ parentUser: 'rootuser', durationSeconds: 900 });
    c.advance(899_000);
    expect(await iam.lookup(cred.accessKey)).toBeDefined();
    c.advance(1_000);
    expect(await iam.lookup(cred.accessKey)).toBeUndefined();
    await Promise.resolve();
    expect(store.records.has(cred.accessKey)).toBe(false);
  });

  it('drops expired ones at load and sweeps them when issuing', async () => {
    const store = createMemoryIamStore();
    const c = clock();
    const iam = await IamSystem.load({ root, store, now: c.now });
    const old = await iam.issueTemporaryCredential({ parentUser: 'rootuser', durationSeconds: 900 });
    c.advance(3600_000);
    const reloaded = await IamSystem.load({ root, store, now: c.now });
    expect(reloaded.temporaryCount).toBe(0);
    await Promise.resolve();
    expect(store.records.has(old.accessKey)).toBe(false);

    const iam2 = await IamSystem.load({ root, store, now: c.now });
    const a = await iam2.issueTemporaryCredential({ parentUser: 'rootuser', durationSeconds: 900 });
    c.advance(1000_000);
    await iam2.issueTemporaryCredential({ parentUser: 'rootuser', durationSeconds: 900 });
    expect(iam2.temporaryCount).toBe(1);
    expect(store.records.has(a.accessKey)).toBe(false);
  });

  it('invalidates every session when the root secret changes', async () => {
    const store = createMemoryIamStore();
    const iam = await IamSystem.load({ root, store });
    const cred = await iam.issueTemporaryCredential({ parentUser: 'rootuser', durationSeconds: 3600 });
    const rotated = await IamSystem.load({ root: { ...root, secretKey: 'anothersecret1' }, store });
    expect(await rotated.lookup(cred.accessKey)).toBeUndefined();
  });
});
