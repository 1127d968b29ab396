/**
 * The Create New Tenant wizard's form data (spec 3 §3 "Wizard form data") and its defaults (spec 3
 * §3 "Global state defaults", §9). One plain object per step, so each step edits its own part and
 * the payload builder (`payload.ts`) reads the whole. Sizes are whole Gi as typed (§9: "Storage size
 * unit: Gi"); the sizing maths turns them into bytes.
 */

/** §3: idpSelection values. */
export type IdpSelection = 'Built-in' | 'OpenID' | 'AD';
/** §3 "Encryption variants". */
export type EncryptionType = 'vault' | 'aws' | 'gcp' | 'gemalto';
/** §3 "Pod affinity": none; default (pod anti-affinity); nodeSelector. */
export type AffinityType = 'none' | 'default' | 'nodeSelector';

/** §3 "Certificate pair fields": the file names (key, cert) and their base64 contents. */
export interface CertificatePair {
  id: string;
  key: string;
  cert: string;
  encoded_key: string;
  encoded_cert: string;
}

/** One uploaded CA certificate: its file name and base64 content. */
export interface CaCertificate {
  id: string;
  cert: string;
  encoded_cert: string;
}

export interface KeyPair {
  id: string;
  access_key: string;
  secret_key: string;
}

export interface NameTenantForm {
  tenantName: string;
  namespace: string;
  selectedStorageClass: string;
}

export interface ConfigureForm {
  customImage: boolean;
  imageName: string;
  consoleImage: string;
  logSearchImage: string;
  kesImage: string;
  logSearchPostgresImage: string;
  prometheusImage: string;
  customDockerhub: boolean;
  imageRegistry: string;
  imageRegistryUsername: string;
  imageRegistryPassword: string;
  exposeMinIO: boolean;
  exposeConsole: boolean;
  logSearchCustom: boolean;
  /** Whole Gi as typed (an integer, §9). */
  logSearchVolumeSize: string;
  logSearchSelectedStorageClass: string;
  prometheusCustom: boolean;
  prometheusVolumeSize: string;
  prometheusSelectedStorageClass: string;
}

export interface OidcForm {
  url: string;
  configuration_url: string;
  client_id: string;
  secret_id: string;
  claim_name: string;
  callback_url: string;
  scopes: string;
}

export interface ActiveDirectoryForm {
  url: string;
  skip_tls_verification: boolean;
  server_insecure: boolean;
  username_format: string;
  username_search_filter: string;
  group_search_base_dn: string;
  group_search_filter: string;
  group_name_attribute: string;
  /** The admin user DNs: one row each. */
  user_dns: { id: string; dn: string }[];
  lookup_bind_dn: string;
  lookup_bind_password: string;
  user_dn_search_base_dn: string;
  user_dn_search_filter: string;
  server_start_tls: boolean;
}

export interface IdentityProviderForm {
  idpSelection: IdpSelection;
  keys: KeyPair[];
  oidc: OidcForm;
  ad: ActiveDirectoryForm;
}

export interface SecurityForm {
  enableTLS: boolean;
  enableAutoCert: boolean;
  enableCustomCerts: boolean;
  minioCertificates: CertificatePair[];
  caCertificates: CaCertificate[];
  consoleCertificate: CertificatePair;
  consoleCaCertificates: CaCertificate[];
}

export interface VaultForm {
  endpoint: string;
  engine: string;
  namespace: string;
  prefix: string;
  approleEngine: string;
  approleId: string;
  approleSecret: string;
  approleRetry: string;
  statusPing: string;
}

export interface AwsForm {
  endpoint: string;
  region: string;
  kmskey: string;
  accesskey: string;
  secretkey: string;
  token: string;
}

export interface GcpForm {
  project_id: string;
  endpoint: string;
  client_email: string;
  client_id: string;
  private_key_id: string;
  private_key: string;
}

export interface GemaltoForm {
  endpoint: string;
  token: string;
  domain: string;
  retry: string;
}

export interface EncryptionForm {
  enableEncryption: boolean;
  encryptionType: EncryptionType;
  /** Custom certificates for the encryption service (forced on when auto cert is off, §4). */
  enableCustomCertsForKES: boolean;
  serverCertificate: CertificatePair;
  clientCertificate: CertificatePair;
  /** Vault's own mTLS files (tls{key,crt,ca}) and Gemalto's CA (tls.ca). */
  vaultCertificate: CertificatePair;
  vaultCA: CaCertificate;
  gemaltoCA: CaCertificate;
  vault: VaultForm;
  aws: AwsForm;
  gcp: GcpForm;
  gemalto: GemaltoForm;
}

export interface AffinityForm {
  podAffinity: AffinityType;
  /** nodeSelector labels, one key=value row each; joined by & (§3). */
  nodeSelectorLabels: { id: string; key: string; value: string }[];
  withPodAntiAffinity: boolean;
}

export interface TenantSizeForm {
  /** Number of Servers, as typed. */
  nodes: string;
  /** Total Size in Gi, as typed. */
  volumeSize: string;
  drivesPerServer: string;
  /** Memory per Node [Gi], as typed. */
  memoryNode: string;
  /** The chosen parity ('EC:4'); '' until the server's list is in. */
  ecParity: string;
}

