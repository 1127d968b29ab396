/**
 * The demo cluster's existing tenant, made as the 2021 console makes one (reference §2.2): the
 * empty immutable creds secret, the `config.env` secret with generated root credentials and
 * EC:2, one console user, then the Tenant (one pool of 4 servers × 2 volumes of 10 GiB). The
 * operator turns it into pods backed by a real engine like any other tenant.
 */
import { randomBytes } from 'node:crypto';
import { resourceOfKind } from './api/resources.js';
import type { KubeObject, ObjectStore } from './api/store.js';

export const DEMO_TENANT = { namespace: 'tenant-demo', name: 'demo' };

const secret = (name: string, data: Record<string, string>, immutable: boolean): KubeObject => ({
  metadata: { name, namespace: DEMO_TENANT.namespace, labels: { 'v1.min.io/tenant': DEMO_TENANT.name } },
  type: 'Opaque',
  immutable,
  data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v).toString('base64')])),
});

/** A pool as the 2021 console writes it: volume claim template `data`, ReadWriteOnce, a storage class. */
export function tenantPool(
  name: string,
  servers: number,
  volumesPerServer: number,
  storage: string,
  storageClassName = 'standard',
): Record<string, unknown> {
  return {
    name,
    servers,
    volumesPerServer,
    volumeClaimTemplate: {
      metadata: { name: 'data' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage } }, storageClassName },
    },
  };
}

export function seedDemoTenant(store: ObjectStore): void {
  const { namespace, name } = DEMO_TENANT;
  store.insert(resourceOfKind('Namespace'), {
    metadata: { name: namespace, labels: { 'kubernetes.io/metadata.name': namespace } },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  });
  const user = randomBytes(8).toString('hex');
  const password = randomBytes(16).toString('hex');
  const put = (obj: KubeObject): KubeObject => store.insert(resourceOfKind('Secret'), obj);
  put(secret(`${name}-secret`, { accesskey: '', secretkey: '' }, true));
  const env = {
    MINIO_BROWSER: 'on',
    MINIO_ROOT_USER: user,
    MINIO_ROOT_PASSWORD: password,
    MINIO_STORAGE_CLASS_STANDARD: 'EC:2',
  };
  const configEnv = Object.entries(env)
    .map(([k, v]) => `export ${k}="${v}"`)
    .join('\n');
  put(secret(`${name}-env-configuration`, { 'config.env': configEnv }, false));
  put(
    secret(
      `${name}-user-0`,
      {
        CONSOLE_ACCESS_KEY: randomBytes(8).toString('hex'),
        CONSOLE_SECRET_KEY: randomBytes(16).toString('hex'),
      },
      true,
    ),
  );
  store.insert(resourceOfKind('Tenant'), {
    metadata: { name, namespace, labels: { app: 'minio' } },
    scheduler: { name: '' },
    spec: {
      image: 'minio/minio:RELEASE.2021-10-06T23-36-31Z',
      mountPath: '/export',
      credsSecret: { name: `${name}-secret` },
      configuration: { name: `${name}-env-configuration` },
      users: [{ name: `${name}-user-0` }],
      requestAutoCert: false,
      exposeServices: { minio: true, console: true },
      pools: [tenantPool('pool-0', 4, 2, '10Gi')],
    },
  } as KubeObject);
}
