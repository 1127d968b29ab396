/**
 * Test doubles for handler unit tests: an in-memory object layer covering what the admin, STS,
 * IAM and metrics modules read (storage info, usage, buckets, system files), and a
 * `RequestContext` whose response is captured instead of sent.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { RequestContext } from '../../src/http/context.js';
import { assembleEngineContext, type EngineContext } from '../../src/engine-context.js';
import { createObjectLayerIamStore } from '../../src/iam/iam-store.js';
import { IamSystem } from '../../src/iam/iam-system.js';
import type { Credential } from '../../src/iam/types.js';
import type {
  BucketInfo,
  BucketMetadata,
  DataUsage,
  ObjectLayer,
  StorageInfo,
} from '../../src/object-layer/types.js';

export interface FakeLayerState {
  storage: StorageInfo;
  usage: DataUsage;
  buckets: BucketMetadata[];
  systemFiles: Map<string, Buffer>;
}

export function fakeStorageInfo(n = 4): StorageInfo {
  return {
    deploymentId: 'c0ffee00-0000-4000-8000-000000000001',
    dataShards: n - Math.floor(n / 2),
    parityShards: Math.floor(n / 2),
    backendType: n === 1 ? 'FS' : 'Erasure',
    drives: Array.from({ length: n }, (_, i) => ({
      endpoint: `/data/drive${i + 1}`,
      path: `/data/drive${i + 1}`,
      state: i === n - 1 && n > 1 ? ('offline' as const) : ('ok' as const),
      uuid: `uuid-${i + 1}`,
      totalSpace: 1000 * (i + 1),
      usedSpace: 100,
      availSpace: 1000 * (i + 1) - 100,
      healing: false,
      poolIndex: 0,
      setIndex: 0,
      diskIndex: i,
    })),
  };
}

export function fakeUsage(): DataUsage {
  return {
    lastUpdate: new Date('2026-01-02T03:04:05.000Z'),
    objectsCount: 3,
    versionsCount: 4,
    deleteMarkersCount: 1,
    objectsTotalSize: 3072,
    bucketsCount: 2,
    buckets: {
      alpha: {
        size: 2048,
        objectsCount: 2,
        versionsCount: 3,
        deleteMarkersCount: 1,
        objectsSizesHistogram: { BETWEEN_1024B_AND_1_MB: 2 },
        objectsVersionsHistogram: { SINGLE_VERSION: 1, BETWEEN_2_AND_10: 1 },
      },
      beta: {
        size: 1024,
        objectsCount: 1,
        versionsCount: 1,
        deleteMarkersCount: 0,
        objectsSizesHistogram: { BETWEEN_1024B_AND_1_MB: 1 },
        objectsVersionsHistogram: { SINGLE_VERSION: 1 },
      },
    },
  };
}

export function fakeObjectLayer(
  partial: Partial<FakeLayerState> = {},
): ObjectLayer & { state: FakeLayerState } {
  const state: FakeLayerState = {
    storage: partial.storage ?? fakeStorageInfo(),
    usage: partial.usage ?? fakeUsage(),
    buckets: partial.buckets ?? [
      {
        name: 'alpha',
        created: new Date('2026-01-01T00:00:00Z'),
        versioning: 'Enabled',
        objectLockEnabled: true,
        configs: { quota: '{"quota":1048576,"quotatype":"hard"}' },
      },
      {
        name: 'beta',
        created: new Date('2026-01-01T00:00:01Z'),
        versioning: 'Unversioned',
        objectLockEnabled: false,
        configs: {},
      },
    ],
    systemFiles: partial.systemFiles ?? new Map(),
  };
  const layer = {
    state,
    storageInfo: () => Promise.resolve(state.storage),
    dataUsage: () => Promise.resolve(state.usage),
    listBuckets: () =>
      Promise.resolve(state.buckets.map((b): BucketInfo => ({ name: b.name, created: b.created }))),
    getBucketMetadata: (name: string) => {
      const meta = state.buckets.find((b) => b.name === name);
      return meta ? Promise.resolve(meta) : Promise.reject(new Error(`no bucket ${name}`));
    },
    readSystemFile: (path: string) => Promise.resolve(state.systemFiles.get(path)),
    writeSystemFile: (path: string, data: Buffer) => {
      state.systemFiles.set(path, Buffer.from(data));
      return Promise.resolve();
    },
    deleteSystemFile: (path: string) => {
      state.systemFiles.delete(path);
      return Promise.resolve();
    },
    listSystemFiles: (prefix: string) =>
      Promise.resolve([...state.systemFiles.keys()].filter((k) => k.startsWith(prefix)).sort()),
    close: () => Promise.resolve(),
  };
  return layer as unknown as ObjectLayer & { state: FakeLayerState };
}

export const ROOT: Credential = {
  accessKey: 'rootuser',
  secretKey: 'rootsecret123',
  kind: 'root',
  enabled: true,
};

/**
 * An engine context over the fake object layer (or `overrides.objectLayer`), assembled like a
 * running engine's (`assembleEngineContext`): a real IAM system persisted in the layer's system
 * area, metrics, signing-key cache, usage tracker. `overrides` replace single services.
 */
