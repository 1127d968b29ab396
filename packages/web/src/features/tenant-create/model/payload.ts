/**
 * The create tenant payload (spec 3 §3 "Create tenant payload", §7 `POST /api/v1/tenants`) from
 * the wizard's form and the size step's derived values: exactly one pool `pool-0` (§9 "Pool names
 * are pool-{n}") of distribution.nodes servers × distribution.disks drives of pvSize bytes, memory
 * request and limit per node, the chosen parity, the pod affinity, and — in advanced mode — images,
 * registry, log search and Prometheus overrides, identity provider, TLS and encryption. The root
 * keys are sent empty (the server generates them); the built-in users' keys travel in idp.keys.
 */
import type { Affinity, CreateTenantRequestInput } from '@coffer/contract';
import type {
  AffinityForm,
  CaCertificate,
  CertificatePair,
  EncryptionForm,
  IdentityProviderForm,
  WizardForm,
} from './form.js';
import { completeLabels, kesCustomCertsOn, canEnableEncryption } from './rules.js';
import { GIB, parityNumber, type Distribution, type MemorySize } from './sizing.js';

/** §9 "Pool names are pool-{n}": the wizard creates the first pool. */
export const FIRST_POOL_NAME = 'pool-0';

/** The payload as the contract declares it (its zod input: defaults may be left out). */
export type CreateTenantPayload = CreateTenantRequestInput;
type PoolPayload = CreateTenantPayload['pools'][number];
type IdpPayload = NonNullable<CreateTenantPayload['idp']>;
type EncryptionPayload = NonNullable<CreateTenantPayload['encryption']>;
type KmsPayload = Pick<EncryptionPayload, 'vault' | 'aws' | 'gcp' | 'gemalto'>;
type KeyPairPayload = { crt: string; key: string };

/** What the size step derived: the distribution and memory the payload is sized by. */
export interface DerivedSize {
  distribution: Distribution;
  memorySize: MemorySize;
}

/** Spec 3 §3 "Pod affinity": one MinIO pod per host for this tenant's pool. */
function podAntiAffinity(tenantName: string, poolName: string): Affinity {
  return {
    podAntiAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [
        {
          labelSelector: {
            matchExpressions: [
              { key: 'v1.min.io/tenant', operator: 'In', values: [tenantName] },
              { key: 'v1.min.io/pool', operator: 'In', values: [poolName] },
            ],
          },
          topologyKey: 'kubernetes.io/hostname',
        },
      ],
    },
  };
}

/** The node selector labels as the spec writes them: key=value pairs joined by &. */
export function labelSelectorText(form: AffinityForm): string {
  return completeLabels(form)
    .map(({ key, value }) => `${key}=${value}`)
    .join('&');
}

/** The pool's Kubernetes affinity for the chosen mode (none: no affinity at all). */
export function poolAffinity(form: AffinityForm, tenantName: string, poolName: string): Affinity | undefined {
  if (form.podAffinity === 'none') return undefined;
  if (form.podAffinity === 'default') return podAntiAffinity(tenantName, poolName);
  const nodeAffinity: Affinity = {
    nodeAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: {
        nodeSelectorTerms: [
          {
            matchExpressions: completeLabels(form).map(({ key, value }) => ({
              key,
              operator: 'In',
              values: [value],
            })),
          },
        ],
      },
    },
  };
  return form.withPodAntiAffinity
    ? { ...nodeAffinity, ...podAntiAffinity(tenantName, poolName) }
    : nodeAffinity;
}

const pairPayload = (pair: CertificatePair): KeyPairPayload => ({
  crt: pair.encoded_cert,
  key: pair.encoded_key,
});
const uploadedPairs = (pairs: CertificatePair[]) =>
  pairs.filter((p) => p.encoded_cert !== '' && p.encoded_key !== '').map(pairPayload);
const uploadedCas = (cas: CaCertificate[]) => cas.map((c) => c.encoded_cert).filter((c) => c !== '');

function idpPayload(form: IdentityProviderForm): IdpPayload {
  if (form.idpSelection === 'OpenID') {
    const { url, configuration_url, client_id, secret_id, claim_name, callback_url, scopes } = form.oidc;
    return {
      oidc: {
        url: url.trim(),
        configuration_url: configuration_url.trim(),
        client_id: client_id.trim(),
        secret_id,
        claim_name: claim_name.trim(),
        callback_url: callback_url.trim(),
        scopes: scopes.trim(),
      },
    };
  }
  if (form.idpSelection === 'AD') {
    const { user_dns, ...ad } = form.ad;
    return {
      active_directory: {
        ...ad,
        url: ad.url.trim(),
        user_dns: user_dns.map((row) => row.dn.trim()),
      },
    };
  }
  return { keys: form.keys.map(({ access_key, secret_key }) => ({ access_key, secret_key })) };
}

const seconds = (value: string) => (value.trim() === '' ? 0 : Number(value.trim()));

