/** Every wizard rule of spec 3 §4–§5 with its edge values (§9), and the steps per mode (§2). */
import { describe, expect, it } from 'vitest';
import { english } from '../../../test/english.js';
import { problemText } from './problem-text.js';
import { emptyPair, initialWizardForm, randomString } from './form.js';
import {
  affinityProblems,
  canEnableEncryption,
  configureProblems,
  encryptionProblems,
  identityProviderProblems,
  kesCustomCertsOn,
  nameTenantProblems,
  securityProblems,
  tenantSizeProblems,
  type StepProblems,
} from './rules.js';
import { GIB } from './sizing.js';
import { visibleSteps } from './steps.js';

const text = (problems: StepProblems, field: string) => problemText(english.t, problems[field]) ?? null;

const READY = { checked: true, hasTenant: false, storageClasses: ['standard'] };
const name = (tenantName: string, namespace = 'ns1', selectedStorageClass = 'standard') => ({
  tenantName,
  namespace,
  selectedStorageClass,
});

describe('steps', () => {
  it('shows the five advanced steps only in advanced mode, in the spec order', () => {
    expect(visibleSteps(false)).toEqual(['nameTenant', 'tenantSize', 'preview']);
    expect(visibleSteps(true)).toEqual([
      'nameTenant',
      'configure',
      'affinity',
      'identityProvider',
      'security',
      'encryption',
      'tenantSize',
      'preview',
    ]);
  });
});

describe('defaults (spec 3 §3 "Global state defaults")', () => {
  it('holds every default of the wizard', () => {
    const form = initialWizardForm();
    expect(form.identityProvider.idpSelection).toBe('Built-in');
    expect(form.identityProvider.keys).toHaveLength(1);
    expect(form.identityProvider.keys[0]?.access_key).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(form.identityProvider.keys[0]?.secret_key).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(form.configure).toMatchObject({
      exposeMinIO: true,
      exposeConsole: true,
      logSearchVolumeSize: '5',
      prometheusVolumeSize: '5',
    });
    expect(form.security).toMatchObject({ enableTLS: true, enableAutoCert: true });
    expect(form.encryption).toMatchObject({ enableEncryption: false, encryptionType: 'vault' });
    expect(form.tenantSize).toMatchObject({
      volumeSize: '100',
      drivesPerServer: '1',
      nodes: '4',
      memoryNode: '2',
    });
    expect(form.affinity).toMatchObject({ podAffinity: 'default', withPodAntiAffinity: true });
    expect(form.identityProvider.keys[0]?.access_key).not.toBe(
      initialWizardForm().identityProvider.keys[0]?.access_key,
    );
  });

  it('every default step is valid except the name', () => {
    const form = initialWizardForm();
    expect(nameTenantProblems(form.nameTenant, READY)).not.toEqual({});
    expect(configureProblems(form.configure)).toEqual({});
    expect(affinityProblems(form.affinity)).toEqual({});
    expect(identityProviderProblems(form.identityProvider)).toEqual({});
    expect(securityProblems(form.security)).toEqual({});
    expect(encryptionProblems(form.encryption, form.security)).toEqual({});
    expect(tenantSizeProblems(form.tenantSize, 10 * 1024 * GIB, String)).toEqual({});
  });
});

describe('tenant name and namespace', () => {
  it('takes lowercase letters, digits and dash, 3 to 63 characters', () => {
    const message = "Name only can contain lowercase letters, numbers and '-'. Min. Length: 3";
    expect(text(nameTenantProblems(name('abc'), READY), 'tenantName')).toBeNull();
    expect(text(nameTenantProblems(name('a'.repeat(63)), READY), 'tenantName')).toBeNull();
    expect(text(nameTenantProblems(name('ab'), READY), 'tenantName')).toBe(message);
    expect(text(nameTenantProblems(name('a'.repeat(64)), READY), 'tenantName')).toBe(message);
    expect(text(nameTenantProblems(name('Tenant'), READY), 'tenantName')).toBe(message);
    expect(text(nameTenantProblems(name('te_nant'), READY), 'tenantName')).toBe(message);
    expect(text(nameTenantProblems(name('te-n4nt'), READY), 'tenantName')).toBeNull();
    expect(text(nameTenantProblems(name(''), READY), 'tenantName')).toBe('Field cannot be empty');
  });

  it('requires the namespace, one tenant per namespace, and a namespace offering a storage class', () => {
    expect(text(nameTenantProblems(name('abc', ''), READY), 'namespace')).toBe('Field cannot be empty');
    expect(text(nameTenantProblems(name('abc', 'Bad_NS'), READY), 'namespace')).toBe(
      'Please enter a valid namespace',
    );
    expect(text(nameTenantProblems(name('abc'), { ...READY, hasTenant: true }), 'namespace')).toBe(
      'You can only create one tenant per namespace',
    );
    expect(text(nameTenantProblems(name('abc'), { ...READY, storageClasses: [] }), 'namespace')).toBe(
      'Please enter a valid namespace',
    );
    expect(nameTenantProblems(name('abc'), { ...READY, checked: false }).namespace?.key).toBe(
      'checkingNamespace',
    );
    expect(nameTenantProblems(name('abc'), READY)).toEqual({});
    expect(text(nameTenantProblems(name('abc', 'ns1', ''), READY), 'selectedStorageClass')).toBe(
      'Field cannot be empty',
    );
  });
});

