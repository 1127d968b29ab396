/**
 * Creating a tenant (spec 3 §7 POST /tenants) the way the 2021 console did, in its order
 * (reference operator-mode.md §2.2):
 *
 *  1. root keys (given, or 16/32 random characters);
 *  2. the creds secret `<t>-secret` (immutable, empty keys: operator v4.2 requires credsSecret);
 *  3. the configuration in memory (MINIO_BROWSER, root keys, MINIO_STORAGE_CLASS_STANDARD);
 *  4. identity provider: LDAP/OIDC settings, one immutable secret `<t>-user-<i>` per console user;
 *  5. TLS: `<t>-secret-instance-external-certificates-<i>` (kubernetes.io/tls), CA `ca-certificate-<i>`;
 *  6. encryption (TLS only): `<t>-secret-kes-configuration` and KES certificates;
 *  7. the console's license, when it holds one (MINIO_SUBNET_LICENSE);
 *  8./9. the configuration secret `<t>-env-configuration` (replaced if one is left over);
 * 10. the Tenant resource.
 *
 * Unlike the 2021 console, a failure removes only the secrets this call created (its deferred
 * clean-up deleted every secret labelled with the tenant's name, which could hit another
 * attempt's). The answer carries the console users' keys (the wizard's dialog).
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { CoreV1Api, V1Secret } from '@kubernetes/client-node';
import type { CreateTenantRequest, CreateTenantResponse } from '@coffer/contract';
import { ConsoleError, invalidRequest } from '../errors.js';
import { isK8sStatus, k8s } from './k8s-errors.js';
import { TENANTS, type K8sApis } from './k8s-client.js';
import { checkCertificate, checkKeyPair } from './tenant-certs.js';
import { formatConfigEnv } from './tenant-config.js';
import { kesServerConfig } from './tenant-kes.js';
import { poolSpecOf } from './tenant-presenter.js';
import {
  DEFAULT_KES_IMAGE,
  DEFAULT_MINIO_IMAGE,
  TENANT_LABEL,
  type Tenant,
  type TenantList,
} from './tenant-resource.js';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random keys as the wizard makes them (spec 3 §9: access key 16, secret key 32). */
export function randomKey(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return out;
}

const b64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');

export interface CreateTenantOptions {
  /** The license to attach (MINIO_SUBNET_LICENSE), if the console holds one. */
  license?: string;
  /** Image when the request names none. */
  defaultImage?: string;
}

