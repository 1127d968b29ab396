import { describe, expect, it } from 'vitest';
import { AdminApiError, parseErrorResponse } from '@coffer/admin-client';
import { CONSOLE_ADMIN_POLICY, READ_WRITE_POLICY } from '@coffer/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { StorageClients } from '../storage/storage-clients.js';
import { AccountStates, accountStateOf, isDistributed } from './account-state.js';
import type { Session } from './session-store.js';

describe('isDistributed', () => {
  it('is an erasure backend over more than one drive', () => {
    expect(isDistributed({ Type: 2, DrivesPerSet: [4] })).toBe(true);
    expect(isDistributed({ Type: 2, DrivesPerSet: [1] })).toBe(false);
    expect(isDistributed({ Type: 2, OnlineDisks: { a: 3 }, OfflineDisks: { a: 1 } })).toBe(true);
    expect(isDistributed({ Type: 1, DrivesPerSet: [4] })).toBe(false);
    expect(isDistributed(undefined)).toBe(false);
  });
});

describe('accountStateOf', () => {
  it('parses the effective policy; an unreadable one grants nothing', () => {
    const ok = accountStateOf({
      AccountName: 'root',
      Server: { Type: 2, DrivesPerSet: [4] },
      Policy: CONSOLE_ADMIN_POLICY,
      Buckets: [],
    });
    expect(ok).toEqual({ accountName: 'root', policies: [CONSOLE_ADMIN_POLICY], distributedMode: true });
    const bad = accountStateOf({
      AccountName: 'x',
      Server: { Type: 1 },
      Policy: { Statement: 'nope' },
      Buckets: null,
    });
    expect(bad.policies).toEqual([]);
  });
});

/** Recorded answers (Ceph RGW 16.2.15 and the engine) to GET /minio/admin/v3/accountinfo. */
const RGW_MINIO_BUCKET_FOREIGN =
  '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message></Message><BucketName>minio</BucketName><RequestId>tx00000a1-006b0639ba-1008-default</RequestId><HostId>1008-default-default</HostId></Error>';
const MINIO_ACCESS_DENIED =
  '{"Code":"AccessDenied","Message":"Access Denied.","Resource":"/minio/admin/v3/accountinfo","RequestId":"17F0A","HostId":"ab"}';

describe('AccountStates', () => {
  const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
  const session = {
    id: 's',
    accountName: 'alice',
    kind: 'sts',
    credentials: { accessKey: 'SVCKEY', secretKey: 'secret' },
  } as Session;
  const statesWith = (admin: Record<string, () => Promise<unknown>>): AccountStates =>
    new AccountStates({ forSession: () => ({ admin }) } as unknown as StorageClients, log);
  const info = {
    AccountName: 'alice',
    Server: { Type: 2, DrivesPerSet: [4] },
    Policy: READ_WRITE_POLICY,
    Buckets: [],
  };
  const statesFailingWith = (err: unknown): AccountStates =>
    statesWith({
      accountInfo: () => Promise.reject(err),
      userInfo: () => Promise.resolve({ status: 'enabled' }),
    });

  it('takes a server without the admin API as S3-only', async () => {
    const state = await statesFailingWith(
      new AdminApiError('XMinioAdminVersionMismatch', 'no admin API', 426),
    ).get(session);
    expect(state).toEqual({
      accountName: 'alice',
      policies: [READ_WRITE_POLICY],
      distributedMode: false,
      ownPasswordChangeable: false,
      adminApi: false,
    });
  });

  it("decides by the answer's shape: RGW's XML 403 for a foreign bucket `minio` means no admin API", async () => {
    const rgw = parseErrorResponse(403, RGW_MINIO_BUCKET_FOREIGN);
    const calls: string[] = [];
    const states = statesWith({
      accountInfo: () => {
        calls.push('accountinfo');
        return Promise.reject(rgw);
      },
      userInfo: () => Promise.reject(rgw),
    });
    const state = await states.get(session);
    expect(state.policies).toEqual([READ_WRITE_POLICY]);
    expect(state.adminApi).toBe(false);
    expect(states.adminApiOf(session.id)).toBe(false);
    // Once per session: after the cache's lifetime the admin API is not asked again.
    states['cache'].clear();
    expect((await states.get(session)).adminApi).toBe(false);
    expect(calls).toEqual(['accountinfo']);
    // MinIO's JSON refusal of the same status is the admin API saying no: no pages, admin API there.
    const minio = await statesFailingWith(parseErrorResponse(403, MINIO_ACCESS_DENIED)).get(session);
    expect(minio).toMatchObject({ policies: [], adminApi: true });
  });

  it('gives an account whose accountinfo is refused no policies (no S3 assumption)', async () => {
    const state = await statesFailingWith(new AdminApiError('AccessDenied', 'Access Denied.', 403)).get(
      session,
    );
    expect(state.policies).toEqual([]);
  });

  it('lets refused credentials, server errors and network failures through', async () => {
    await expect(
      statesFailingWith(new AdminApiError('ExpiredToken', 'expired', 400)).get(session),
    ).rejects.toMatchObject({ code: 'ExpiredToken' });
    await expect(
      statesFailingWith(new AdminApiError('InternalError', 'boom', 500)).get(session),
    ).rejects.toMatchObject({ code: 'InternalError' });
    const down = Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
    await expect(statesFailingWith(down).get(session)).rejects.toBe(down);
  });

  it('a built-in user signed in with its keys may change its password; root (404) may not', async () => {
    const user = await statesWith({
      accountInfo: () => Promise.resolve(info),
      userInfo: () => Promise.resolve({ status: 'enabled' }),
    }).get(session);
    expect(user.ownPasswordChangeable).toBe(true);
    expect(user.distributedMode).toBe(true);
    const refused = await statesWith({
      accountInfo: () => Promise.resolve(info),
      userInfo: () => Promise.reject(new AdminApiError('AccessDenied', 'Access Denied.', 403)),
    }).get(session);
    expect(refused.ownPasswordChangeable).toBe(true);
    const root = await statesWith({
      accountInfo: () => Promise.resolve(info),
      userInfo: () => Promise.reject(new AdminApiError('XMinioAdminNoSuchUser', 'no such user', 404)),
    }).get(session);
    expect(root.ownPasswordChangeable).toBe(false);
    const direct = await statesWith({
      accountInfo: () => Promise.resolve(info),
      userInfo: () => Promise.resolve({ status: 'enabled' }),
    }).get({ ...session, kind: 'direct' });
    expect(direct.ownPasswordChangeable).toBe(false);
  });

  it("keeps a service account's restricting policy; none when implied or not a service account", async () => {
    const restricted = '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:GetObject"]}]}';
    const direct = { ...session, kind: 'direct' } as Session;
    const withInfo = (svc: () => Promise<unknown>) =>
      statesWith({ accountInfo: () => Promise.resolve(info), infoServiceAccount: svc }).get(direct);
    const narrowed = await withInfo(() =>
      Promise.resolve({ parentUser: 'alice', accountStatus: 'on', impliedPolicy: false, policy: restricted }),
    );
    expect(narrowed.sessionPolicy?.Statement[0]?.Action).toEqual(['s3:GetObject']);
    const implied = await withInfo(() =>
      Promise.resolve({ parentUser: 'alice', accountStatus: 'on', impliedPolicy: true, policy: '{}' }),
    );
    expect(implied.sessionPolicy).toBeUndefined();
    const notOne = await withInfo(() =>
      Promise.reject(new AdminApiError('XMinioInvalidIAMCredentials', 'not found', 404)),
    );
    expect(notOne.sessionPolicy).toBeUndefined();
  });
});
