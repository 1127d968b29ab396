/**
 * Tenant calls besides creation (spec 3 §7 "Tenants"), each the Kubernetes calls the 2021 console
 * made (reference operator-mode.md §2.1): Tenant resources through the custom-objects API, their
 * pods, events, secrets and services through core/v1. Writes to a Tenant carry the
 * resourceVersion read just before, so a concurrent change answers 409 instead of being lost.
 */
import { createAdminClient } from '@coffer/admin-client';
import { dumpYaml, loadYaml, type V1Service } from '@kubernetes/client-node';
import type {
  Pool,
  TenantDetail,
  TenantListItem,
  TenantSecurity,
  UpdateTenantRequest,
  UpdateTenantSecurityRequest,
} from '@coffer/contract';
import { ConsoleError, invalidRequest } from '../errors.js';
import { isK8sStatus, k8s, k8sError, retryOnConflict } from './k8s-errors.js';
import { mergePatch, TENANTS, type K8sApis } from './k8s-client.js';
import { checkCertificate, checkKeyPair, describeCertificate, type CertificateInfo } from './tenant-certs.js';
import { formatConfigEnv, parseConfigEnv } from './tenant-config.js';
import { randomSuffix } from './tenant-create.js';
import { poolSpecOf, tenantDetail, tenantListItem } from './tenant-presenter.js';
import { DEFAULT_MINIO_IMAGE, TENANT_LABEL, type Tenant, type TenantList } from './tenant-resource.js';

/** The simulator's annotation on a tenant service: the loopback URL of the engine behind it. */
export const SIM_ENDPOINT_ANNOTATION = 'cluster-sim.coffer.dev/endpoint';

const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
const fromB64 = (text: string | undefined): string => Buffer.from(text ?? '', 'base64').toString('utf8');

export async function listTenants(apis: K8sApis, namespace?: string): Promise<TenantListItem[]> {
  const list = (await k8s('List tenants', () =>
    namespace === undefined
      ? apis.custom.listClusterCustomObject({ ...TENANTS })
      : apis.custom.listNamespacedCustomObject({ ...TENANTS, namespace }),
  )) as TenantList;
  return list.items.map(tenantListItem);
}

export async function readTenant(apis: K8sApis, namespace: string, name: string): Promise<Tenant> {
  return (await k8s(`Tenant ${namespace}/${name}`, () =>
    apis.custom.getNamespacedCustomObject({ ...TENANTS, namespace, name }),
  )) as Tenant;
}

/** The tenant's configuration (`config.env` of spec.configuration, plus spec.env). */
export async function tenantConfig(apis: K8sApis, tenant: Tenant): Promise<Map<string, string>> {
  const config = new Map<string, string>();
  for (const e of tenant.spec.env ?? []) if (e.value !== undefined) config.set(e.name, e.value);
  const secretName = tenant.spec.configuration?.name;
  if (secretName === undefined) return config;
  try {
    const secret = await apis.core.readNamespacedSecret({
      name: secretName,
      namespace: tenant.metadata.namespace,
    });
    for (const [k, v] of parseConfigEnv(fromB64(secret.data?.['config.env']))) config.set(k, v);
  } catch (err) {
    if (!isK8sStatus(err, 404)) throw k8sError(err, 'Tenant configuration');
  }
  return config;
}

async function readService(apis: K8sApis, namespace: string, name: string): Promise<V1Service | undefined> {
  try {
    return await apis.core.readNamespacedService({ name, namespace });
  } catch (err) {
    if (isK8sStatus(err, 404)) return undefined;
    throw k8sError(err, `Service ${name}`);
  }
}

/** Where a LoadBalancer service is reached from outside (`ip|hostname[:port]`), if it is. */
function externalAddress(svc: V1Service | undefined): string | undefined {
  const ingress = svc?.status?.loadBalancer?.ingress?.[0];
  const host = ingress?.ip ?? ingress?.hostname;
  if (host === undefined) return undefined;
  const port = ingress?.ports?.[0]?.port ?? svc?.spec?.ports?.[0]?.port;
  return port === undefined ? host : `${host}:${port}`;
}

function tlsOn(t: Tenant): boolean {
  return t.spec.requestAutoCert !== false || (t.spec.externalCertSecret?.length ?? 0) > 0;
}

/**
 * The URL the console reaches the tenant's storage server at: the simulator's engine URL when it
 * names one, else the external address of the `minio` service, else its in-cluster DNS name
 * (reachable when the console runs in the cluster).
 */
export async function tenantServiceUrl(apis: K8sApis, t: Tenant, clusterDomain: string): Promise<string> {
  const svc = await readService(apis, t.metadata.namespace, 'minio');
  const sim = svc?.metadata?.annotations?.[SIM_ENDPOINT_ANNOTATION];
  if (sim) return sim;
  const scheme = tlsOn(t) ? 'https' : 'http';
  const external = externalAddress(svc);
  if (external !== undefined) return `${scheme}://${external}`;
  return `${scheme}://minio.${t.metadata.namespace}.svc.${clusterDomain}`;
}

