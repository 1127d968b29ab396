/**
 * kubectl as a second client of the simulated API server: discovery (`api-resources`,
 * `version`), apply/get/label/patch/replace/delete on core objects and Tenants, server-side
 * validation errors, conflicts, selectors, the Table form with the tenant State column, and a 401
 * for a foreign token. kubectl comes from Debian (`kubernetes-client`, need `kubectl` in
 * scripts/system-deps.mjs); without it the file is skipped with the install command.
 */
import { execFile as execFileCb } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSystemDeps } from '../../engine/test/helpers/system-deps.js';
import { startClusterSim, type ClusterSim } from '../src/index.js';

const execFile = promisify(execFileCb);
const deps = await loadSystemDeps();
const { missing } = await deps.detectSystemDeps({ needs: ['kubectl'] });
if (missing.length > 0) {
  console.warn(`kubectl tests skipped: kubectl is missing; install it with: ${deps.installCommand(missing)}`);
}

let sim: ClusterSim;
let dir: string;

/** Runs kubectl against the simulator; resolves with stdout, rejects with stderr in the message. */
async function kubectl(...args: string[]): Promise<string> {
  try {
    const { stdout } = await execFile('kubectl', ['--kubeconfig', sim.kubeconfigPath, ...args], {
      timeout: 60_000,
    });
    return stdout;
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(e.stderr ?? e.message);
  }
}

