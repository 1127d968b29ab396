import { describe, expect, it } from 'vitest';
import {
  fakeEngineContext,
  fakeObjectLayer,
  fakeRequestContext,
  fakeStorageInfo,
  ROOT,
} from '../../test/helpers/fake-engine-context.js';
import { createMemoryIamStore } from '../iam/iam-store.js';
import { IamSystem } from '../iam/iam-system.js';
import type { Credential } from '../iam/types.js';
import { AdminVersionMismatch } from '../http/request-errors.js';
import { AccessDenied } from '../common/errors.js';
import { GO_ZERO_TIME, goJson } from './admin-json.js';
import { dataUsageInfoJson } from './data-usage-info.js';
import { findAdminRoute, handleAdminRequest } from './index.js';
import { backendInfoJson, infoBackendJson } from './presenters.js';

async function call(path: string, credential: Credential = ROOT, method = 'GET') {
  const engine = await fakeEngineContext();
  const { ctx, response } = fakeRequestContext({ engine, method, path, credential });
  await handleAdminRequest(ctx);
  expect(response.headers['content-type']).toBe('application/json');
  expect(response.body.at(-1)).toBe(0x0a);
  return { status: response.status, json: JSON.parse(response.body.toString()) as Record<string, unknown> };
}

describe('admin JSON encoding', () => {
  it('escapes like Go json.Encoder and ends with a newline', () => {
    expect(goJson({ a: '<b>&\u2028' })).toBe('{"a":"\\u003cb\\u003e\\u0026\\u2028"}\n');
  });

  it('reports "never scanned" as Go zero time', () => {
    const usage = {
      lastUpdate: new Date(0),
      objectsCount: 0,
      versionsCount: 0,
      deleteMarkersCount: 0,
      objectsTotalSize: 0,
      bucketsCount: 0,
      buckets: {},
    };
    expect(dataUsageInfoJson(usage).lastUpdate).toBe(GO_ZERO_TIME);
  });
});

describe('admin routing', () => {
  it('serves the v3 server and IAM calls and nothing else', () => {
    for (const op of ['info', 'storageinfo', 'datausageinfo', 'accountinfo', 'list-users', 'groups']) {
      expect(findAdminRoute('GET', `/minio/admin/v3/${op}`)).toBeDefined();
    }
    expect(findAdminRoute('PUT', '/minio/admin/v3/add-user')).toBeDefined();
    expect(findAdminRoute('POST', '/minio/admin/v3/idp/builtin/policy/attach')).toBeDefined();
    expect(findAdminRoute('POST', '/minio/admin/v3/info')).toBeUndefined();
    expect(findAdminRoute('GET', '/minio/admin/v3/add-user')).toBeUndefined();
    expect(findAdminRoute('GET', '/minio/admin/v4/info')).toBeUndefined();
  });

  it('answers unknown paths and other methods with AdminVersionMismatch (426)', async () => {
    await expect(call('/minio/admin/v3/no-such-call')).rejects.toBeInstanceOf(AdminVersionMismatch);
    await expect(call('/minio/admin/v3/info', ROOT, 'DELETE')).rejects.toBeInstanceOf(AdminVersionMismatch);
  });

  it('lets root and its temporary credentials in, and a user without a policy not', async () => {
    const iam = await IamSystem.load({ root: ROOT, store: createMemoryIamStore() });
    const temp = await iam.issueTemporaryCredential({ parentUser: ROOT.accessKey, durationSeconds: 900 });
    const engine = await fakeEngineContext({ iam, credentials: iam });
    const ok = fakeRequestContext({ engine, path: '/minio/admin/v3/info', credential: temp });
    await handleAdminRequest(ok.ctx);
    expect(ok.response.status).toBe(200);
    const user: Credential = { accessKey: 'someuser', secretKey: 'somesecret', kind: 'user', enabled: true };
    const denied = fakeRequestContext({ engine, path: '/minio/admin/v3/info', credential: user });
    await expect(handleAdminRequest(denied.ctx)).rejects.toBeInstanceOf(AccessDenied);
  });
});

describe('admin info', () => {
  it('has the madmin InfoMessage shape', async () => {
    const { json } = await call('/minio/admin/v3/info');
    expect(json).toMatchObject({
      mode: 'online',
      region: 'us-east-1',
      sqsARN: [],
      deploymentID: 'c0ffee00-0000-4000-8000-000000000001',
      buckets: { count: 2 },
      objects: { count: 3 },
      versions: { count: 4 },
      deletemarkers: { count: 1 },
      usage: { size: 3072 },
      backend: {
        backendType: 'Erasure',
        onlineDisks: 3,
        offlineDisks: 1,
        standardSCParity: 2,
        rrSCParity: 1,
        totalSets: [1],
        totalDrivesPerSet: [4],
      },
      pools: { '0': { '0': { id: 0, rawCapacity: 10000, rawUsage: 400, objectsCount: 3 } } },
    });
    const [server] = json.servers as Record<string, unknown>[];
    expect(server).toMatchObject({
      state: 'online',
      endpoint: '127.0.0.1:9000',
      scheme: 'http',
      version: '0.1.0',
      network: { '127.0.0.1:9000': 'online' },
      poolNumber: 1,
    });
    expect(typeof server?.uptime).toBe('number');
    expect(Number.isInteger(server?.uptime)).toBe(true);
    expect(Object.keys(server?.mem_stats as object)).toEqual([
      'Alloc',
      'TotalAlloc',
      'Mallocs',
      'Frees',
      'HeapAlloc',
    ]);
    const drives = server?.drives as Record<string, unknown>[];
    expect(drives).toHaveLength(4);
    expect(drives[1]).toEqual({
      endpoint: '/data/drive2',
      rootDisk: false,
      path: '/data/drive2',
      healing: false,
      scanning: false,
      state: 'ok',
      uuid: 'uuid-2',
      major: 0,
      minor: 0,
      totalspace: 2000,
      usedspace: 100,
      availspace: 1900,
      local: true,
      pool_index: 0,
      set_index: 0,
      disk_index: 1,
    });
    expect(drives[3]?.state).toBe('offline');
    expect(json).not.toHaveProperty('domain');
  });
});