export async function fakeEngineContext(overrides: Partial<EngineContext> = {}): Promise<EngineContext> {
  const objectLayer = overrides.objectLayer ?? fakeObjectLayer();
  const iam =
    overrides.iam ?? (await IamSystem.load({ root: ROOT, store: createObjectLayerIamStore(objectLayer) }));
  return {
    ...assembleEngineContext({
      objectLayer,
      iam,
      deploymentId: 'c0ffee00-0000-4000-8000-000000000001',
      startedAt: new Date(Date.now() - 5000),
      version: '0.1.0',
    }),
    ...overrides,
  };
}

export interface CapturedResponse {
  status: number;
  headers: Record<string, string | number | readonly string[]>;
  body: Buffer;
  ended: boolean;
}

/** A RequestContext over a fake request (headers, optional body) whose response is captured. */
export function fakeRequestContext(options: {
  engine: EngineContext;
  method?: string;
  path: string;
  query?: string;
  headers?: Record<string, string>;
  body?: string;
  credential?: Credential;
}): { ctx: RequestContext; response: CapturedResponse } {
  const req = Readable.from(
    options.body !== undefined ? [Buffer.from(options.body)] : [],
  ) as unknown as IncomingMessage;
  Object.assign(req, { headers: options.headers ?? {}, method: options.method ?? 'GET', url: options.path });
  const response: CapturedResponse = { status: 200, headers: {}, body: Buffer.alloc(0), ended: false };
  const res = Object.assign(new EventEmitter(), {
    statusCode: 200,
    headersSent: false,
    setHeader(name: string, value: string | number | readonly string[]) {
      response.headers[name.toLowerCase()] = value;
      return res;
    },
    getHeader: (name: string) => response.headers[name.toLowerCase()],
    end(chunk?: Buffer | string) {
      response.status = res.statusCode;
      if (chunk !== undefined) response.body = Buffer.from(chunk);
      response.ended = true;
      (res as unknown as { headersSent: boolean }).headersSent = true;
      return res;
    },
  }) as unknown as ServerResponse;
  const ctx: RequestContext = {
    req,
    res,
    engine: options.engine,
    requestId: '17F0C6B3A1B2C3D4',
    method: options.method ?? 'GET',
    path: options.path,
    query: new URLSearchParams(options.query ?? ''),
    target: {},
  };
  if (options.credential) {
    ctx.auth = {
      credential: options.credential,
      method: 'header',
      body: Readable.from([]),
      contentLength: 0,
      trailers: () => ({}),
      payloadHash: '',
    };
  }
  return { ctx, response };
}
