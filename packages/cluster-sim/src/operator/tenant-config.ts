/**
 * What the simulated operator reads from a Tenant's secrets, as the operator does: the
 * `config.env` of `spec.configuration` (`export KEY="value"` lines, split on the first `=`,
 * quotes stripped, `#` and blank lines skipped), the legacy `spec.credsSecret`
 * (`accesskey`/`secretkey`), `spec.env`, and the users of `spec.users`
 * (`CONSOLE_ACCESS_KEY`/`CONSOLE_SECRET_KEY`).
 */
import { resourceOfKind } from '../api/resources.js';
import type { KubeObject, ObjectStore } from '../api/store.js';

const SECRET = resourceOfKind('Secret');

export interface TenantSpec {
  image?: string;
  pools?: PoolSpec[];
  configuration?: { name?: string };
  credsSecret?: { name?: string };
  env?: { name?: string; value?: string }[];
  users?: { name?: string }[];
  requestAutoCert?: boolean;
  externalCertSecret?: unknown[];
  exposeServices?: { minio?: boolean; console?: boolean };
  log?: unknown;
  prometheus?: unknown;
  mountPath?: string;
  serviceAccountName?: string;
}

export interface PoolSpec {
  name?: string;
  servers?: number;
  volumesPerServer?: number;
  volumeClaimTemplate?: {
    metadata?: { name?: string };
    spec?: {
      accessModes?: string[];
      resources?: { requests?: { storage?: string | number } };
      storageClassName?: string;
    };
  };
  resources?: unknown;
}

export interface TenantConfig {
  accessKey?: string;
  secretKey?: string;
  /** Every variable the engine gets: config.env, then spec.env. */
  env: Record<string, string>;
  /** From MINIO_STORAGE_CLASS_STANDARD=EC:n. */
  parity?: number;
  /** Console users to provision: access key and secret key. */
  users: { accessKey: string; secretKey: string }[];
}

function secretData(
  store: ObjectStore,
  ns: string,
  name: string | undefined,
): Record<string, string> | undefined {
  if (name === undefined || name === '') return undefined;
  const secret = store.get(SECRET, ns, name);
  if (secret === undefined) return undefined;
  const data = (secret.data ?? {}) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(data).map(([k, v]) => [k, Buffer.from(v, 'base64').toString('utf8')]),
  );
}

export function parseConfigEnv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim().replace(/^export\s+/, '');
    if (line === '' || line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    let value = line.slice(eq + 1).trim();
    if (value.length >= 2 && (value[0] === '"' || value[0] === "'") && value.endsWith(value[0]))
      value = value.slice(1, -1);
    out[line.slice(0, eq).trim()] = value;
  }
  return out;
}

export function readTenantConfig(store: ObjectStore, tenant: KubeObject): TenantConfig {
  const ns = tenant.metadata.namespace ?? '';
  const spec = (tenant.spec ?? {}) as TenantSpec;
  const env: Record<string, string> = {};
  const configText = secretData(store, ns, spec.configuration?.name)?.['config.env'];
  if (configText !== undefined) Object.assign(env, parseConfigEnv(configText));
  for (const e of spec.env ?? []) if (e.name !== undefined) env[e.name] = e.value ?? '';
  const creds = secretData(store, ns, spec.credsSecret?.name) ?? {};
  const accessKey = env.MINIO_ROOT_USER || env.MINIO_ACCESS_KEY || creds.accesskey || undefined;
  const secretKey = env.MINIO_ROOT_PASSWORD || env.MINIO_SECRET_KEY || creds.secretkey || undefined;
  const ec = /^EC:(\d+)$/.exec(env.MINIO_STORAGE_CLASS_STANDARD ?? '');
  const users: TenantConfig['users'] = [];
  for (const ref of spec.users ?? []) {
    const data = secretData(store, ns, ref.name);
    if (data?.CONSOLE_ACCESS_KEY && data.CONSOLE_SECRET_KEY) {
      users.push({ accessKey: data.CONSOLE_ACCESS_KEY, secretKey: data.CONSOLE_SECRET_KEY });
    }
  }
  return { accessKey, secretKey, env, parity: ec === null ? undefined : Number(ec[1]), users };
}
