/**
 * Operator mode against the cluster simulator (issue 15; spec 3 §7 "Tenants" and "Storage"): the
 * console in operator mode talks to the simulated Kubernetes API server through the real
 * @kubernetes/client-node, a service-account token signs in (and a forged one does not), every
 * tenant and storage call answers from the cluster, tenant creation writes its objects in the
 * order of the 2021 console (read back from the API server), and Kubernetes refusals come back
 * as the catalogue's errors. One simulator and one console for the file.
 */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CoreV1Api, CustomObjectsApi, KubeConfig, Watch } from '@kubernetes/client-node';
import { startClusterSim, type ClusterSim } from '@coffer/cluster-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { verifyOperatorToken } from '../src/operator/operator-login.js';
import type { OperatorSettings } from '../src/operator/k8s-settings.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';
import { buildEngine } from './helpers/engine-process.js';

const NS = 'tenant-ns';
const T = 'tenant-1';
const TENANT_PATH = `/api/v1/namespaces/${NS}/tenants/${T}`;
const GI = 1024 ** 3;
const KEYS = { access_key: 'console-user-1', secret_key: 'console-secret-12345' };

let dir: string;
let sim: ClusterSim;
let settings: OperatorSettings;
let consoleApp: RunningConsole;
let op: ConsoleClient;
let kc: KubeConfig;
let core: CoreV1Api;
let custom: CustomObjectsApi;

/** Poll until `check` holds (state, never a fixed sleep); fails with the last value seen. */
async function until<T>(
  what: string,
  read: () => Promise<T>,
  check: (v: T) => boolean,
  ms = 90_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  let last: T = await read();
  while (!check(last)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(last).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 100));
    last = await read();
  }
  return last;
}

beforeAll(async () => {
  await buildEngine();
  dir = await mkdtemp(path.join(os.tmpdir(), 'coffer-operator-'));
  sim = await startClusterSim({
    dataDir: path.join(dir, 'sim'),
    demo: true,
    // The demo tenant's engines would only slow this file down.
    demoTenant: false,
    stepMs: 30,
    monitorMs: 300,
    scannerSeconds: 1,
    formatDelayMs: 50,
  });
  // No token of its own: the console checks tokens with an authorised call (GET /api).
  settings = {
    cluster: { server: sim.url, caPem: sim.caData },
    namespace: 'default',
    clusterDomain: 'cluster.local',
  };
  consoleApp = await startConsole('http://127.0.0.1:9', {
    dataDir: path.join(dir, 'console'),
    operator: settings,
  });
  op = new ConsoleClient(consoleApp.url);
  kc = new KubeConfig();
  kc.loadFromFile(sim.kubeconfigPath);
  core = kc.makeApiClient(CoreV1Api);
  custom = kc.makeApiClient(CustomObjectsApi);
}, 180_000);

afterAll(async () => {
  await consoleApp?.close();
  await sim?.stop();
  if (dir !== undefined) await removeDir(dir);
});

