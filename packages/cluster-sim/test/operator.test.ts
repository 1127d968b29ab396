/**
 * The simulated operator through the real client: a tenant made the way the 2021 console makes
 * one (creds secret, config secret, user secret, then the Tenant) steps through the operator's
 * state strings to "Initialized" with real engines behind its pods; its user answers S3; pods,
 * PVCs, services, events and logs look as the console reads them; one tenant per namespace,
 * operator checks, a new pool, a pod restart, deletion; direct-csi drives format.
 */
import { CreateBucketCommand, ListBucketsCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  Watch,
  setHeaderOptions,
} from '@kubernetes/client-node';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureEngineBuilt } from '../../engine/test/helpers/engine-process.js';
import { tenantPool } from '../src/demo-tenant.js';
import { startClusterSim, type ClusterSim } from '../src/index.js';

const TENANT = { group: 'minio.min.io', version: 'v2', plural: 'tenants' };
const DRIVES = { group: 'direct.csi.min.io', version: 'v1beta1', plural: 'directcsidrives' };
const ROOT = { user: 'rootuser1', password: 'rootpassword123' };
const USER = { key: 'consoleuser', secret: 'consolesecret123' };

interface TenantObj {
  metadata: { name: string; resourceVersion: string; generation: number };
  spec: { pools: Record<string, unknown>[] };
  status?: {
    currentState?: string;
    healthStatus?: string;
    pools?: { ssName: string; state: string }[];
    availableReplicas?: number;
    drivesOnline?: number;
    writeQuorum?: number;
    usage?: { rawCapacity: number; capacity: number };
  };
}

let sim: ClusterSim;
let dir: string;
let core: CoreV1Api;
let custom: CustomObjectsApi;
let kc: KubeConfig;
const states: string[] = [];
let stopWatch: AbortController | undefined;

const pool = (name: string, servers: number, volumesPerServer: number): Record<string, unknown> =>
  tenantPool(name, servers, volumesPerServer, '1Gi');

async function getTenant(ns: string, name: string): Promise<TenantObj> {
  return (await custom.getNamespacedCustomObject({ ...TENANT, namespace: ns, name })) as TenantObj;
}