export async function getTenantDetail(
  apis: K8sApis,
  namespace: string,
  name: string,
  license: (token: string) => Promise<TenantDetail['subnet_license']>,
): Promise<TenantDetail> {
  const t = await readTenant(apis, namespace, name);
  const config = await tenantConfig(apis, t);
  const scheme = tlsOn(t) ? 'https' : 'http';
  const [minio, console] = await Promise.all([
    readService(apis, namespace, 'minio'),
    readService(apis, namespace, `${name}-console`),
  ]);
  const minioAt = minio?.metadata?.annotations?.[SIM_ENDPOINT_ANNOTATION] ?? externalAddress(minio);
  const consoleAt = console?.metadata?.annotations?.[SIM_ENDPOINT_ANNOTATION] ?? externalAddress(console);
  const url = (at: string | undefined) =>
    at === undefined ? undefined : at.includes('://') ? at : `${scheme}://${at}`;
  const token = config.get('MINIO_SUBNET_LICENSE');
  const subnetLicense = token ? await license(token) : undefined;
  return tenantDetail(t, {
    config,
    endpoints: {
      ...(minioAt ? { minio: url(minioAt) } : {}),
      ...(consoleAt ? { console: url(consoleAt) } : {}),
    },
    ...(subnetLicense ? { subnetLicense } : {}),
  });
}

const PROMETHEUS = {
  'prometheus.io/path': '/minio/v2/metrics/cluster',
  'prometheus.io/port': '9000',
  'prometheus.io/scrape': 'true',
} as const;

/** Update MinIO Version: image, registry secret, Prometheus annotations; one merge patch. */
export async function updateTenant(
  apis: K8sApis,
  namespace: string,
  name: string,
  req: UpdateTenantRequest,
  defaultImage = DEFAULT_MINIO_IMAGE,
): Promise<void> {
  const t = await readTenant(apis, namespace, name);
  let imagePullSecret = t.spec.imagePullSecret;
  if (req.image_registry) {
    const { registry, username, password } = req.image_registry;
    const auth = Buffer.from(`${username}:${password}`).toString('base64');
    const secretName = `${name}-regcred`;
    const body = {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: secretName, namespace, labels: { [TENANT_LABEL]: name } },
      type: 'kubernetes.io/dockerconfigjson',
      data: {
        '.dockerconfigjson': b64(JSON.stringify({ auths: { [registry]: { username, password, auth } } })),
      },
    };
    try {
      await apis.core.replaceNamespacedSecret({ name: secretName, namespace, body });
    } catch (err) {
      if (!isK8sStatus(err, 404)) throw k8sError(err, 'Registry credentials');
      await k8s('Registry credentials', () => apis.core.createNamespacedSecret({ namespace, body }));
    }
    imagePullSecret = { name: secretName };
  }
  const annotations = Object.fromEntries(
    Object.entries(PROMETHEUS).map(([k, v]) => [k, req.enable_prometheus ? v : null]),
  );
  let current = t;
  await retryOnConflict(async () => {
    const patch = {
      metadata: { resourceVersion: current.metadata.resourceVersion, annotations },
      spec: { image: req.image || defaultImage, ...(imagePullSecret ? { imagePullSecret } : {}) },
    };
    try {
      await k8s('Update tenant', () =>
        apis.custom.patchNamespacedCustomObject({ ...TENANTS, namespace, name, body: patch }, mergePatch()),
      );
    } catch (err) {
      current = await readTenant(apis, namespace, name);
      throw err;
    }
  });
}

/** Delete a tenant; with `deletePvcs` also its volume claims and every secret labelled with it. */
export async function deleteTenant(
  apis: K8sApis,
  namespace: string,
  name: string,
  deletePvcs: boolean,
): Promise<void> {
  await k8s('Delete tenant', () => apis.custom.deleteNamespacedCustomObject({ ...TENANTS, namespace, name }));
  if (!deletePvcs) return;
  for (const labelSelector of [
    `${TENANT_LABEL}=${name}`,
    `v1.min.io/log-pg=${name}-log`,
    `v1.min.io/prometheus=${name}-prometheus`,
  ]) {
    await k8s('Delete volumes', () =>
      apis.core.deleteCollectionNamespacedPersistentVolumeClaim({ namespace, labelSelector }),
    );
  }
  await k8s('Delete secrets', () =>
    apis.core.deleteCollectionNamespacedSecret({ namespace, labelSelector: `${TENANT_LABEL}=${name}` }),
  );
}