function kmsPayload(form: EncryptionForm): KmsPayload {
  switch (form.encryptionType) {
    case 'vault': {
      const v = form.vault;
      return {
        vault: {
          endpoint: v.endpoint.trim(),
          engine: v.engine.trim(),
          namespace: v.namespace.trim(),
          prefix: v.prefix.trim(),
          approle: {
            engine: v.approleEngine.trim(),
            id: v.approleId.trim(),
            secret: v.approleSecret,
            retry: seconds(v.approleRetry),
          },
          tls: {
            key: form.vaultCertificate.encoded_key,
            crt: form.vaultCertificate.encoded_cert,
            ca: form.vaultCA.encoded_cert,
          },
          status: { ping: seconds(v.statusPing) },
        },
      };
    }
    case 'aws': {
      const a = form.aws;
      return {
        aws: {
          secretsmanager: {
            endpoint: a.endpoint.trim(),
            region: a.region.trim(),
            kmskey: a.kmskey.trim(),
            credentials: { accesskey: a.accesskey.trim(), secretkey: a.secretkey, token: a.token },
          },
        },
      };
    }
    case 'gcp': {
      const g = form.gcp;
      return {
        gcp: {
          secretmanager: {
            project_id: g.project_id.trim(),
            endpoint: g.endpoint.trim(),
            credentials: {
              client_email: g.client_email.trim(),
              client_id: g.client_id.trim(),
              private_key_id: g.private_key_id.trim(),
              private_key: g.private_key,
            },
          },
        },
      };
    }
    case 'gemalto': {
      const k = form.gemalto;
      return {
        gemalto: {
          keysecure: {
            endpoint: k.endpoint.trim(),
            credentials: { token: k.token, domain: k.domain.trim(), retry: seconds(k.retry) },
            tls: { ca: form.gemaltoCA.encoded_cert },
          },
        },
      };
    }
  }
}

/** The whole create payload. Advanced-only settings are sent only in advanced mode. */
export function createTenantPayload(form: WizardForm, derived: DerivedSize): CreateTenantPayload {
  const { tenantName, namespace, selectedStorageClass } = form.nameTenant;
  // Simple mode uses the advanced steps' defaults (Built-in keys, TLS with auto cert, default affinity).
  const configure = form.configure;
  const advanced = form.advancedMode;
  const security = form.security;
  const name = tenantName.trim();
  const affinity = poolAffinity(form.affinity, name, FIRST_POOL_NAME);
  const pool: PoolPayload = {
    name: FIRST_POOL_NAME,
    servers: derived.distribution.nodes,
    volumes_per_server: derived.distribution.disks,
    volume_configuration: { size: derived.distribution.pvSize, storage_class_name: selectedStorageClass },
    resources: {
      requests: { memory: derived.memorySize.request },
      limits: { memory: derived.memorySize.limit },
    },
    ...(affinity === undefined ? {} : { affinity }),
  };
  const custom = advanced && configure.customImage;
  const payload: CreateTenantPayload = {
    name,
    namespace: namespace.trim(),
    access_key: '',
    secret_key: '',
    access_keys: [],
    secret_keys: [],
    enable_tls: security.enableTLS && security.enableAutoCert,
    enable_console: true,
    enable_prometheus: true,
    service_name: '',
    image: custom ? configure.imageName.trim() : '',
    console_image: custom ? configure.consoleImage.trim() : '',
    expose_minio: configure.exposeMinIO,
    expose_console: configure.exposeConsole,
    pools: [pool],
    erasureCodingParity: parityNumber(form.tenantSize.ecParity),
    logSearchConfiguration: {
      image: custom ? configure.logSearchImage.trim() : '',
      postgres_image: custom ? configure.logSearchPostgresImage.trim() : '',
      ...(advanced && configure.logSearchCustom
        ? {
            storageClass: configure.logSearchSelectedStorageClass,
            storageSize: Number(configure.logSearchVolumeSize),
          }
        : {}),
    },
    prometheusConfiguration: {
      image: custom ? configure.prometheusImage.trim() : '',
      ...(advanced && configure.prometheusCustom
        ? {
            storageClass: configure.prometheusSelectedStorageClass,
            storageSize: Number(configure.prometheusVolumeSize),
          }
        : {}),
    },
    idp: idpPayload(form.identityProvider),
  };
  if (advanced && configure.customDockerhub) {
    payload.image_registry = {
      registry: configure.imageRegistry.trim(),
      username: configure.imageRegistryUsername.trim(),
      password: configure.imageRegistryPassword,
    };
  }
  if (security.enableTLS && security.enableCustomCerts) {
    const consolePair = security.consoleCertificate;
    payload.tls = {
      minio: uploadedPairs(security.minioCertificates),
      ...(consolePair.encoded_cert !== '' && consolePair.encoded_key !== ''
        ? { console: pairPayload(consolePair) }
        : {}),
      ca_certificates: uploadedCas(security.caCertificates),
      console_ca_certificates: uploadedCas(security.consoleCaCertificates),
    };
  }
  const encryption = form.encryption;
  if (advanced && encryption.enableEncryption && canEnableEncryption(security)) {
    const certs = kesCustomCertsOn(encryption, security);
    payload.encryption = {
      image: custom ? configure.kesImage.trim() : '',
      ...(certs
        ? {
            client: pairPayload(encryption.clientCertificate),
            server: pairPayload(encryption.serverCertificate),
          }
        : {}),
      ...kmsPayload(encryption),
    };
  }
  return payload;
}

/** The total size typed on the size step, in bytes. */
export function totalSizeBytes(volumeSizeGi: string): number {
  return Number(volumeSizeGi.trim()) * GIB;
}