/** Poll the API until `check` holds (state, not time: each poll is a real GET). */
async function until<T>(
  what: string,
  read: () => Promise<T>,
  check: (v: T) => boolean,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (check(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
}

/** The objects the 2021 console creates before the Tenant (reference §2.2). */
async function consoleSecrets(ns: string, t: string): Promise<void> {
  const labels = { 'v1.min.io/tenant': t };
  await core.createNamespacedSecret({
    namespace: ns,
    body: {
      metadata: { name: `${t}-secret`, labels },
      immutable: true,
      data: { accesskey: '', secretkey: '' },
    },
  });
  const env = [
    `export MINIO_BROWSER="on"`,
    `export MINIO_ROOT_USER="${ROOT.user}"`,
    `export MINIO_ROOT_PASSWORD="${ROOT.password}"`,
    `export MINIO_STORAGE_CLASS_STANDARD="EC:2"`,
  ];
  await core.createNamespacedSecret({
    namespace: ns,
    body: {
      metadata: { name: `${t}-env-configuration`, labels },
      stringData: { 'config.env': env.join('\n') },
    },
  });
  await core.createNamespacedSecret({
    namespace: ns,
    body: {
      metadata: { name: `${t}-user-0`, labels },
      immutable: true,
      stringData: { CONSOLE_ACCESS_KEY: USER.key, CONSOLE_SECRET_KEY: USER.secret },
    },
  });
}

beforeAll(async () => {
  await ensureEngineBuilt();
  dir = await mkdtemp(path.join(os.tmpdir(), 'coffer-sim-op-'));
  sim = await startClusterSim({
    dataDir: dir,
    demo: true,
    stepMs: 30,
    monitorMs: 300,
    scannerSeconds: 1,
    formatDelayMs: 50,
  });
  kc = new KubeConfig();
  kc.loadFromFile(sim.kubeconfigPath);
  core = kc.makeApiClient(CoreV1Api);
  custom = kc.makeApiClient(CustomObjectsApi);
  for (const name of ['tenant-ns', 'bad-ns']) await core.createNamespace({ body: { metadata: { name } } });
  stopWatch = await new Watch(kc).watch(
    '/apis/minio.min.io/v2/namespaces/tenant-ns/tenants',
    {},
    (_phase, obj: TenantObj) => {
      const s = obj.metadata.name === 't1' ? obj.status?.currentState : undefined;
      if (s !== undefined && states[states.length - 1] !== s) states.push(s);
    },
    () => undefined,
  );
}, 120_000);

afterAll(async () => {
  stopWatch?.abort();
  await sim?.stop();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe('a tenant as the 2021 console creates it', () => {
  let endpoint = '';

  it('steps through the operator states to Initialized with its engine behind the pods', async () => {
    await consoleSecrets('tenant-ns', 't1');
    await custom.createNamespacedCustomObject({
      ...TENANT,
      namespace: 'tenant-ns',
      body: {
        apiVersion: 'minio.min.io/v2',
        kind: 'Tenant',
        metadata: { name: 't1' },
        scheduler: { name: '' },
        spec: {
          image: 'minio/minio:RELEASE.2021-10-06T23-36-31Z',
          mountPath: '/export',
          credsSecret: { name: 't1-secret' },
          configuration: { name: 't1-env-configuration' },
          users: [{ name: 't1-user-0' }],
          requestAutoCert: false,
          pools: [pool('pool-0', 4, 1)],
          log: { audit: { diskCapacityGB: 1 } },
          prometheus: { diskCapacityGB: 5 },
          exposeServices: { minio: true, console: true },
        },
      },
    });
    const t = await until(
      't1 initialized and green',
      () => getTenant('tenant-ns', 't1'),
      (x) => x.status?.currentState === 'Initialized' && x.status.healthStatus === 'green',
    );
    expect(states).toEqual([
      'Provisioning MinIO Cluster IP Service',
      'Provisioning Console Service',
      'Provisioning MinIO Headless Service',
      'Provisioning Postgres server',
      'Provisioning Log Search API server',
      'Provisioning Prometheus server',
      'Provisioning MinIO Statefulset',
      'Waiting for Pods to be ready',
      'Initialized',
    ]);
    expect(t.status).toMatchObject({
      availableReplicas: 4,
      pools: [{ ssName: 't1-pool-0', state: 'PoolInitialized' }],
      drivesOnline: 4,
      writeQuorum: 3,
    });
    expect(t.status?.usage?.rawCapacity).toBe(4 * 2 ** 30);
    expect(t.status?.usage?.capacity).toBe(2 * 2 ** 30);

    const pods = await core.listNamespacedPod({
      namespace: 'tenant-ns',
      labelSelector: 'v1.min.io/tenant=t1',
    });
    expect(pods.items.map((p) => p.metadata?.name)).toEqual([
      't1-pool-0-0',
      't1-pool-0-1',
      't1-pool-0-2',
      't1-pool-0-3',
    ]);
    expect(
      pods.items.every((p) => p.status?.phase === 'Running' && p.spec?.nodeName?.startsWith('coffer-node-')),
    ).toBe(true);
    const pvcs = await core.listNamespacedPersistentVolumeClaim({
      namespace: 'tenant-ns',
      labelSelector: 'v1.min.io/tenant=t1',
    });
    expect(pvcs.items.map((p) => [p.metadata?.name, p.status?.phase, p.status?.capacity?.storage])).toEqual(
      [0, 1, 2, 3].map((i) => [`data0-t1-pool-0-${i}`, 'Bound', '1Gi']),
    );
    const svc = await core.readNamespacedService({ namespace: 'tenant-ns', name: 'minio' });
    endpoint = svc.metadata?.annotations?.['cluster-sim.coffer.dev/endpoint'] ?? '';
    expect(endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(svc.spec?.type).toBe('LoadBalancer');
    expect(svc.status?.loadBalancer?.ingress?.[0]?.ip).toBe('127.0.0.1');
    const console = await core.readNamespacedService({ namespace: 'tenant-ns', name: 't1-console' });
    expect(console.metadata?.annotations?.['cluster-sim.coffer.dev/endpoint']).toBe(endpoint);
    await core.readNamespacedService({ namespace: 'tenant-ns', name: 't1-hl' });
  });

  it("answers S3 for the tenant's provisioned user, and pod logs and events come from the engine", async () => {
    const s3 = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: USER.key, secretAccessKey: USER.secret },
    });
    await s3.send(new CreateBucketCommand({ Bucket: 'sim-bucket' }));
    await s3.send(
      new PutObjectCommand({
        Bucket: 'sim-bucket',
        Key: 'hello.txt',
        Body: 'hello from the simulated tenant',
      }),
    );
    const buckets = await s3.send(new ListBucketsCommand({}));
    expect(buckets.Buckets?.map((b) => b.Name)).toContain('sim-bucket');
    s3.destroy();
    await until(
      'usage from the engine scan',
      () => getTenant('tenant-ns', 't1'),
      (x) => ((x.status?.usage as { usage?: number } | undefined)?.usage ?? 0) > 0,
    );

    const log = await core.readNamespacedPodLog({ namespace: 'tenant-ns', name: 't1-pool-0-2' });
    expect(log).toContain(endpoint.replace('http://', ''));
    const p = await core.readNamespacedPod({ namespace: 'tenant-ns', name: 't1-pool-0-2' });
    const events = await core.listNamespacedEvent({
      namespace: 'tenant-ns',
      fieldSelector: `involvedObject.uid=${p.metadata?.uid}`,
    });
    expect(events.items.map((e) => e.reason)).toEqual(['Scheduled', 'Pulled', 'Created', 'Started']);
  });

  it('keeps one tenant per namespace and reports the operator checks as state text', async () => {
    const body = (name: string, pools: unknown[]): Record<string, unknown> => ({
      apiVersion: 'minio.min.io/v2',
      kind: 'Tenant',
      metadata: { name },
      spec: { configuration: { name: 't1-env-configuration' }, pools },
    });
    await custom.createNamespacedCustomObject({
      ...TENANT,
      namespace: 'tenant-ns',
      body: body('t2', [pool('pool-0', 4, 1)]),
    });
    await until(
      't2 refused',
      () => getTenant('tenant-ns', 't2'),
      (x) => x.status?.currentState === 'Another MinIO Tenant already exists in the namespace',
    );
    await custom.deleteNamespacedCustomObject({ ...TENANT, namespace: 'tenant-ns', name: 't2' });
    await custom.createNamespacedCustomObject({
      ...TENANT,
      namespace: 'bad-ns',
      body: body('t3', [pool('pool-0', 3, 1)]),
    });
    await until(
      't3 refused',
      () => getTenant('bad-ns', 't3'),
      (x) => x.status?.currentState === 'pool #0 with 2 or 3 servers must have at least 4 volumes in total',
    );
    await custom.createNamespacedCustomObject({
      ...TENANT,
      namespace: 'default',
      body: body('t4', [pool('pool-0', 4, 1)]),
    });
    await until(
      't4 without credentials',
      () => getTenant('default', 't4'),
      (x) => x.status?.currentState === 'Tenant credentials are not set properly',
    );
  });

  it('adds a pool (a second engine) and brings a deleted pod back', async () => {
    const t = await getTenant('tenant-ns', 't1');
    await custom.patchNamespacedCustomObject(
      {
        ...TENANT,
        namespace: 'tenant-ns',
        name: 't1',
        body: {
          metadata: { resourceVersion: t.metadata.resourceVersion },
          spec: { pools: [...t.spec.pools, pool('pool-1', 4, 1)] },
        },
      },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    const grown = await until(
      'pool-1 initialized',
      () => getTenant('tenant-ns', 't1'),
      (x) =>
        x.status?.currentState === 'Initialized' &&
        x.status.pools?.length === 2 &&
        x.status.pools.every((p) => p.state === 'PoolInitialized'),
    );
    expect(grown.status?.availableReplicas).toBe(8);
    const sts = await until(
      'pool-1 endpoint',
      () => core.listNamespacedPod({ namespace: 'tenant-ns', labelSelector: 'v1.min.io/pool=pool-1' }),
      (l) => l.items.length === 4 && l.items.every((p) => p.status?.phase === 'Running'),
    );
    expect(sts.items[0]?.metadata?.name).toBe('t1-pool-1-0');

    const before = await core.readNamespacedPod({ namespace: 'tenant-ns', name: 't1-pool-0-1' });
    await core.deleteCollectionNamespacedPod({
      namespace: 'tenant-ns',
      labelSelector: 'v1.min.io/tenant=t1',
      fieldSelector: 'metadata.name=t1-pool-0-1',
    });
    const after = await until(
      'the pod back and running',
      () => core.listNamespacedPod({ namespace: 'tenant-ns', fieldSelector: 'metadata.name=t1-pool-0-1' }),
      (l) => l.items[0]?.status?.phase === 'Running' && l.items[0].metadata?.uid !== before.metadata?.uid,
    );
    expect(after.items).toHaveLength(1);
  });

  it('stops the engines and removes the operator objects when the tenant is deleted; PVCs stay until deleted', async () => {
    await custom.deleteNamespacedCustomObject({ ...TENANT, namespace: 'tenant-ns', name: 't1' });
    await until(
      'pods gone',
      () => core.listNamespacedPod({ namespace: 'tenant-ns' }),
      (l) => l.items.length === 0,
    );
    await until(
      'engine stopped',
      () =>
        fetch(`${endpoint}/minio/health/live`).then(
          () => false,
          () => true,
        ),
      (down) => down,
    );
    expect((await core.listNamespacedService({ namespace: 'tenant-ns' })).items).toHaveLength(0);
    expect((await core.listNamespacedPersistentVolumeClaim({ namespace: 'tenant-ns' })).items).toHaveLength(
      8,
    );
    const data = path.join(dir, 'tenants', 'tenant-ns', 't1');
    expect(existsSync(data)).toBe(true);
    await core.deleteCollectionNamespacedPersistentVolumeClaim({
      namespace: 'tenant-ns',
      labelSelector: 'v1.min.io/tenant=t1',
    });
    await until(
      'engine data removed',
      async () => existsSync(data),
      (present) => !present,
    );
  });
});

describe('direct-csi drives', () => {
  it('formats a drive the way the console asks (PUT of the whole drive) and refuses unavailable ones', async () => {
    type Drive = {
      metadata: { name: string };
      spec: Record<string, unknown>;
      status: { driveStatus: string; filesystem: string; nodeName: string; mountpoint: string };
    };
    const list = (await custom.listClusterCustomObject(DRIVES)) as { items: Drive[] };
    const fresh = list.items.find((d) => d.status.driveStatus === 'Available' && d.status.filesystem === '');
    const broken = list.items.find((d) => d.status.driveStatus === 'Unavailable');
    expect(fresh).toBeDefined();
    expect(broken).toBeDefined();
    await custom.replaceClusterCustomObject({
      ...DRIVES,
      name: fresh!.metadata.name,
      body: {
        ...fresh,
        spec: { ...fresh!.spec, directCSIOwned: true, requestedFormat: { filesystem: 'xfs', force: false } },
      },
    });
    const done = await until(
      'drive formatted',
      () => custom.getClusterCustomObject({ ...DRIVES, name: fresh!.metadata.name }) as Promise<Drive>,
      (d) => d.status.driveStatus === 'Ready',
    );
    expect(done.status).toMatchObject({
      filesystem: 'xfs',
      mountpoint: `/var/lib/direct-csi/mnt/${fresh!.metadata.name}`,
    });
    expect(done.spec.requestedFormat).toBeUndefined();
    await expect(
      custom.replaceClusterCustomObject({
        ...DRIVES,
        name: broken!.metadata.name,
        body: {
          ...broken,
          spec: { directCSIOwned: true, requestedFormat: { filesystem: 'xfs', force: true } },
        },
      }),
    ).rejects.toMatchObject({ code: 403 });
  });
});