async function apply(doc: object, ...extra: string[]): Promise<string> {
  const file = path.join(dir, `doc-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, JSON.stringify(doc));
  return kubectl('apply', '-f', file, ...extra);
}

const tenantDoc = (name: string, servers: unknown): object => ({
  apiVersion: 'minio.min.io/v2',
  kind: 'Tenant',
  metadata: { name, namespace: 'kns' },
  spec: {
    pools: [
      {
        name: 'pool-0',
        servers,
        volumesPerServer: 1,
        volumeClaimTemplate: {
          metadata: { name: 'data' },
          spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
        },
      },
    ],
  },
});

describe.skipIf(missing.length > 0)('kubectl against the simulator', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'coffer-sim-kubectl-'));
    sim = await startClusterSim({ dataDir: dir, stepMs: 10, demo: true, demoTenant: true });
  });

  afterAll(async () => {
    await sim?.stop();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it('discovers the served resources and the server version', async () => {
    const resources = await kubectl('api-resources', '-o', 'name');
    expect(resources.split('\n')).toEqual(
      expect.arrayContaining([
        'pods',
        'persistentvolumeclaims',
        'tenants.minio.min.io',
        'directcsidrives.direct.csi.min.io',
        'storageclasses.storage.k8s.io',
      ]),
    );
    const version = JSON.parse(await kubectl('version', '-o', 'json')) as {
      serverVersion: { gitVersion: string };
    };
    expect(version.serverVersion.gitVersion).toContain('coffer-sim');
    expect(await kubectl('auth', 'whoami', '-o', 'jsonpath={.status.userInfo.username}')).toBe(
      'system:serviceaccount:minio-operator:console-sa',
    );
  });

  it('applies, labels, patches and selects core objects; a stale replace is a conflict', async () => {
    expect(await apply({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'kns' } })).toContain(
      'namespace/kns created',
    );
    await apply({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'c1', namespace: 'kns', labels: { app: 'x' } },
      data: { a: '1' },
    });
    await apply({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'c2', namespace: 'kns' },
      data: { a: '2' },
    });
    await kubectl('label', 'configmap', 'c2', '-n', 'kns', 'app=y');
    expect(await kubectl('get', 'cm', '-n', 'kns', '-l', 'app in (x,y)', '-o', 'name')).toBe(
      'configmap/c1\nconfigmap/c2\n',
    );
    expect(
      await kubectl(
        'get',
        'cm',
        '-n',
        'kns',
        '--field-selector',
        'metadata.name=c2',
        '-o',
        'jsonpath={.items[*].metadata.labels.app}',
      ),
    ).toBe('y');
    await kubectl(
      'patch',
      'cm',
      'c1',
      '-n',
      'kns',
      '--type=json',
      '-p',
      '[{"op":"replace","path":"/data/a","value":"9"}]',
    );
    await kubectl('patch', 'cm', 'c1', '-n', 'kns', '--type=merge', '-p', '{"data":{"b":"2"}}');
    const c1 = JSON.parse(await kubectl('get', 'cm', 'c1', '-n', 'kns', '-o', 'json')) as {
      data: Record<string, string>;
      metadata: { resourceVersion: string };
    };
    expect(c1.data).toEqual({ a: '9', b: '2' });
    await kubectl('patch', 'cm', 'c1', '-n', 'kns', '--type=merge', '-p', '{"data":{"c":"3"}}');
    const stale = path.join(dir, 'stale.json');
    await writeFile(stale, JSON.stringify({ ...c1, apiVersion: 'v1', kind: 'ConfigMap' }));
    await expect(kubectl('replace', '-f', stale)).rejects.toThrow(/the object has been modified/);
    await kubectl('delete', 'cm', 'c2', '-n', 'kns');
    await expect(kubectl('get', 'cm', 'c2', '-n', 'kns')).rejects.toThrow(
      /NotFound.*configmaps "c2" not found/,
    );
  });

  it('validates Tenants on the server and prints the operator state column', async () => {
    await expect(apply(tenantDoc('broken', 'four'))).rejects.toThrow(
      /spec\.pools\[0\]\.servers in body must be of type integer/,
    );
    expect(await apply(tenantDoc('t1', 4))).toContain('tenant.minio.min.io/t1 created');
    const state = async (): Promise<string> =>
      kubectl('get', 'tenant', 't1', '-n', 'kns', '-o', 'jsonpath={.status.currentState}');
    const deadline = Date.now() + 30_000;
    while ((await state()) !== 'Tenant credentials are not set properly' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    expect(await state()).toBe('Tenant credentials are not set properly');
    const table = await kubectl('get', 'tenants', '-A');
    expect(table).toMatch(/NAMESPACE\s+NAME\s+STATE\s+HEALTH\s+AGE/);
    expect(table).toMatch(/kns\s+t1\s+Tenant credentials are not set properly/);
    await kubectl(
      'patch',
      'tenant',
      't1',
      '-n',
      'kns',
      '--type=merge',
      '-p',
      '{"spec":{"image":"minio/minio:edge"}}',
    );
    await expect(
      kubectl('patch', 'tenant', 't1', '-n', 'kns', '--type=strategic', '-p', '{"spec":{}}'),
    ).rejects.toThrow(/UnsupportedMediaType|unknown format|not supported/i);
    expect(await kubectl('delete', 'tenant', 't1', '-n', 'kns')).toContain('deleted');
  });

  it('shows the demo cluster: nodes, drives, and the demo tenant running on its engine with its log', async () => {
    expect(await kubectl('get', 'nodes', '-o', 'name')).toBe(
      ['node/coffer-node-1', 'node/coffer-node-2', 'node/coffer-node-3', 'node/coffer-node-4', ''].join('\n'),
    );
    expect((await kubectl('get', 'directcsidrives', '-o', 'name')).trim().split('\n')).toHaveLength(12);
    const health = (): Promise<string> =>
      kubectl(
        'get',
        'tenant',
        'demo',
        '-n',
        'tenant-demo',
        '-o',
        'jsonpath={.status.currentState}/{.status.healthStatus}',
      );
    const deadline = Date.now() + 45_000;
    while ((await health()) !== 'Initialized/green' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(await health()).toBe('Initialized/green');
    const log = await kubectl('logs', 'demo-pool-0-3', '-n', 'tenant-demo');
    expect(log).toContain('Coffer engine running');
    expect(log).toMatch(/Secret key:\s+\*{8}\n/);
  });

  it('refuses a token the simulator did not issue', async () => {
    await expect(kubectl('--token', 'not-a-jwt', 'get', 'namespaces')).rejects.toThrow(/Unauthorized/);
  });
});