describe('admin storageinfo', () => {
  it('uses Go capitalised keys and backend type 2 for erasure', async () => {
    const { json } = await call('/minio/admin/v3/storageinfo');
    expect(Object.keys(json)).toEqual(['Disks', 'Backend']);
    expect(json.Backend).toEqual({
      Type: 2,
      GatewayOnline: false,
      OnlineDisks: { '127.0.0.1:9000': 3 },
      OfflineDisks: { '127.0.0.1:9000': 1 },
      StandardSCData: [2],
      StandardSCParities: [2],
      RRSCData: [3],
      RRSCParities: [1],
      TotalSets: [1],
      DrivesPerSet: [4],
      StandardSCParity: 2,
      RRSCParity: 1,
    });
    expect((json.Disks as unknown[]).length).toBe(4);
  });

  it('reports a single drive as FS without parity', () => {
    const one = fakeStorageInfo(1);
    expect(backendInfoJson(one, 'h:1')).toMatchObject({
      Type: 1,
      StandardSCParity: 0,
      RRSCParity: 0,
      DrivesPerSet: [1],
    });
    expect(infoBackendJson(one)).toMatchObject({ backendType: 'FS', onlineDisks: 1, offlineDisks: 0 });
  });
});

describe('admin datausageinfo', () => {
  it('follows the server DataUsageInfo field names', async () => {
    const { json } = await call('/minio/admin/v3/datausageinfo');
    expect(json).toMatchObject({
      lastUpdate: '2026-01-02T03:04:05.000Z',
      objectsCount: 3,
      versionsCount: 4,
      deleteMarkersCount: 1,
      objectsTotalSize: 3072,
      objectsReplicationInfo: {},
      bucketsCount: 2,
      bucketsSizes: { alpha: 2048, beta: 1024 },
    });
    expect((json.bucketsUsageInfo as Record<string, unknown>).alpha).toMatchObject({
      size: 2048,
      objectsCount: 2,
      versionsCount: 3,
      deleteMarkersCount: 1,
      objectsSizesHistogram: { BETWEEN_1024B_AND_1_MB: 2 },
      objectsVersionsHistogram: { SINGLE_VERSION: 1, BETWEEN_2_AND_10: 1 },
      objectsPendingReplicationTotalSize: 0,
      objectReplicaTotalSize: 0,
    });
    expect(json).not.toHaveProperty('capacity');
  });
});

describe('admin accountinfo', () => {
  it('gives root the consoleAdmin policy and every bucket read+write with its features', async () => {
    const { json } = await call('/minio/admin/v3/accountinfo');
    expect(json.AccountName).toBe(ROOT.accessKey);
    expect(json.Policy).toEqual({
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Action: ['admin:*'] },
        { Effect: 'Allow', Action: ['kms:*'] },
        { Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::*'] },
      ],
    });
    expect((json.Server as Record<string, unknown>).Type).toBe(2);
    expect(json.Buckets).toEqual([
      {
        name: 'alpha',
        size: 2048,
        objects: 2,
        objectHistogram: { BETWEEN_1024B_AND_1_MB: 2 },
        objectsVersionsHistogram: { SINGLE_VERSION: 1, BETWEEN_2_AND_10: 1 },
        details: {
          versioning: true,
          versioningSuspended: false,
          locking: true,
          replication: false,
          tags: null,
          quota: { quota: 1048576, size: 1048576, rate: 0, requests: 0, quotatype: 'hard' },
        },
        created: '2026-01-01T00:00:00.000Z',
        access: { read: true, write: true },
      },
      {
        name: 'beta',
        size: 1024,
        objects: 1,
        objectHistogram: { BETWEEN_1024B_AND_1_MB: 1 },
        objectsVersionsHistogram: { SINGLE_VERSION: 1 },
        details: {
          versioning: false,
          versioningSuspended: false,
          locking: false,
          replication: false,
          tags: null,
          quota: null,
        },
        created: '2026-01-01T00:00:01.000Z',
        access: { read: true, write: true },
      },
    ]);
  });

  it('names the parent user for temporary credentials', async () => {
    const temp: Credential = {
      accessKey: 'TEMPKEY0000000000000',
      secretKey: 'x'.repeat(40),
      kind: 'temporary',
      parentUser: ROOT.accessKey,
      enabled: true,
    };
    const { json } = await call('/minio/admin/v3/accountinfo', temp);
    expect(json.AccountName).toBe(ROOT.accessKey);
  });

  it('skips a bucket deleted while the listing is built', async () => {
    const layer = fakeObjectLayer();
    const engine = await fakeEngineContext({ objectLayer: layer });
    layer.state.buckets = layer.state.buckets.slice(0, 1);
    const listed = layer.listBuckets.bind(layer);
    layer.listBuckets = async () => [...(await listed()), { name: 'ghost', created: new Date() }];
    const { ctx, response } = fakeRequestContext({
      engine,
      path: '/minio/admin/v3/accountinfo',
      credential: ROOT,
    });
    await handleAdminRequest(ctx);
    expect(
      (JSON.parse(response.body.toString()) as { Buckets: { name: string }[] }).Buckets.map((b) => b.name),
    ).toEqual(['alpha']);
  });
});