export async function getTenantYaml(apis: K8sApis, namespace: string, name: string): Promise<string> {
  const t = await readTenant(apis, namespace, name);
  delete t.metadata.managedFields;
  return dumpYaml(t);
}

/** Save YAML: its labels, annotations, finalizers and spec onto the live object, one PUT. */
export async function updateTenantYaml(
  apis: K8sApis,
  namespace: string,
  name: string,
  yaml: string,
): Promise<void> {
  let doc: unknown;
  try {
    doc = loadYaml(yaml);
  } catch (err) {
    throw invalidRequest('The YAML cannot be read', err instanceof Error ? err.message : String(err));
  }
  if (typeof doc !== 'object' || doc === null || typeof (doc as { spec?: unknown }).spec !== 'object') {
    throw invalidRequest('The YAML is not a Tenant', 'it needs a spec object');
  }
  const given = doc as Partial<Tenant>;
  const meta: Partial<Tenant['metadata']> = given.metadata ?? {};
  const put = async () => {
    const live = await readTenant(apis, namespace, name);
    const next: Tenant = {
      ...live,
      metadata: {
        ...live.metadata,
        labels: meta.labels ?? {},
        annotations: meta.annotations ?? {},
        finalizers: meta.finalizers ?? [],
      },
      spec: given.spec as Tenant['spec'],
    };
    await apis.custom.replaceNamespacedCustomObject({ ...TENANTS, namespace, name, body: next });
  };
  try {
    // Only the operator's status writes race with this one: the YAML's fields win.
    await retryOnConflict(put);
  } catch (err) {
    // The 2021 console answered every API refusal of the YAML as a bad request (shown in red).
    const e = k8sError(err, 'Save YAML');
    if (e.code === 'not_authenticated' || e.code === 'kubernetes_unreachable') throw e;
    throw new ConsoleError('invalid_request', e.detailedMessage || e.message, e.detailedMessage);
  }
}

/** Expand Tenant: append a pool; one merge patch of the whole pool list. */
export async function addPool(apis: K8sApis, namespace: string, name: string, pool: Pool): Promise<void> {
  await retryOnConflict(() => addPoolOnce(apis, namespace, name, pool));
}

async function addPoolOnce(apis: K8sApis, namespace: string, name: string, pool: Pool): Promise<void> {
  const t = await readTenant(apis, namespace, name);
  const pools = t.spec.pools ?? [];
  if (pools.some((p, i) => (p.name ?? `pool-${i}`) === pool.name)) {
    throw new ConsoleError('conflict', `The tenant already has a pool named ${pool.name}`);
  }
  const patch = {
    metadata: { resourceVersion: t.metadata.resourceVersion },
    spec: { pools: [...pools, poolSpecOf(pool)] },
  };
  await k8s('Add pool', () =>
    apis.custom.patchNamespacedCustomObject({ ...TENANTS, namespace, name, body: patch }, mergePatch()),
  );
}