export async function createTenant(
  apis: K8sApis,
  req: CreateTenantRequest,
  options: CreateTenantOptions = {},
): Promise<CreateTenantResponse> {
  const { name, namespace } = req;
  if (req.erasureCodingParity !== 0 && (req.erasureCodingParity < 2 || req.erasureCodingParity > 8)) {
    throw invalidRequest('invalid Erasure Coding Value');
  }
  // Validate every upload before the first object is written.
  const minioPairs = [...(req.tls?.minio ?? []), ...(req.tls?.console ? [req.tls.console] : [])]
    .filter((p) => p.crt !== '' && p.key !== '')
    .map((p, i) => checkKeyPair(p, `TLS certificate ${i + 1}`));
  const caCerts = [...(req.tls?.ca_certificates ?? []), ...(req.tls?.console_ca_certificates ?? [])]
    .filter((c) => c !== '')
    .map((c, i) => checkCertificate(c, `CA certificate ${i + 1}`));
  const kesServer = req.encryption?.server?.crt
    ? checkKeyPair(req.encryption.server, 'KES server certificate')
    : undefined;
  const kesClient = req.encryption?.client?.crt
    ? checkKeyPair(req.encryption.client, 'KES client certificate')
    : undefined;
  if (req.encryption && !req.enable_tls && minioPairs.length === 0) {
    throw invalidRequest(
      'Encryption needs TLS',
      'Switch TLS on (automatic or custom certificates) to enable encryption.',
    );
  }

  // One tenant per namespace (the operator refuses a second one only in its status).
  const existing = (await k8s('Create tenant', () =>
    apis.custom.listNamespacedCustomObject({ ...TENANTS, namespace }),
  )) as TenantList;
  if (existing.items.length > 0) {
    throw new ConsoleError(
      'conflict',
      'You can only create one tenant per namespace',
      `namespace ${namespace} holds ${existing.items[0]?.metadata.name ?? 'a tenant'}`,
    );
  }

  const created: string[] = [];
  const labels = { [TENANT_LABEL]: name };
  const createSecret = async (secret: V1Secret): Promise<void> => {
    const secretName = secret.metadata?.name ?? '';
    await k8s(`Create secret ${secretName}`, () =>
      apis.core.createNamespacedSecret({
        namespace,
        body: { apiVersion: 'v1', kind: 'Secret', ...secret, metadata: { ...secret.metadata, labels } },
      }),
    );
    created.push(secretName);
  };

  try {
    // 1.
    const accessKey = req.access_key || randomKey(16);
    const secretKey = req.secret_key || randomKey(32);
    // 2.
    await createSecret({
      metadata: { name: `${name}-secret` },
      type: 'Opaque',
      immutable: true,
      data: { accesskey: '', secretkey: '' },
    });
    // 3.
    const config = new Map<string, string>([
      ['MINIO_BROWSER', req.enable_console ? 'on' : 'off'],
      ['MINIO_ROOT_USER', accessKey],
      ['MINIO_ROOT_PASSWORD', secretKey],
    ]);
    if (req.erasureCodingParity > 0)
      config.set('MINIO_STORAGE_CLASS_STANDARD', `EC:${req.erasureCodingParity}`);
    // 4.
    const users: { name: string }[] = [];
    const consoleKeys: CreateTenantResponse['console'] = [];
    const idp = req.idp;
    const ad = idp?.active_directory;
    const oidc = idp?.oidc;
    if (ad) {
      const set = (k: string, v: string | boolean | undefined) => {
        if (v !== undefined && v !== '')
          config.set(`MINIO_IDENTITY_LDAP_${k}`, typeof v === 'boolean' ? (v ? 'on' : 'off') : v);
      };
      set('SERVER_ADDR', ad.url);
      set('TLS_SKIP_VERIFY', ad.skip_tls_verification);
      set('SERVER_INSECURE', ad.server_insecure);
      set('SERVER_STARTTLS', ad.server_start_tls);
      set('USERNAME_FORMAT', ad.username_format);
      set('USERNAME_SEARCH_FILTER', ad.username_search_filter);
      set('LOOKUP_BIND_DN', ad.lookup_bind_dn);
      set('LOOKUP_BIND_PASSWORD', ad.lookup_bind_password);
      set('USER_DN_SEARCH_BASE_DN', ad.user_dn_search_base_dn);
      set('USER_DN_SEARCH_FILTER', ad.user_dn_search_filter);
      set('GROUP_NAME_ATTRIBUTE', ad.group_name_attribute);
      set('GROUP_SEARCH_BASE_DN', ad.group_search_base_dn);
      set('GROUP_SEARCH_FILTER', ad.group_search_filter);
      for (const [i, dn] of (ad.user_dns ?? []).entries()) {
        await createSecret({
          metadata: { name: `${name}-user-${i}` },
          immutable: true,
          data: { CONSOLE_ACCESS_KEY: b64(dn) },
        });
        users.push({ name: `${name}-user-${i}` });
      }
    } else if (oidc) {
      config.set('MINIO_IDENTITY_OPENID_CONFIG_URL', oidc.configuration_url);
      config.set('MINIO_IDENTITY_OPENID_CLIENT_ID', oidc.client_id);
      config.set('MINIO_IDENTITY_OPENID_CLIENT_SECRET', oidc.secret_id);
      config.set('MINIO_IDENTITY_OPENID_CLAIM_NAME', oidc.claim_name);
      if (oidc.callback_url) config.set('MINIO_IDENTITY_OPENID_REDIRECT_URI', oidc.callback_url);
      config.set('MINIO_IDENTITY_OPENID_SCOPES', oidc.scopes || 'openid,profile,email');
    } else {
      // Built-in users: the wizard's generated keys, or one pair made here.
      const keys = idp?.keys?.length ? idp.keys : [{ access_key: randomKey(16), secret_key: randomKey(32) }];
      for (const [i, k] of keys.entries()) {
        await createSecret({
          metadata: { name: `${name}-user-${i}` },
          immutable: true,
          data: { CONSOLE_ACCESS_KEY: b64(k.access_key), CONSOLE_SECRET_KEY: b64(k.secret_key) },
        });
        users.push({ name: `${name}-user-${i}` });
        consoleKeys.push({ access_key: k.access_key, secret_key: k.secret_key });
      }
    }
    // 5.
    const externalCertSecret: { name: string; type: string }[] = [];
    for (const [i, pair] of minioPairs.entries()) {
      const secretName = `${name}-secret-instance-external-certificates-${i}`;
      await createSecret({
        metadata: { name: secretName },
        type: 'kubernetes.io/tls',
        immutable: true,
        data: { 'tls.crt': b64(pair.crt), 'tls.key': b64(pair.key) },
      });
      externalCertSecret.push({ name: secretName, type: 'kubernetes.io/tls' });
    }
    const externalCaCertSecret: { name: string; type: string }[] = [];
    for (const [i, pem] of caCerts.entries()) {
      const secretName = `ca-certificate-${i}`;
      await createSecret({
        metadata: { name: secretName },
        type: 'Opaque',
        data: { 'public.crt': b64(pem) },
      });
      externalCaCertSecret.push({ name: secretName, type: 'Opaque' });
    }
    // 6.
    let kes: Record<string, unknown> | undefined;
    let externalClientCertSecret: { name: string; type: string } | undefined;
    if (req.encryption) {
      if (kesClient) {
        const clientName = `${name}-secret-tenant-external-client-cert-0`;
        await createSecret({
          metadata: { name: clientName },
          type: 'kubernetes.io/tls',
          immutable: true,
          data: { 'tls.crt': b64(kesClient.crt), 'tls.key': b64(kesClient.key) },
        });
        externalClientCertSecret = { name: clientName, type: 'kubernetes.io/tls' };
      }
      let kesCert: { name: string; type: string } | undefined;
      if (kesServer) {
        kesCert = { name: `${name}-secret-kes-external-cert-0`, type: 'kubernetes.io/tls' };
        await createSecret({
          metadata: { name: kesCert.name },
          type: 'kubernetes.io/tls',
          immutable: true,
          data: { 'tls.crt': b64(kesServer.crt), 'tls.key': b64(kesServer.key) },
        });
      }
      const kesConfigName = `${name}-secret-kes-configuration`;
      await createSecret({
        metadata: { name: kesConfigName },
        type: 'Opaque',
        immutable: true,
        data: { 'server-config.yaml': b64(kesServerConfig(req.encryption, kesClient?.crt)) },
      });
      kes = {
        image: req.encryption.image || DEFAULT_KES_IMAGE,
        replicas: 1,
        keyName: 'my-minio-key',
        kesSecret: { name: kesConfigName },
        ...(kesCert ? { externalCertSecret: kesCert } : {}),
      };
    }
    // 7.
    if (options.license) config.set('MINIO_SUBNET_LICENSE', options.license);
    // Image registry credentials (the wizard's custom registry).
    let imagePullSecret: { name: string } | undefined = req.image_pull_secret
      ? { name: req.image_pull_secret }
      : undefined;
    if (req.image_registry) {
      const { registry, username, password } = req.image_registry;
      const auth = Buffer.from(`${username}:${password}`).toString('base64');
      await createSecret({
        metadata: { name: `${name}-regcred` },
        type: 'kubernetes.io/dockerconfigjson',
        data: {
          '.dockerconfigjson': b64(JSON.stringify({ auths: { [registry]: { username, password, auth } } })),
        },
      });
      imagePullSecret = { name: `${name}-regcred` };
    }
    // 8./9.
    const configName = `${name}-env-configuration`;
    try {
      await apis.core.deleteNamespacedSecret({ name: configName, namespace });
    } catch (err) {
      if (!isK8sStatus(err, 404)) throw err;
    }
    await createSecret({
      metadata: { name: configName },
      type: 'Opaque',
      data: { 'config.env': b64(formatConfigEnv(config)) },
    });

    // 10.
    const pool0 = req.pools[0];
    const firstClass = pool0?.volume_configuration.storage_class_name ?? '';
    const annotations: Record<string, string> = { ...(req.annotations ?? {}) };
    if (req.enable_prometheus) {
      annotations['prometheus.io/path'] = '/minio/v2/metrics/cluster';
      annotations['prometheus.io/port'] = '9000';
      annotations['prometheus.io/scrape'] = 'true';
    }
    const log = req.logSearchConfiguration;
    const prom = req.prometheusConfiguration;
    const logSize = log?.storageSize ?? 5;
    const tenant: Tenant = {
      apiVersion: 'minio.min.io/v2',
      kind: 'Tenant',
      metadata: {
        name,
        namespace,
        ...(req.labels ? { labels: req.labels } : {}),
        ...(Object.keys(annotations).length > 0 ? { annotations } : {}),
      },
      spec: {
        image: req.image || options.defaultImage || DEFAULT_MINIO_IMAGE,
        mountPath: '/export',
        credsSecret: { name: `${name}-secret` },
        configuration: { name: configName },
        pools: req.pools.map(poolSpecOf),
        requestAutoCert: req.enable_tls,
        ...(users.length > 0 ? { users } : {}),
        ...(externalCertSecret.length > 0 ? { externalCertSecret } : {}),
        ...(externalCaCertSecret.length > 0 ? { externalCaCertSecret } : {}),
        ...(externalClientCertSecret ? { externalClientCertSecret } : {}),
        ...(kes ? { kes } : {}),
        ...(imagePullSecret ? { imagePullSecret } : {}),
        // Always, as in 2021 (reference §2.2 step 8): log search and Prometheus with their volumes.
        log: {
          ...(log?.image ? { image: log.image } : {}),
          audit: { diskCapacityGB: Math.min(10, logSize) },
          db: {
            ...(log?.postgres_image ? { image: log.postgres_image } : {}),
            volumeClaimTemplate: {
              metadata: { name: `${name}-log` },
              spec: {
                accessModes: ['ReadWriteOnce'],
                resources: { requests: { storage: `${logSize}Gi` } },
                storageClassName: log ? log.storageClass || firstClass : '',
              },
            },
          },
        },
        prometheus: {
          ...(prom?.image ? { image: prom.image } : {}),
          diskCapacityGB: prom?.storageSize ?? 5,
          storageClassName: prom ? prom.storageClass || firstClass : '',
        },
        exposeServices: { minio: req.expose_minio, console: req.expose_console },
      },
    };
    await k8s('Create tenant', () =>
      apis.custom.createNamespacedCustomObject({ ...TENANTS, namespace, body: tenant }),
    );
    return { externalIDP: ad !== undefined || oidc !== undefined, console: consoleKeys };
  } catch (err) {
    await removeSecrets(apis.core, namespace, created);
    throw err;
  }
}

/** Best-effort removal of the secrets a failed creation made (newest first). */
async function removeSecrets(core: CoreV1Api, namespace: string, names: readonly string[]): Promise<void> {
  for (const name of [...names].reverse()) {
    await core.deleteNamespacedSecret({ name, namespace }).catch(() => undefined);
  }
}

/** Unguessable suffix for secrets added later (security tab), as the 2021 console's rand5. */
export const randomSuffix = (): string => randomBytes(4).toString('hex').slice(0, 5);