describe('configure page', () => {
  const base = initialWizardForm().configure;

  it('checks custom images as owner/name:version, each with its own message; empty keeps the default', () => {
    const custom = { ...base, customImage: true };
    expect(configureProblems(custom)).toEqual({});
    expect(configureProblems({ ...custom, imageName: 'minio/minio:RELEASE.2021-10-06T23-36-31Z' })).toEqual(
      {},
    );
    expect(configureProblems({ ...custom, imageName: 'quay.io/minio/minio:v1' })).toEqual({});
    expect(text(configureProblems({ ...custom, imageName: 'minio' }), 'imageName')).toBe(
      "Format must be of form: 'minio/minio:VERSION'",
    );
    expect(text(configureProblems({ ...custom, consoleImage: 'minio/console' }), 'consoleImage')).toBe(
      "Format must be of form: 'minio/console:VERSION'",
    );
    expect(text(configureProblems({ ...custom, logSearchImage: 'x:1' }), 'logSearchImage')).toBe(
      "Format must be of form: 'minio/logsearchapi:VERSION'",
    );
    expect(text(configureProblems({ ...custom, kesImage: 'minio/kes:' }), 'kesImage')).toBe(
      "Format must be of form: 'minio/kes:VERSION'",
    );
    expect(
      text(configureProblems({ ...custom, logSearchPostgresImage: 'postgres' }), 'logSearchPostgresImage'),
    ).toBe("Format must be of form: 'library/postgres:VERSION'");
    expect(
      text(configureProblems({ ...custom, prometheusImage: 'prom/ prometheus:1' }), 'prometheusImage'),
    ).toBe("Format must be of form: 'prom/prometheus:VERSION'");
    // Not checked while custom images are off.
    expect(configureProblems({ ...base, imageName: 'minio' })).toEqual({});
  });

  it('a custom registry needs endpoint, username and password', () => {
    const problems = configureProblems({ ...base, customDockerhub: true, imageRegistryUsername: 'u' });
    expect(Object.keys(problems).sort()).toEqual(['imageRegistry', 'imageRegistryPassword']);
  });

  it('overrides need a storage class and a size greater than 0', () => {
    const message = 'Volume size must be present and be greatter than 0';
    const log = configureProblems({ ...base, logSearchCustom: true, logSearchVolumeSize: '0' });
    expect(text(log, 'logSearchVolumeSize')).toBe(message);
    expect(text(log, 'logSearchSelectedStorageClass')).toBe('Field cannot be empty');
    const prom = { ...base, prometheusCustom: true, prometheusSelectedStorageClass: 'standard' };
    expect(configureProblems({ ...prom, prometheusVolumeSize: '' }).prometheusVolumeSize?.key).toBe(
      'volumeSizePositive',
    );
    expect(configureProblems({ ...prom, prometheusVolumeSize: '1.5' }).prometheusVolumeSize?.key).toBe(
      'volumeSizePositive',
    );
    expect(configureProblems({ ...prom, prometheusVolumeSize: '1' })).toEqual({});
  });
});