export interface WizardForm {
  advancedMode: boolean;
  nameTenant: NameTenantForm;
  configure: ConfigureForm;
  affinity: AffinityForm;
  identityProvider: IdentityProviderForm;
  security: SecurityForm;
  encryption: EncryptionForm;
  tenantSize: TenantSizeForm;
}

/** §9: random id length 16, access key 16, secret key 32. */
export const RANDOM_ID_LENGTH = 16;
export const ACCESS_KEY_LENGTH = 16;
export const SECRET_KEY_LENGTH = 32;
/** §3/§9: log-search and metrics volumes default to 5 Gi. */
export const DEFAULT_AUX_VOLUME_GI = 5;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random string of letters and digits from the platform's CSPRNG (the keys are credentials). */
export function randomString(length: number): string {
  const bytes = new Uint8Array(length);
  globalThis.crypto.getRandomValues(bytes);
  // 256 % 62 leaves a slight bias toward the first 8 characters; irrelevant at these lengths.
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length] ?? 'a').join('');
}

/** A row id for lists the user adds to and removes from (not sent). */
export function newRowId(): string {
  return randomString(RANDOM_ID_LENGTH);
}

export function emptyPair(): CertificatePair {
  return { id: newRowId(), key: '', cert: '', encoded_key: '', encoded_cert: '' };
}

export function emptyCa(): CaCertificate {
  return { id: newRowId(), cert: '', encoded_cert: '' };
}

/** §3 "Identity provider Built-in. Access key generated with 16 characters and secret key with 32." */
export function generatedKeyPair(): KeyPair {
  return {
    id: newRowId(),
    access_key: randomString(ACCESS_KEY_LENGTH),
    secret_key: randomString(SECRET_KEY_LENGTH),
  };
}

/** The wizard at page 0 with every default of spec 3 §3 "Global state defaults". */
export function initialWizardForm(): WizardForm {
  return {
    advancedMode: false,
    nameTenant: { tenantName: '', namespace: '', selectedStorageClass: '' },
    configure: {
      customImage: false,
      imageName: '',
      consoleImage: '',
      logSearchImage: '',
      kesImage: '',
      logSearchPostgresImage: '',
      prometheusImage: '',
      customDockerhub: false,
      imageRegistry: '',
      imageRegistryUsername: '',
      imageRegistryPassword: '',
      exposeMinIO: true,
      exposeConsole: true,
      logSearchCustom: false,
      logSearchVolumeSize: String(DEFAULT_AUX_VOLUME_GI),
      logSearchSelectedStorageClass: '',
      prometheusCustom: false,
      prometheusVolumeSize: String(DEFAULT_AUX_VOLUME_GI),
      prometheusSelectedStorageClass: '',
    },
    affinity: { podAffinity: 'default', nodeSelectorLabels: [], withPodAntiAffinity: true },
    identityProvider: {
      idpSelection: 'Built-in',
      keys: [generatedKeyPair()],
      oidc: {
        url: '',
        configuration_url: '',
        client_id: '',
        secret_id: '',
        claim_name: '',
        callback_url: '',
        scopes: '',
      },
      ad: {
        url: '',
        skip_tls_verification: false,
        server_insecure: false,
        username_format: '',
        username_search_filter: '',
        group_search_base_dn: '',
        group_search_filter: '',
        group_name_attribute: '',
        user_dns: [{ id: newRowId(), dn: '' }],
        lookup_bind_dn: '',
        lookup_bind_password: '',
        user_dn_search_base_dn: '',
        user_dn_search_filter: '',
        server_start_tls: false,
      },
    },
    security: {
      enableTLS: true,
      enableAutoCert: true,
      enableCustomCerts: false,
      minioCertificates: [emptyPair()],
      caCertificates: [emptyCa()],
      consoleCertificate: emptyPair(),
      consoleCaCertificates: [emptyCa()],
    },
    encryption: {
      enableEncryption: false,
      encryptionType: 'vault',
      enableCustomCertsForKES: false,
      serverCertificate: emptyPair(),
      clientCertificate: emptyPair(),
      vaultCertificate: emptyPair(),
      vaultCA: emptyCa(),
      gemaltoCA: emptyCa(),
      vault: {
        endpoint: '',
        engine: '',
        namespace: '',
        prefix: '',
        approleEngine: '',
        approleId: '',
        approleSecret: '',
        approleRetry: '0',
        statusPing: '10',
      },
      aws: { endpoint: '', region: '', kmskey: '', accesskey: '', secretkey: '', token: '' },
      gcp: {
        project_id: '',
        endpoint: '',
        client_email: '',
        client_id: '',
        private_key_id: '',
        private_key: '',
      },
      gemalto: { endpoint: '', token: '', domain: '', retry: '0' },
    },
    tenantSize: { nodes: '4', volumeSize: '100', drivesPerServer: '1', memoryNode: '2', ecParity: '' },
  };
}