describe('operator login (spec 1 §2 service-account)', () => {
  it('offers the service-account strategy and refuses tokens the API server does not accept', async () => {
    expect((await op.json('GET', '/api/v1/login')).body).toEqual({
      loginStrategy: 'service-account',
      redirect: '',
    });
    const garbage = await op.json('POST', '/api/v1/login/operator', { json: { jwt: 'not-a-token' } });
    expect(garbage.status).toBe(401);
    expect(garbage.body).toMatchObject({ code: 'invalid_operator_token' });
    // A real token with its signature changed: the API server answers 401.
    const forged = `${sim.token.slice(0, -4)}${sim.token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    expect((await op.json('POST', '/api/v1/login/operator', { json: { jwt: forged } })).status).toBe(401);
    expect(op.cookie).toBeUndefined();
    // Nothing signed in: the tenant calls need a session.
    expect((await op.json('GET', '/api/v1/tenants')).status).toBe(401);
  });

  it('TokenReview names the service account when the console has a token of its own', async () => {
    const identity = await verifyOperatorToken({ ...settings, consoleToken: sim.token }, sim.token);
    expect(identity.username).toBe('system:serviceaccount:minio-operator:console-sa');
    await expect(
      verifyOperatorToken({ ...settings, consoleToken: sim.token }, 'x.y.z'),
    ).rejects.toMatchObject({
      code: 'invalid_operator_token',
    });
  });

  it('signs in with the token: an operator session with the operator pages only', async () => {
    const res = await op.request('POST', '/api/v1/login/operator', { json: { jwt: sim.token } });
    expect(res.status).toBe(204);
    const session = await op.json<{ operator: boolean; pages: string[] }>('GET', '/api/v1/session');
    expect(session.body.operator).toBe(true);
    expect(session.body.pages).toEqual(['/login', '/tenants', '/storage', '/namespaces', '/license']);
    // Storage-server calls belong to storage sessions, live sockets included.
    const buckets = await op.json('GET', '/api/v1/buckets');
    expect(buckets.status).toBe(403);
    expect(buckets.body).toMatchObject({ code: 'session_kind_mismatch' });
    const socket = new WebSocket(`${consoleApp.url.replace(/^http/, 'ws')}/ws/trace`, {
      headers: { cookie: op.cookie ?? '' },
    });
    socket.on('error', () => undefined);
    const refused = await new Promise<number>((resolve) => {
      socket.once('open', () => resolve(101));
      socket.once('unexpected-response', (req, res) => {
        req.destroy();
        resolve(res.statusCode ?? 0);
      });
    });
    expect(refused).toBe(403);
  });
});

describe('the wizard helpers', () => {
  it('namespace creation, the storage quota, node labels, memory and parity', async () => {
    const quotaPath = `/api/v1/namespaces/${NS}/resourcequotas/${NS}-storagequota`;
    expect((await op.json('GET', quotaPath)).status).toBe(404);
    expect((await op.json('POST', '/api/v1/namespace', { json: { name: NS } })).status).toBe(204);
    expect((await op.json('POST', '/api/v1/namespace', { json: { name: NS } })).body).toMatchObject({
      code: 'conflict',
    });
    expect((await op.json('GET', `/api/v1/namespaces/${NS}/tenants`)).body).toEqual({ tenants: [] });
    const quota = await op.json<{ elements: { name: string; hard: number; used: number }[] }>(
      'GET',
      quotaPath,
    );
    expect(quota.body.elements.map((e) => e.name)).toContain(
      'standard.storageclass.storage.k8s.io/requests.storage',
    );
    expect(quota.body.elements[0]?.hard).toBe(Number.MAX_SAFE_INTEGER);
    const labels = await op.json<Record<string, string[]>>('GET', '/api/v1/nodes/labels');
    expect(labels.body['kubernetes.io/hostname']).toHaveLength(4);
    // Nodes offer 16, 24, 32 and 40 GiB: four of them can each give 16 GiB.
    expect((await op.json('GET', '/api/v1/cluster/max-allocatable-memory?num_nodes=4')).body).toEqual({
      max_memory: 16 * GI,
    });
    const two = await op.json('GET', '/api/v1/cluster/max-allocatable-memory?num_nodes=2');
    expect(two.body).toMatchObject({
      code: 'invalid_request',
      message: 'at least 4 nodes are required for a tenant',
    });
    expect((await op.json('GET', '/api/v1/get-parity/4/4')).body).toEqual([
      'EC:8',
      'EC:7',
      'EC:6',
      'EC:5',
      'EC:4',
      'EC:3',
      'EC:2',
    ]);
    const odd = await op.json('GET', '/api/v1/get-parity/3/7');
    expect(odd.status).toBe(400);
    expect(odd.body).toMatchObject({ message: expect.stringMatching(/no symmetric distribution/) });
  });
});

describe('a tenant from creation to deletion', () => {
  const payload = {
    name: T,
    namespace: NS,
    enable_tls: false,
    erasureCodingParity: 2,
    pools: [
      {
        name: 'pool-0',
        servers: 4,
        volumes_per_server: 1,
        volume_configuration: { size: 2 * GI, storage_class_name: 'standard' },
        resources: { requests: { memory: 2 * GI }, limits: { memory: 2 * GI } },
        affinity: {
          podAntiAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: [
              {
                labelSelector: {
                  matchExpressions: [
                    { key: 'v1.min.io/tenant', operator: 'In', values: [T] },
                    { key: 'v1.min.io/pool', operator: 'In', values: ['pool-0'] },
                  ],
                },
                topologyKey: 'kubernetes.io/hostname',
              },
            ],
          },
        },
      },
    ],
    idp: { keys: [KEYS] },
  };

  it('creates its secrets, then the Tenant, in the 2021 order', async () => {
    // The operator rewrites the Tenant at once; its revision at creation comes from a watch.
    const tenantAdded: number[] = [];
    const watching = await new Watch(kc).watch(
      `/apis/minio.min.io/v2/namespaces/${NS}/tenants`,
      {},
      (type: string, obj: { metadata: { name: string; resourceVersion: string } }) => {
        if (type === 'ADDED' && obj.metadata.name === T)
          tenantAdded.push(Number(obj.metadata.resourceVersion));
      },
      () => {},
    );
    const res = await op.json('POST', '/api/v1/tenants', { json: payload });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ externalIDP: false, console: [KEYS] });
    const secrets = await core.listNamespacedSecret({ namespace: NS });
    const tenant = (await custom.getNamespacedCustomObject({
      group: 'minio.min.io',
      version: 'v2',
      namespace: NS,
      plural: 'tenants',
      name: T,
    })) as { metadata: { resourceVersion: string }; spec: Record<string, unknown> };
    // Every write bumps the cluster's revision: creation order is resourceVersion order.
    const made = [
      ...secrets.items.map((s) => ({
        name: `secret/${s.metadata?.name}`,
        rv: Number(s.metadata?.resourceVersion),
      })),
      { name: `tenant/${T}`, rv: Number(tenant.metadata.resourceVersion) },
    ].filter((o) => o.name.includes(T));
    const firstOf = (name: string) => Math.min(...made.filter((o) => o.name === name).map((o) => o.rv));
    expect(firstOf(`secret/${T}-secret`)).toBeLessThan(firstOf(`secret/${T}-user-0`));
    expect(firstOf(`secret/${T}-user-0`)).toBeLessThan(firstOf(`secret/${T}-env-configuration`));
    const [tenantCreated] = await until(
      'the Tenant ADDED event',
      async () => tenantAdded,
      (v) => v.length > 0,
    );
    watching.abort();
    expect(firstOf(`secret/${T}-env-configuration`)).toBeLessThan(tenantCreated ?? 0);
    expect(
      secrets.items.find((s) => s.metadata?.name === `${T}-env-configuration`)?.data?.['config.env'],
    ).toBeDefined();
    const config = Buffer.from(
      secrets.items.find((s) => s.metadata?.name === `${T}-env-configuration`)?.data?.['config.env'] ?? '',
      'base64',
    ).toString();
    expect(config).toContain('export MINIO_STORAGE_CLASS_STANDARD="EC:2"');
    expect(tenant.spec).toMatchObject({
      credsSecret: { name: `${T}-secret` },
      configuration: { name: `${T}-env-configuration` },
      users: [{ name: `${T}-user-0` }],
      requestAutoCert: false,
      mountPath: '/export',
    });
    const again = await op.json('POST', '/api/v1/tenants', { json: payload });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'You can only create one tenant per namespace' });
  });

  it('comes up: list, detail, pods with logs and events, usage, PVCs', async () => {
    const detail = await until(
      'tenant state',
      async () => (await op.json<{ currentState: string }>('GET', TENANT_PATH)).body,
      (d) => d.currentState === 'Initialized',
    );
    expect(detail).toMatchObject({
      name: T,
      namespace: NS,
      total_size: 8 * GI,
      minioTLS: false,
      consoleEnabled: true,
    });
    const list = await op.json<{ tenants: { name: string; pool_count: number }[] }>('GET', '/api/v1/tenants');
    expect(list.body.tenants).toEqual([
      expect.objectContaining({ name: T, namespace: NS, pool_count: 1, instance_count: 4 }),
    ]);
    const pods = await op.json<{ name: string; status: string }[]>('GET', `${TENANT_PATH}/pods`);
    expect(pods.body).toHaveLength(4);
    const pod = pods.body[0]?.name ?? '';
    const logs = await op.json<{ log: string }>('GET', `${TENANT_PATH}/pods/${pod}`);
    expect(logs.status).toBe(200);
    expect(typeof logs.body.log).toBe('string');
    const events = await op.json<{ reason: string; last_seen: number }[]>(
      'GET',
      `${TENANT_PATH}/pods/${pod}/events`,
    );
    expect(events.status).toBe(200);
    expect(events.body.map((e) => e.last_seen)).toEqual(
      [...events.body.map((e) => e.last_seen)].sort((a, b) => a - b),
    );
    const usage = await op.json<{ disk_used: number }>('GET', `${TENANT_PATH}/usage`);
    expect(usage.status).toBe(200);
    expect(usage.body.disk_used).toBeGreaterThanOrEqual(0);
    const pvcs = await op.json<{ pvcs: { tenant: string; namespace: string }[] }>('GET', '/api/v1/list-pvcs');
    expect(pvcs.body.pvcs.filter((p) => p.tenant === T)).toHaveLength(4);
    const other = await op.json('GET', `/api/v1/namespaces/${NS}/tenants/${T}/pods/not-a-pod`);
    expect(other.body).toMatchObject({ code: 'not_found' });
  });

  it('YAML, security, image update and Expand Tenant write back to the Tenant', async () => {
    const yaml = await op.json<{ yaml: string }>('GET', `${TENANT_PATH}/yaml`);
    expect(yaml.body.yaml).toContain(`name: ${T}`);
    expect(yaml.body.yaml).not.toContain('managedFields');
    const edited = yaml.body.yaml.replace(/^metadata:\n/m, 'metadata:\n  labels:\n    team: storage\n');
    expect((await op.json('PUT', `${TENANT_PATH}/yaml`, { json: { yaml: edited } })).status).toBe(204);
    const bad = await op.json('PUT', `${TENANT_PATH}/yaml`, { json: { yaml: 'spec: [unclosed' } });
    expect(bad.status).toBe(400);
    expect((await op.json('GET', `${TENANT_PATH}/security`)).body).toEqual({
      autoCert: false,
      customCertificates: { minio: [], minioCAs: [], console: [], consoleCAs: [] },
    });
    const update = {
      image: 'minio/minio:RELEASE.2021-11-24T23-19-33Z',
      console_image: '',
      enable_prometheus: true,
    };
    expect((await op.json('PUT', TENANT_PATH, { json: update })).status).toBe(204);
    const pool = { ...payload.pools[0], name: 'pool-1' };
    expect((await op.json('POST', `${TENANT_PATH}/pools`, { json: pool })).status).toBe(204);
    expect((await op.json('POST', `${TENANT_PATH}/pools`, { json: pool })).body).toMatchObject({
      code: 'conflict',
    });
    const t = (await custom.getNamespacedCustomObject({
      group: 'minio.min.io',
      version: 'v2',
      namespace: NS,
      plural: 'tenants',
      name: T,
    })) as {
      metadata: { labels?: Record<string, string>; annotations?: Record<string, string> };
      spec: { image: string; pools: { name: string }[] };
    };
    expect(t.metadata.labels).toMatchObject({ team: 'storage' });
    expect(t.metadata.annotations).toMatchObject({ 'prometheus.io/scrape': 'true' });
    expect(t.spec.image).toBe(update.image);
    expect(t.spec.pools.map((p) => p.name)).toEqual(['pool-0', 'pool-1']);
    const detail = await op.json<{ pools: unknown[]; enable_prometheus: boolean }>('GET', TENANT_PATH);
    expect(detail.body.pools).toHaveLength(2);
    expect(detail.body.enable_prometheus).toBe(true);
    // No license held by the console: nothing to attach.
    const activate = await op.json('POST', `/api/v1/subscription/namespaces/${NS}/tenants/${T}/activate`);
    expect(activate.body).toMatchObject({ code: 'not_found', message: 'No license to attach' });
  });

  it("hops into the tenant's own console, signed in, and creates a bucket on its engine", async () => {
    const hop = `/api/proxy/${NS}/${T}`;
    const anonymous = new ConsoleClient(consoleApp.url);
    expect((await anonymous.json('GET', `${hop}/api/v1/session`)).status).toBe(401);
    const res = await op.request('GET', `${hop}/api/v1/session`);
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    const session = (await res.json()) as { operator: boolean; pages: string[] };
    expect(session.operator).toBe(false);
    expect(session.pages).toContain('/buckets');
    const made = await op.json('POST', `${hop}/api/v1/buckets`, { json: { name: 'hop-bucket' } });
    expect(made.status).toBeLessThan(300);
    const buckets = await op.json<{ buckets: { name: string }[] }>('GET', `${hop}/api/v1/buckets`);
    expect(buckets.body.buckets.map((b) => b.name)).toContain('hop-bucket');
    // The operator's own cookie still names the operator session.
    expect((await op.json<{ operator: boolean }>('GET', '/api/v1/session')).body.operator).toBe(true);
  });

  it('deletes a pod, then the tenant with its volumes', async () => {
    const pods = await op.json<{ name: string }[]>('GET', `${TENANT_PATH}/pods`);
    const pod = pods.body[0]?.name ?? '';
    expect((await op.json('DELETE', `${TENANT_PATH}/pods/${pod}`)).status).toBe(204);
    expect((await op.json('DELETE', `${TENANT_PATH}?delete_pvcs=true`)).status).toBe(204);
    await until(
      'tenant gone',
      async () => (await op.json('GET', TENANT_PATH)).status,
      (s) => s === 404,
    );
    const secrets = await core.listNamespacedSecret({
      namespace: NS,
      labelSelector: `v1.min.io/tenant=${T}`,
    });
    expect(secrets.items).toEqual([]);
    expect((await op.json('GET', TENANT_PATH)).body).toMatchObject({ code: 'not_found' });
  });
});

describe('storage: drives', () => {
  it('lists direct-csi drives and formats one; refusals come back as issues', async () => {
    const list = await op.json<{ drives: { drive: string; node: string; status: string }[] }>(
      'GET',
      '/api/v1/direct-csi/drives',
    );
    expect(list.body.drives).toHaveLength(12);
    const fresh = list.body.drives.find((d) => d.status.startsWith('Available') && d.drive === '/dev/sdb1');
    const unavailable = list.body.drives.find((d) => d.status.startsWith('Unavailable'));
    expect(fresh && unavailable).toBeTruthy();
    const res = await op.json<{ formatIssuesList: { node: string; drive: string; error: string }[] }>(
      'POST',
      '/api/v1/direct-csi/drives/format',
      {
        json: {
          drives: [`${fresh?.node}:${fresh?.drive}`, `${unavailable?.node}:${unavailable?.drive}`],
          force: false,
        },
      },
    );
    expect(res.body.formatIssuesList).toEqual([
      { node: unavailable?.node, drive: unavailable?.drive, error: 'Status is unavailable' },
    ]);
    await until(
      'drive formatted',
      async () =>
        (
          await op.json<{ drives: { drive: string; node: string; status: string }[] }>(
            'GET',
            '/api/v1/direct-csi/drives',
          )
        ).body.drives.find((d) => d.node === fresh?.node && d.drive === fresh?.drive)?.status,
      (s) => s === 'Ready',
    );
  });
});