describe('identity provider', () => {
  const idp = initialWizardForm().identityProvider;

  it('built-in keys are letters, digits and dash, 8 to 63', () => {
    const keys = (access_key: string, secret_key = 'secret-12') => ({
      ...idp,
      keys: [{ id: '1', access_key, secret_key }],
    });
    expect(identityProviderProblems(keys('abcdefg8'))).toEqual({});
    expect(identityProviderProblems(keys('A'.repeat(63)))).toEqual({});
    expect(text(identityProviderProblems(keys('abcdefg')), 'keys.0.access_key')).toBe(
      'Keys must be at least length 8',
    );
    expect(identityProviderProblems(keys('A'.repeat(64)))['keys.0.access_key']?.key).toBe('keysLength');
    expect(identityProviderProblems(keys('abcdefg_8'))['keys.0.access_key']?.key).toBe('keysLength');
    expect(identityProviderProblems(keys('abcdefgh', 'short'))['keys.0.secret_key']?.key).toBe('keysLength');
    expect(KEYS_OK(randomString(16))).toBe(true);
  });

  it('OpenID needs URL, configuration URL, client id, secret id and claim name', () => {
    const problems = identityProviderProblems({ ...idp, idpSelection: 'OpenID' });
    expect(Object.keys(problems).sort()).toEqual([
      'oidc.claim_name',
      'oidc.client_id',
      'oidc.configuration_url',
      'oidc.secret_id',
      'oidc.url',
    ]);
  });

  it('AD needs the server address and every user DN', () => {
    const ad = { ...idp, idpSelection: 'AD' as const };
    expect(Object.keys(identityProviderProblems(ad)).sort()).toEqual(['ad.url', 'ad.user_dns.0']);
    const filled = {
      ...ad,
      ad: {
        ...idp.ad,
        url: 'ldap:389',
        user_dns: [
          { id: 'a', dn: 'cn=admin' },
          { id: 'b', dn: ' ' },
        ],
      },
    };
    expect(Object.keys(identityProviderProblems(filled))).toEqual(['ad.user_dns.1']);
  });
});

const KEYS_OK = (key: string) =>
  Object.keys(
    identityProviderProblems({
      ...initialWizardForm().identityProvider,
      keys: [{ id: 'x', access_key: key, secret_key: key + key }],
    }),
  ).length === 0;

describe('pod affinity', () => {
  it('nodeSelector needs at least one complete key=value pair', () => {
    const affinity = {
      podAffinity: 'nodeSelector' as const,
      withPodAntiAffinity: true,
      nodeSelectorLabels: [{ id: '1', key: 'zone', value: '' }],
    };
    expect(text(affinityProblems(affinity), 'nodeSelectorLabels')).toBe(
      'You need to add at least one label key-pair',
    );
    expect(
      affinityProblems({ ...affinity, nodeSelectorLabels: [{ id: '1', key: 'zone', value: 'a' }] }),
    ).toEqual({});
    expect(affinityProblems({ ...affinity, podAffinity: 'none' })).toEqual({});
  });
});

