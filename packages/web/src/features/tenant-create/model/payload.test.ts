/** The create tenant payload (spec 3 §3) from the wizard's form and derived sizes. */
import { describe, expect, it } from 'vitest';
import { emptyPair, initialWizardForm, type WizardForm } from './form.js';
import { createTenantPayload, labelSelectorText, poolAffinity } from './payload.js';
import { GIB } from './sizing.js';

const DERIVED = {
  distribution: { nodes: 4, disks: 2, persistentVolumes: 8, pvSize: 25 * GIB, error: null },
  memorySize: { request: 2 * GIB, limit: 8 * GIB, error: null },
};

function formWith(patch: (form: WizardForm) => void): WizardForm {
  const form = initialWizardForm();
  form.nameTenant = { tenantName: 'tenant-a', namespace: 'ns-a', selectedStorageClass: 'standard' };
  form.tenantSize.ecParity = 'EC:4';
  patch(form);
  return form;
}

const ANTI_AFFINITY = {
  podAntiAffinity: {
    requiredDuringSchedulingIgnoredDuringExecution: [
      {
        labelSelector: {
          matchExpressions: [
            { key: 'v1.min.io/tenant', operator: 'In', values: ['tenant-a'] },
            { key: 'v1.min.io/pool', operator: 'In', values: ['pool-0'] },
          ],
        },
        topologyKey: 'kubernetes.io/hostname',
      },
    ],
  },
};

describe('createTenantPayload', () => {
  it('simple mode: one pool-0 sized by the distribution, defaults everywhere else', () => {
    const form = formWith(() => undefined);
    const keys = form.identityProvider.keys[0];
    expect(createTenantPayload(form, DERIVED)).toEqual({
      name: 'tenant-a',
      namespace: 'ns-a',
      access_key: '',
      secret_key: '',
      access_keys: [],
      secret_keys: [],
      enable_tls: true,
      enable_console: true,
      enable_prometheus: true,
      service_name: '',
      image: '',
      console_image: '',
      expose_minio: true,
      expose_console: true,
      pools: [
        {
          name: 'pool-0',
          servers: 4,
          volumes_per_server: 2,
          volume_configuration: { size: 25 * GIB, storage_class_name: 'standard' },
          resources: { requests: { memory: 2 * GIB }, limits: { memory: 8 * GIB } },
          affinity: ANTI_AFFINITY,
        },
      ],
      erasureCodingParity: 4,
      logSearchConfiguration: { image: '', postgres_image: '' },
      prometheusConfiguration: { image: '' },
      idp: { keys: [{ access_key: keys?.access_key, secret_key: keys?.secret_key }] },
    });
  });

  it('advanced: images, registry, overrides, OpenID', () => {
    const payload = createTenantPayload(
      formWith((f) => {
        f.advancedMode = true;
        Object.assign(f.configure, {
          customImage: true,
          imageName: 'minio/minio:v1',
          consoleImage: 'minio/console:v2',
          logSearchImage: 'minio/logsearchapi:v3',
          logSearchPostgresImage: 'library/postgres:13',
          prometheusImage: 'prom/prometheus:v4',
          customDockerhub: true,
          imageRegistry: 'reg.local',
          imageRegistryUsername: 'u',
          imageRegistryPassword: 'p',
          exposeMinIO: false,
          logSearchCustom: true,
          logSearchSelectedStorageClass: 'fast',
          logSearchVolumeSize: '7',
          prometheusCustom: true,
          prometheusSelectedStorageClass: 'slow',
          prometheusVolumeSize: '9',
        });
        f.identityProvider.idpSelection = 'OpenID';
        Object.assign(f.identityProvider.oidc, {
          url: 'https://idp',
          configuration_url: 'https://idp/.well-known/openid-configuration',
          client_id: 'c',
          secret_id: 's',
          claim_name: 'policy',
        });
      }),
      DERIVED,
    );
    expect(payload).toMatchObject({
      image: 'minio/minio:v1',
      console_image: 'minio/console:v2',
      expose_minio: false,
      expose_console: true,
      image_registry: { registry: 'reg.local', username: 'u', password: 'p' },
      logSearchConfiguration: {
        image: 'minio/logsearchapi:v3',
        postgres_image: 'library/postgres:13',
        storageClass: 'fast',
        storageSize: 7,
      },
      prometheusConfiguration: { image: 'prom/prometheus:v4', storageClass: 'slow', storageSize: 9 },
      idp: {
        oidc: {
          url: 'https://idp',
          configuration_url: 'https://idp/.well-known/openid-configuration',
          client_id: 'c',
          secret_id: 's',
          claim_name: 'policy',
          callback_url: '',
          scopes: '',
        },
      },
    });
  });

  it('AD sends the user DNs as a list', () => {
    const payload = createTenantPayload(
      formWith((f) => {
        f.advancedMode = true;
        f.identityProvider.idpSelection = 'AD';
        f.identityProvider.ad.url = 'ldap.local:636';
        f.identityProvider.ad.user_dns = [{ id: '1', dn: ' cn=admin,dc=x ' }];
      }),
      DERIVED,
    );
    expect(payload.idp).toMatchObject({
      active_directory: { url: 'ldap.local:636', user_dns: ['cn=admin,dc=x'] },
    });
  });

  it('custom TLS certificates and Vault encryption with the KES certificates', () => {
    const pair = { ...emptyPair(), encoded_key: 'S0VZ', encoded_cert: 'Q0VSVA==' };
    const payload = createTenantPayload(
      formWith((f) => {
        f.advancedMode = true;
        f.security.enableAutoCert = false;
        f.security.enableCustomCerts = true;
        f.security.minioCertificates = [pair, emptyPair()];
        f.security.caCertificates = [{ id: 'c', cert: 'ca.pem', encoded_cert: 'Q0E=' }];
        f.encryption.enableEncryption = true;
        f.encryption.serverCertificate = pair;
        f.encryption.clientCertificate = pair;
        Object.assign(f.encryption.vault, {
          endpoint: 'https://vault',
          approleId: 'id',
          approleSecret: 'sec',
          approleRetry: '3',
        });
      }),
      DERIVED,
    );
    expect(payload.enable_tls).toBe(false);
    expect(payload.tls).toEqual({
      minio: [{ crt: 'Q0VSVA==', key: 'S0VZ' }],
      ca_certificates: ['Q0E='],
      console_ca_certificates: [],
    });
    expect(payload.encryption).toMatchObject({
      image: '',
      client: { crt: 'Q0VSVA==', key: 'S0VZ' },
      server: { crt: 'Q0VSVA==', key: 'S0VZ' },
      vault: {
        endpoint: 'https://vault',
        approle: { id: 'id', secret: 'sec', retry: 3 },
        status: { ping: 10 },
      },
    });
  });

  it('does not send encryption when it cannot be on (TLS off)', () => {
    const payload = createTenantPayload(
      formWith((f) => {
        f.advancedMode = true;
        f.security.enableTLS = false;
        f.encryption.enableEncryption = true;
      }),
      DERIVED,
    );
    expect(payload.encryption).toBeUndefined();
    expect(payload.enable_tls).toBe(false);
  });

  it('each KMS is sent under its own name', () => {
    const kms = (type: 'aws' | 'gcp' | 'gemalto') =>
      createTenantPayload(
        formWith((f) => {
          f.advancedMode = true;
          f.encryption.enableEncryption = true;
          f.encryption.encryptionType = type;
        }),
        DERIVED,
      ).encryption;
    expect(Object.keys(kms('aws') ?? {})).toContain('aws');
    expect(kms('gcp')).toMatchObject({ gcp: { secretmanager: { credentials: { private_key: '' } } } });
    expect(kms('gemalto')).toMatchObject({ gemalto: { keysecure: { credentials: { retry: 0 } } } });
  });
});