/** Used space, asked of the tenant's own storage server with its root keys (admin StorageInfo). */
export async function tenantUsage(
  apis: K8sApis,
  namespace: string,
  name: string,
  clusterDomain: string,
): Promise<{ disk_used: number; capacity: number }> {
  const t = await readTenant(apis, namespace, name);
  const config = await tenantConfig(apis, t);
  const accessKey = config.get('MINIO_ROOT_USER') ?? config.get('MINIO_ACCESS_KEY');
  const secretKey = config.get('MINIO_ROOT_PASSWORD') ?? config.get('MINIO_SECRET_KEY');
  if (!accessKey || !secretKey) {
    throw new ConsoleError('not_found', 'The tenant has no root credentials in its configuration');
  }
  const endpoint = await tenantServiceUrl(apis, t, clusterDomain);
  const admin = createAdminClient({ endpoint, accessKey, secretKey, timeoutMs: 10_000 });
  try {
    const info = await admin.storageInfo();
    const disks = info.Disks ?? [];
    return {
      disk_used: disks.reduce((s, d) => s + (d.usedspace ?? 0), 0),
      capacity: disks.reduce((s, d) => s + (d.totalspace ?? 0), 0),
    };
  } catch (err) {
    throw new ConsoleError(
      'storage_unreachable',
      "The tenant's storage server did not answer",
      `${endpoint}: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

// --- Security (reference §2.3) ---

async function describeSecrets(
  apis: K8sApis,
  namespace: string,
  refs: readonly { name: string; type?: string }[],
  ca: boolean,
) {
  const out: CertificateInfo[] = [];
  for (const ref of refs) {
    let secret;
    try {
      secret = await apis.core.readNamespacedSecret({ name: ref.name, namespace });
    } catch (err) {
      if (isK8sStatus(err, 404)) continue;
      throw k8sError(err, `Secret ${ref.name}`);
    }
    const data = secret.data ?? {};
    const key = ca
      ? data['public.crt']
        ? 'public.crt'
        : 'ca.crt'
      : data['tls.crt']
        ? 'tls.crt'
        : 'public.crt';
    const info = describeCertificate(ref.name, fromB64(data[key]));
    if (info) out.push(info);
  }
  return out;
}

export async function getTenantSecurity(
  apis: K8sApis,
  namespace: string,
  name: string,
): Promise<TenantSecurity> {
  const t = await readTenant(apis, namespace, name);
  return {
    autoCert: t.spec.requestAutoCert !== false,
    customCertificates: {
      minio: await describeSecrets(apis, namespace, t.spec.externalCertSecret ?? [], false),
      minioCAs: await describeSecrets(apis, namespace, t.spec.externalCaCertSecret ?? [], true),
      // MinIO serves its console with the same certificates since operator v4.2.
      console: [],
      consoleCAs: [],
    },
  };
}

/** Save and Restart: new secrets first, then the Tenant (PUT), then the removed secrets go. */
export async function updateTenantSecurity(
  apis: K8sApis,
  namespace: string,
  name: string,
  req: UpdateTenantSecurityRequest,
  log: (err: unknown, secret: string) => void,
): Promise<void> {
  const c = req.customCertificates;
  const pairs = [...c.minio, ...c.console].map((p, i) => checkKeyPair(p, `Certificate ${i + 1}`));
  const cas = [...c.minioCAs, ...c.consoleCAs].map((p, i) => checkCertificate(p, `CA certificate ${i + 1}`));
  const t = await readTenant(apis, namespace, name);
  const removed = new Set(c.secretsToBeDeleted);
  const suffix = randomSuffix();
  const labels = { [TENANT_LABEL]: name };
  const certs = (t.spec.externalCertSecret ?? []).filter((s) => !removed.has(s.name));
  const caRefs = (t.spec.externalCaCertSecret ?? []).filter((s) => !removed.has(s.name));
  for (const [i, pair] of pairs.entries()) {
    const secretName = `${name}-${suffix}-external-certificates-${i}`;
    await k8s('Save certificates', () =>
      apis.core.createNamespacedSecret({
        namespace,
        body: {
          metadata: { name: secretName, labels },
          type: 'kubernetes.io/tls',
          immutable: true,
          data: { 'tls.crt': b64(pair.crt), 'tls.key': b64(pair.key) },
        },
      }),
    );
    certs.push({ name: secretName, type: 'kubernetes.io/tls' });
  }
  for (const [i, pem] of cas.entries()) {
    const secretName = `${name}-${suffix}-ca-certificate-${i}`;
    await k8s('Save certificates', () =>
      apis.core.createNamespacedSecret({
        namespace,
        body: { metadata: { name: secretName, labels }, type: 'Opaque', data: { 'public.crt': b64(pem) } },
      }),
    );
    caRefs.push({ name: secretName, type: 'Opaque' });
  }
  const next: Tenant = {
    ...t,
    spec: {
      ...t.spec,
      requestAutoCert: req.autoCert,
      externalCertSecret: certs,
      externalCaCertSecret: caRefs,
    },
  };
  await k8s('Save security', () =>
    apis.custom.replaceNamespacedCustomObject({ ...TENANTS, namespace, name, body: next }),
  );
  for (const secretName of removed) {
    await apis.core
      .deleteNamespacedSecret({ name: secretName, namespace })
      .catch((err: unknown) => log(err, secretName));
  }
}

/** Attach a license: MINIO_SUBNET_LICENSE in the tenant's configuration secret (no restart). */
export async function attachLicense(
  apis: K8sApis,
  namespace: string,
  name: string,
  license: string,
): Promise<void> {
  const t = await readTenant(apis, namespace, name);
  const secretName = t.spec.configuration?.name;
  if (secretName === undefined) {
    // No configuration secret: the license goes into spec.env (the operator restarts the pods).
    const env = (t.spec.env ?? []).filter((e) => e.name !== 'MINIO_SUBNET_LICENSE');
    env.push({ name: 'MINIO_SUBNET_LICENSE', value: license });
    await k8s('Attach license', () =>
      apis.custom.replaceNamespacedCustomObject({
        ...TENANTS,
        namespace,
        name,
        body: { ...t, spec: { ...t.spec, env } },
      }),
    );
    return;
  }
  const secret = await k8s('Tenant configuration', () =>
    apis.core.readNamespacedSecret({ name: secretName, namespace }),
  );
  const config = parseConfigEnv(fromB64(secret.data?.['config.env']));
  config.set('MINIO_SUBNET_LICENSE', license);
  await k8s('Attach license', () =>
    apis.core.replaceNamespacedSecret({
      name: secretName,
      namespace,
      body: { ...secret, data: { ...secret.data, 'config.env': b64(formatConfigEnv(config)) } },
    }),
  );
}