describe('security and encryption', () => {
  const { security, encryption } = initialWizardForm();
  const uploaded = { ...emptyPair(), encoded_key: 'a2V5', encoded_cert: 'Y2VydA==' };

  it('security is valid with TLS off, or on with auto cert or custom certificates', () => {
    expect(securityProblems({ ...security, enableTLS: false, enableAutoCert: false })).toEqual({});
    expect(securityProblems({ ...security, enableAutoCert: false, enableCustomCerts: true })).toEqual({});
    expect(securityProblems({ ...security, enableAutoCert: false }).enableTLS?.key).toBe(
      'tlsNeedsCertificates',
    );
  });

  it('encryption can be switched on only with TLS and auto cert or an uploaded MinIO pair', () => {
    expect(canEnableEncryption(security)).toBe(true);
    expect(canEnableEncryption({ ...security, enableTLS: false })).toBe(false);
    const custom = { ...security, enableAutoCert: false, enableCustomCerts: true };
    expect(canEnableEncryption(custom)).toBe(false);
    expect(canEnableEncryption({ ...custom, minioCertificates: [uploaded] })).toBe(true);
  });

  it('forces the encryption service’s custom certificates on when auto cert is off', () => {
    expect(kesCustomCertsOn(encryption, security)).toBe(false);
    expect(kesCustomCertsOn(encryption, { ...security, enableAutoCert: false })).toBe(true);
  });

  it('each KMS needs its fields; retry and ping are 0 or greater', () => {
    const on = { ...encryption, enableEncryption: true };
    expect(Object.keys(encryptionProblems(on, security)).sort()).toEqual([
      'vault.approleId',
      'vault.approleSecret',
      'vault.endpoint',
    ]);
    const vault = {
      ...on,
      vault: { ...on.vault, endpoint: 'https://v', approleId: 'i', approleSecret: 's' },
    };
    expect(encryptionProblems(vault, security)).toEqual({});
    expect(
      text(
        encryptionProblems({ ...vault, vault: { ...vault.vault, approleRetry: '-1' } }, security),
        'vault.approleRetry',
      ),
    ).toBe('Value needs to be 0 or greater');
    expect(encryptionProblems({ ...vault, vault: { ...vault.vault, statusPing: '0' } }, security)).toEqual(
      {},
    );
    expect(
      encryptionProblems({ ...vault, vault: { ...vault.vault, statusPing: 'x' } }, security)[
        'vault.statusPing'
      ]?.key,
    ).toBe('zeroOrGreater');
    expect(Object.keys(encryptionProblems({ ...on, encryptionType: 'aws' }, security)).sort()).toEqual([
      'aws.accesskey',
      'aws.endpoint',
      'aws.region',
      'aws.secretkey',
    ]);
    expect(Object.keys(encryptionProblems({ ...on, encryptionType: 'gemalto' }, security)).sort()).toEqual([
      'gemalto.domain',
      'gemalto.endpoint',
      'gemalto.token',
    ]);
    const gemalto = {
      ...on,
      encryptionType: 'gemalto' as const,
      gemalto: { endpoint: 'e', token: 't', domain: 'd', retry: '-5' },
    };
    expect(encryptionProblems(gemalto, security)['gemalto.retry']?.key).toBe('zeroOrGreater');
    expect(Object.keys(encryptionProblems({ ...on, encryptionType: 'gcp' }, security))).toEqual([
      'gcp.project_id',
    ]);
    expect(encryptionProblems({ ...encryption, enableEncryption: false }, security)).toEqual({});
  });

  it('server and client key and cert are required when auto cert is off', () => {
    const noAuto = {
      ...security,
      enableAutoCert: false,
      enableCustomCerts: true,
      minioCertificates: [uploaded],
    };
    const vault = {
      ...encryption,
      enableEncryption: true,
      vault: { ...encryption.vault, endpoint: 'https://v', approleId: 'i', approleSecret: 's' },
    };
    expect(Object.keys(encryptionProblems(vault, noAuto)).sort()).toEqual([
      'clientCertificate.cert',
      'clientCertificate.key',
      'serverCertificate.cert',
      'serverCertificate.key',
    ]);
    expect(
      encryptionProblems({ ...vault, serverCertificate: uploaded, clientCertificate: uploaded }, noAuto),
    ).toEqual({});
  });
});

describe('tenant size', () => {
  const size = initialWizardForm().tenantSize;
  const limit = 1024 * GIB;
  const problems = (patch: Partial<typeof size>) =>
    tenantSizeProblems({ ...size, ...patch }, limit, () => '1 TiB');

  it('servers: required, at least 4', () => {
    expect(problems({ nodes: '' }).nodes?.key).toBe('fieldRequired');
    expect(problems({ nodes: '3' }).nodes?.key).toBe('serversAtLeastFour');
    expect(problems({ nodes: '4' }).nodes).toBeUndefined();
  });

  it('drives per server: required, at least 1', () => {
    expect(text(problems({ drivesPerServer: '0' }), 'drivesPerServer')).toBe(
      'There must be at least one drive',
    );
    expect(problems({ drivesPerServer: '1' }).drivesPerServer).toBeUndefined();
    expect(problems({ drivesPerServer: '' }).drivesPerServer?.key).toBe('fieldRequired');
  });

  it('total size: above 1Gi and under the storage-class limit', () => {
    const message = 'Volume size must be greater than 1Gi and less than 1 TiB';
    expect(text(problems({ volumeSize: '1' }), 'volumeSize')).toBe(message);
    expect(problems({ volumeSize: '2' }).volumeSize).toBeUndefined();
    expect(problems({ volumeSize: '1023' }).volumeSize).toBeUndefined();
    expect(text(problems({ volumeSize: '1024' }), 'volumeSize')).toBe(message);
    expect(problems({ volumeSize: '' }).volumeSize?.key).toBe('fieldRequired');
  });

  it('memory per node: required, at least 2Gi', () => {
    expect(text(problems({ memoryNode: '1' }), 'memoryNode')).toBe('Memory size must be greater than 2Gi');
    expect(problems({ memoryNode: '2' }).memoryNode).toBeUndefined();
    expect(problems({ memoryNode: '' }).memoryNode?.key).toBe('fieldRequired');
  });
});