describe('pod affinity', () => {
  const labels = [
    { id: '1', key: 'zone', value: 'a' },
    { id: '2', key: 'disk', value: '' },
    { id: '3', key: 'tier', value: 'hot' },
  ];

  it('none sends no affinity; default is the anti-affinity', () => {
    expect(
      poolAffinity(
        { podAffinity: 'none', nodeSelectorLabels: [], withPodAntiAffinity: true },
        'tenant-a',
        'pool-0',
      ),
    ).toBeUndefined();
    expect(
      poolAffinity(
        { podAffinity: 'default', nodeSelectorLabels: [], withPodAntiAffinity: false },
        'tenant-a',
        'pool-0',
      ),
    ).toEqual(ANTI_AFFINITY);
  });

  it('nodeSelector joins complete pairs with & and adds the anti-affinity when asked', () => {
    const form = {
      podAffinity: 'nodeSelector' as const,
      nodeSelectorLabels: labels,
      withPodAntiAffinity: false,
    };
    expect(labelSelectorText(form)).toBe('zone=a&tier=hot');
    const nodeAffinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [
            {
              matchExpressions: [
                { key: 'zone', operator: 'In', values: ['a'] },
                { key: 'tier', operator: 'In', values: ['hot'] },
              ],
            },
          ],
        },
      },
    };
    expect(poolAffinity(form, 'tenant-a', 'pool-0')).toEqual(nodeAffinity);
    expect(poolAffinity({ ...form, withPodAntiAffinity: true }, 'tenant-a', 'pool-0')).toEqual({
      ...nodeAffinity,
      ...ANTI_AFFINITY,
    });
  });
});
