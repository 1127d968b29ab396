/**
 * The simulated API server through the real `@kubernetes/client-node` (1.4.0): CRUD, 409s on
 * stale resourceVersions and existing names, selectors, the three patch types, `Status` errors,
 * Tenant validation against the operator's CRD facts, authentication and TokenReview.
 */
import {
  ApiException,
  AuthenticationV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  Watch,
  setHeaderOptions,
} from '@kubernetes/client-node';
import { mkdtemp, rm } from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantPool } from '../src/demo-tenant.js';
import { startClusterSim, type ClusterSim } from '../src/index.js';

let sim: ClusterSim;
let dir: string;
let core: CoreV1Api;
let custom: CustomObjectsApi;
let kc: KubeConfig;

const TENANT = { group: 'minio.min.io', version: 'v2', plural: 'tenants' };

function tenant(name: string, pools: unknown[] = [pool('pool-0', 4, 1)]): Record<string, unknown> {
  return {
    apiVersion: 'minio.min.io/v2',
    kind: 'Tenant',
    metadata: { name },
    spec: { pools, mountPath: '/export' },
  };
}
const pool = (name: string, servers: number, volumesPerServer: number): Record<string, unknown> =>
  tenantPool(name, servers, volumesPerServer, '1Gi');

/** The decoded `Status` of a failed call. */
async function failure(
  call: Promise<unknown>,
): Promise<{ code: number; reason: string; message: string; details?: { causes?: { field: string }[] } }> {
  try {
    await call;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiException);
    const e = err as ApiException<string>;
    const body = JSON.parse(e.body) as { kind: string; code: number; reason: string; message: string };
    expect(body.kind).toBe('Status');
    expect(body.code).toBe(e.code);
    return body;
  }
  throw new Error('the call succeeded');
}

/** A request outside the client (no token, a forged one, headers the client hides), trusting the sim's CA. */
function raw(
  method: string,
  urlPath: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; json: () => unknown }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
    const req = https.request(`${sim.url}${urlPath}`, { method, headers, ca: sim.caData }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, json: () => JSON.parse(text) });
      });
    });
    req.on('error', reject);
    req.end(options.body === undefined ? undefined : JSON.stringify(options.body));
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'coffer-sim-'));
  sim = await startClusterSim({ dataDir: dir });
  kc = new KubeConfig();
  kc.loadFromFile(sim.kubeconfigPath);
  core = kc.makeApiClient(CoreV1Api);
  custom = kc.makeApiClient(CustomObjectsApi);
  await core.createNamespace({ body: { metadata: { name: 'ns1' } } });
});

afterAll(async () => {
  await sim?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('authentication', () => {
  it('answers 401 Status without or with a foreign token, and TokenReview tells them apart', async () => {
    const bare = await raw('GET', '/api/v1/namespaces');
    expect(bare.status).toBe(401);
    expect(bare.json()).toMatchObject({ kind: 'Status', reason: 'Unauthorized', code: 401 });
    const forged = sim.token.slice(0, -4) + (sim.token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await raw('GET', '/api', { token: forged })).status).toBe(401);
    expect((await raw('GET', '/api', { token: sim.token })).status).toBe(200);
    expect((await raw('GET', '/version')).json()).toMatchObject({ major: '1' });

    const auth = kc.makeApiClient(AuthenticationV1Api);
    const good = await auth.createTokenReview({ body: { spec: { token: sim.token } } });
    expect(good.status?.authenticated).toBe(true);
    expect(good.status?.user?.username).toBe('system:serviceaccount:minio-operator:console-sa');
    const bad = await auth.createTokenReview({ body: { spec: { token: forged } } });
    expect(bad.status?.authenticated).toBe(false);
  });
});

describe('core resources', () => {
  it('creates, reads, lists and refuses duplicates with 409 AlreadyExists', async () => {
    const created = await core.createNamespacedSecret({
      namespace: 'ns1',
      body: { metadata: { name: 's1', labels: { app: 'a', tier: 'x' } }, stringData: { k: 'v' } },
    });
    expect(created.metadata?.uid).toBeTruthy();
    expect(created.data?.k).toBe(Buffer.from('v').toString('base64'));
    const dup = await failure(
      core.createNamespacedSecret({ namespace: 'ns1', body: { metadata: { name: 's1' } } }),
    );
    expect(dup).toMatchObject({ code: 409, reason: 'AlreadyExists', message: 'secrets "s1" already exists' });
    const missing = await failure(core.readNamespacedSecret({ namespace: 'ns1', name: 'nope' }));
    expect(missing).toMatchObject({ code: 404, reason: 'NotFound', message: 'secrets "nope" not found' });
    const noNs = await failure(
      core.createNamespacedSecret({ namespace: 'ghost', body: { metadata: { name: 's' } } }),
    );
    expect(noNs).toMatchObject({ code: 404, message: 'namespaces "ghost" not found' });
    const badName = await failure(
      core.createNamespacedSecret({ namespace: 'ns1', body: { metadata: { name: 'Bad_Name' } } }),
    );
    expect(badName.code).toBe(422);
    expect(badName.details?.causes?.[0]?.field).toBe('metadata.name');
  });

  it('filters by label and field selectors and pages with limit and continue', async () => {
    for (const [name, labels] of [
      ['s2', { app: 'a', tier: 'y' }],
      ['s3', { app: 'b' }],
    ] as const) {
      await core.createNamespacedSecret({ namespace: 'ns1', body: { metadata: { name, labels } } });
    }
    const names = async (labelSelector?: string, fieldSelector?: string): Promise<string[]> =>
      (await core.listNamespacedSecret({ namespace: 'ns1', labelSelector, fieldSelector })).items.map(
        (s) => s.metadata?.name ?? '',
      );
    expect(await names('app=a')).toEqual(['s1', 's2']);
    expect(await names('app!=a')).toEqual(['s3']);
    expect(await names('tier in (x,z)')).toEqual(['s1']);
    expect(await names('tier notin (x)')).toEqual(['s2', 's3']);
    expect(await names('tier')).toEqual(['s1', 's2']);
    expect(await names('!tier')).toEqual(['s3']);
    expect(await names(undefined, 'metadata.name=s2')).toEqual(['s2']);
    expect(await names('app=a', 'metadata.name!=s1')).toEqual(['s2']);
    const badField = await failure(
      core.listNamespacedSecret({ namespace: 'ns1', fieldSelector: 'spec.nope=1' }),
    );
    expect(badField.code).toBe(400);
    const page1 = await core.listNamespacedSecret({ namespace: 'ns1', limit: 2 });
    expect(page1.items.map((s) => s.metadata?.name)).toEqual(['s1', 's2']);
    const page2 = await core.listNamespacedSecret({
      namespace: 'ns1',
      limit: 2,
      _continue: page1.metadata?._continue,
    });
    expect(page2.items.map((s) => s.metadata?.name)).toEqual(['s3']);
  });

  it('answers a stale resourceVersion with 409 Conflict and keeps immutable secrets immutable', async () => {
    const s = await core.readNamespacedSecret({ namespace: 'ns1', name: 's2' });
    const updated = await core.replaceNamespacedSecret({
      namespace: 'ns1',
      name: 's2',
      body: { ...s, data: { a: 'YQ==' } },
    });
    expect(Number(updated.metadata?.resourceVersion)).toBeGreaterThan(Number(s.metadata?.resourceVersion));
    const stale = await failure(core.replaceNamespacedSecret({ namespace: 'ns1', name: 's2', body: s }));
    expect(stale).toMatchObject({ code: 409, reason: 'Conflict' });
    expect(stale.message).toContain('the object has been modified');
    await core.createNamespacedSecret({
      namespace: 'ns1',
      body: { metadata: { name: 'frozen' }, immutable: true, data: { a: 'YQ==' } },
    });
    const frozen = await core.readNamespacedSecret({ namespace: 'ns1', name: 'frozen' });
    const change = await failure(
      core.replaceNamespacedSecret({
        namespace: 'ns1',
        name: 'frozen',
        body: { ...frozen, data: { a: 'Yg==' } },
      }),
    );
    expect(change.code).toBe(422);
    expect(change.message).toContain('field is immutable when `immutable` is set');
  });

  it('applies json-patch, merge-patch and strategic merge patches, and deletes collections by selector', async () => {
    const json = await core.patchNamespacedSecret({
      namespace: 'ns1',
      name: 's3',
      body: [{ op: 'add', path: '/metadata/labels/extra', value: 'yes' }],
    });
    expect(json.metadata?.labels).toEqual({ app: 'b', extra: 'yes' });
    // An object sent with the client's default json-patch content type is a 400, as on a real server.
    const wrong = await failure(
      core.patchNamespacedSecret({ namespace: 'ns1', name: 's3', body: { metadata: {} } }),
    );
    expect(wrong.code).toBe(400);
    const merge = await core.patchNamespacedSecret(
      { namespace: 'ns1', name: 's3', body: { metadata: { labels: { extra: null, more: '1' } } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    expect(merge.metadata?.labels).toEqual({ app: 'b', more: '1' });
    const sm = await core.patchNamespacedSecret(
      { namespace: 'ns1', name: 's3', body: { data: { z: 'eg==' } } },
      setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch),
    );
    expect(sm.data).toEqual({ z: 'eg==' });
    const staleMerge = await failure(
      core.patchNamespacedSecret(
        { namespace: 'ns1', name: 's3', body: { metadata: { resourceVersion: '1' } } },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      ),
    );
    expect(staleMerge.code).toBe(409);
    await core.deleteCollectionNamespacedSecret({ namespace: 'ns1', labelSelector: 'app=a' });
    const left = await core.listNamespacedSecret({ namespace: 'ns1' });
    expect(left.items.map((s) => s.metadata?.name)).toEqual(['frozen', 's3']);
  });
});

describe('tenants (minio.min.io/v2)', () => {
  it('creates a valid tenant, lists it, and needs a resourceVersion to replace it', async () => {
    const created = (await custom.createNamespacedCustomObject({
      ...TENANT,
      namespace: 'ns1',
      body: tenant('t1'),
    })) as {
      metadata: { resourceVersion: string; generation: number };
    };
    expect(created.metadata.generation).toBe(1);
    const list = (await custom.listNamespacedCustomObject({ ...TENANT, namespace: 'ns1', limit: 10 })) as {
      items: { metadata: { name: string } }[];
    };
    expect(list.items.map((t) => t.metadata.name)).toEqual(['t1']);
    const all = (await custom.listClusterCustomObject(TENANT)) as { items: unknown[] };
    expect(all.items.length).toBeGreaterThanOrEqual(1);
    const noRv = await failure(
      custom.replaceNamespacedCustomObject({ ...TENANT, namespace: 'ns1', name: 't1', body: tenant('t1') }),
    );
    expect(noRv.code).toBe(422);
    expect(noRv.message).toContain('metadata.resourceVersion');
    const sm = await failure(
      custom.patchNamespacedCustomObject(
        { ...TENANT, namespace: 'ns1', name: 't1', body: { spec: {} } },
        setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch),
      ),
    );
    expect(sm.code).toBe(415);
    const merged = (await custom.patchNamespacedCustomObject(
      { ...TENANT, namespace: 'ns1', name: 't1', body: { spec: { image: 'minio/minio:latest' } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    )) as { metadata: { generation: number }; spec: { image: string } };
    expect(merged.spec.image).toBe('minio/minio:latest');
    expect(merged.metadata.generation).toBe(2);
  });

  it('keeps spec and status apart: the main resource ignores status, /status changes only status', async () => {
    const t = (await custom.getNamespacedCustomObject({ ...TENANT, namespace: 'ns1', name: 't1' })) as Record<
      string,
      unknown
    > & {
      metadata: { resourceVersion: string };
    };
    const viaMain = (await custom.replaceNamespacedCustomObject({
      ...TENANT,
      namespace: 'ns1',
      name: 't1',
      body: { ...t, status: { currentState: 'forged' } },
    })) as { status?: { currentState?: string }; metadata: { resourceVersion: string } };
    // The simulated operator's state stays; the forged one is dropped.
    expect(viaMain.status?.currentState).toBe(
      (t.status as { currentState?: string } | undefined)?.currentState,
    );
    const viaStatus = (await custom.replaceNamespacedCustomObjectStatus({
      ...TENANT,
      namespace: 'ns1',
      name: 't1',
      body: {
        ...t,
        metadata: { ...t.metadata, resourceVersion: viaMain.metadata.resourceVersion },
        spec: { pools: [] },
        status: { currentState: 'set through /status' },
      },
    })) as { status: { currentState: string }; spec: { pools: unknown[] } };
    expect(viaStatus.status.currentState).toBe('set through /status');
    expect(viaStatus.spec.pools).toHaveLength(1);
  });

  it('streams watch events for the selected objects', async () => {
    const seen: string[] = [];
    const watch = await new Watch(kc).watch(
      '/api/v1/namespaces/ns1/configmaps',
      { labelSelector: 'watched=yes' },
      (phase, obj: { metadata: { name: string } }) => seen.push(`${phase} ${obj.metadata.name}`),
      () => undefined,
    );
    await core.createNamespacedConfigMap({
      namespace: 'ns1',
      body: { metadata: { name: 'w1', labels: { watched: 'yes' } } },
    });
    await core.createNamespacedConfigMap({ namespace: 'ns1', body: { metadata: { name: 'w2' } } });
    await core.patchNamespacedConfigMap(
      { namespace: 'ns1', name: 'w1', body: { data: { a: '1' } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    await core.deleteNamespacedConfigMap({ namespace: 'ns1', name: 'w1' });
    const deadline = Date.now() + 10_000;
    while (seen.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    watch.abort();
    expect(seen).toEqual(['ADDED w1', 'MODIFIED w1', 'DELETED w1']);
  });

  it('rejects invalid tenants with a 422 Status naming each field, and prunes unknown fields with a warning', async () => {
    const bad = tenant('t-bad', [{ name: 'p', servers: 'four', volumeClaimTemplate: {} }]);
    const res = await failure(
      custom.createNamespacedCustomObject({ ...TENANT, namespace: 'ns1', body: bad }),
    );
    expect(res).toMatchObject({ code: 422, reason: 'Invalid' });
    expect(res.message).toContain('Tenant.minio.min.io "t-bad" is invalid');
    expect(res.details?.causes?.map((c) => c.field)).toEqual([
      'spec.pools[0].servers',
      'spec.pools[0].volumesPerServer',
    ]);
    const noSpec = await failure(
      custom.createNamespacedCustomObject({
        ...TENANT,
        namespace: 'ns1',
        body: { metadata: { name: 't2' } },
      }),
    );
    expect(noSpec.details?.causes?.[0]?.field).toBe('spec');

    const withUnknown = {
      ...tenant('t-unknown'),
      spec: { ...(tenant('t-unknown').spec as object), bogus: 1 },
    };
    const r = await raw('POST', '/apis/minio.min.io/v2/namespaces/ns1/tenants', {
      token: sim.token,
      body: withUnknown,
    });
    expect(r.status).toBe(201);
    expect(String(r.headers.warning)).toContain('unknown field \\"spec.bogus\\"');
    expect((r.json() as { spec: Record<string, unknown> }).spec.bogus).toBeUndefined();
  });
});
