/**
 * The wizard's validation rules (spec 3 §4 "Wizard", "Encryption", "Security step validity",
 * "Size step validity"; §5 "Tenant name and namespace", "Configure page", "Identity provider",
 * "Pod affinity", "Tenant size", "Encryption"; §9 limits). Each step's rule answers the problems
 * of its fields by field name, as `tenantCreate:validation.*` keys with their values; a step is
 * valid when it answers none. Free of React and of the language: the steps show the texts.
 */
import type { Messages } from '../../../i18n/locales/en/index.js';
import type {
  AffinityForm,
  CertificatePair,
  ConfigureForm,
  EncryptionForm,
  IdentityProviderForm,
  NameTenantForm,
  SecurityForm,
  TenantSizeForm,
} from './form.js';
import { GIB, MIN_MEMORY_BYTES, MIN_SERVERS } from './sizing.js';

export type TenantValidationKey = keyof Messages['tenantCreate']['validation'];

export interface TenantProblem {
  key: TenantValidationKey;
  values?: Record<string, string>;
}

/** Problems by field name; empty when the step is valid. */
export type StepProblems = Record<string, TenantProblem>;

const REQUIRED: TenantProblem = { key: 'fieldRequired' };

/** §5/§9: lowercase letters, digits and dash, 3 to 63 characters. */
export const TENANT_NAME_PATTERN = /^[a-z0-9-]{3,63}$/;
/** A Kubernetes namespace is a DNS-1123 label: checked before asking the server about it. */
export const NAMESPACE_PATTERN = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;
/** §5/§9: built-in keys are letters, digits and dash, 8 to 63 characters. */
export const KEY_PATTERN = /^[a-zA-Z0-9-]{8,63}$/;
/** §5: custom images are owner/name:version (the owner may be a registry host, the name a path). */
export const IMAGE_PATTERN = /^[^\s/]+\/[^\s:]+:[^\s:/]+$/;

const blank = (value: string) => value.trim() === '';

/** Whole, non-negative number as typed ('' and '1.5' are not). */
export function wholeNumber(value: string): number {
  return /^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
}

/** What the namespace lookup found (debounced, §4 "Tenant name step"). */
export interface NamespaceCheck {
  /** The namespace already holds a tenant. */
  hasTenant: boolean;
  /** Storage classes offered by its quota; empty when the quota lookup failed. */
  storageClasses: readonly string[];
  /** The lookups for the current namespace are done. */
  checked: boolean;
}

/** Name Tenant: tenant name, namespace (one tenant each, must offer a storage class), storage class. */
export function nameTenantProblems(form: NameTenantForm, check: NamespaceCheck): StepProblems {
  const problems: StepProblems = {};
  if (blank(form.tenantName)) problems.tenantName = REQUIRED;
  else if (!TENANT_NAME_PATTERN.test(form.tenantName)) problems.tenantName = { key: 'tenantName' };
  if (blank(form.namespace)) problems.namespace = REQUIRED;
  else if (!NAMESPACE_PATTERN.test(form.namespace)) problems.namespace = { key: 'invalidNamespace' };
  else if (!check.checked) problems.namespace = { key: 'checkingNamespace' };
  else if (check.hasTenant) problems.namespace = { key: 'onePerNamespace' };
  else if (check.storageClasses.length < 1) problems.namespace = { key: 'invalidNamespace' };
  if (problems.namespace === undefined && blank(form.selectedStorageClass))
    problems.selectedStorageClass = REQUIRED;
  return problems;
}

const IMAGE_FIELDS = [
  ['imageName', 'imageMinio'],
  ['consoleImage', 'imageConsole'],
  ['logSearchImage', 'imageLogSearch'],
  ['kesImage', 'imageKes'],
  ['logSearchPostgresImage', 'imagePostgres'],
  ['prometheusImage', 'imagePrometheus'],
] as const satisfies readonly (readonly [keyof ConfigureForm, TenantValidationKey])[];

/** §5 "Configure page": custom images, custom registry, log search and Prometheus overrides. */
export function configureProblems(form: ConfigureForm): StepProblems {
  const problems: StepProblems = {};
  if (form.customImage) {
    // An image left empty keeps the operator's default; one typed must be owner/name:version.
    for (const [field, key] of IMAGE_FIELDS) {
      const value = form[field].trim();
      if (value !== '' && !IMAGE_PATTERN.test(value)) problems[field] = { key };
    }
  }
  if (form.customDockerhub) {
    for (const field of ['imageRegistry', 'imageRegistryUsername', 'imageRegistryPassword'] as const) {
      if (blank(form[field])) problems[field] = REQUIRED;
    }
  }
  const overrides = [
    [form.logSearchCustom, 'logSearchSelectedStorageClass', 'logSearchVolumeSize'],
    [form.prometheusCustom, 'prometheusSelectedStorageClass', 'prometheusVolumeSize'],
  ] as const;
  for (const [on, classField, sizeField] of overrides) {
    if (!on) continue;
    if (blank(form[classField])) problems[classField] = REQUIRED;
    if (!(wholeNumber(form[sizeField]) > 0)) problems[sizeField] = { key: 'volumeSizePositive' };
  }
  return problems;
}

/** §5 "Identity provider": built-in keys, OpenID's required fields, AD's server and user DNs. */
export function identityProviderProblems(form: IdentityProviderForm): StepProblems {
  const problems: StepProblems = {};
  if (form.idpSelection === 'Built-in') {
    form.keys.forEach((pair, index) => {
      if (!KEY_PATTERN.test(pair.access_key)) problems[`keys.${index}.access_key`] = { key: 'keysLength' };
      if (!KEY_PATTERN.test(pair.secret_key)) problems[`keys.${index}.secret_key`] = { key: 'keysLength' };
    });
  } else if (form.idpSelection === 'OpenID') {
    for (const field of ['url', 'configuration_url', 'client_id', 'secret_id', 'claim_name'] as const) {
      if (blank(form.oidc[field])) problems[`oidc.${field}`] = REQUIRED;
    }
  } else {
    if (blank(form.ad.url)) problems['ad.url'] = REQUIRED;
    form.ad.user_dns.forEach((row, index) => {
      if (blank(row.dn)) problems[`ad.user_dns.${index}`] = REQUIRED;
    });
  }
  return problems;
}

/** The node selector's complete key=value pairs. */
export function completeLabels(form: AffinityForm): { key: string; value: string }[] {
  return form.nodeSelectorLabels
    .map(({ key, value }) => ({ key: key.trim(), value: value.trim() }))
    .filter(({ key, value }) => key !== '' && value !== '');
}

/** §5 "Pod affinity": nodeSelector needs at least one complete key=value pair. */
export function affinityProblems(form: AffinityForm): StepProblems {
  if (form.podAffinity === 'nodeSelector' && completeLabels(form).length === 0) {
    return { nodeSelectorLabels: { key: 'labelPair' } };
  }
  return {};
}

const pairComplete = (pair: CertificatePair) => pair.encoded_key !== '' && pair.encoded_cert !== '';

/** §4 "Security step validity": TLS off, or on with auto cert or custom certificates chosen. */
export function securityProblems(form: SecurityForm): StepProblems {
  if (!form.enableTLS || form.enableAutoCert || form.enableCustomCerts) return {};
  return { enableTLS: { key: 'tlsNeedsCertificates' } };
}

/**
 * §4 "Encryption": it can be switched on only with TLS on and either auto certificates or at least
 * one uploaded MinIO certificate pair.
 */
export function canEnableEncryption(security: SecurityForm): boolean {
  return (
    security.enableTLS &&
    (security.enableAutoCert || (security.enableCustomCerts && security.minioCertificates.some(pairComplete)))
  );
}

/** §4: the encryption service's custom certificates are forced on when auto cert is off. */
export function kesCustomCertsOn(encryption: EncryptionForm, security: SecurityForm): boolean {
  return encryption.enableCustomCertsForKES || !security.enableAutoCert;
}

/** §5 "Encryption": each KMS's required fields; retry and ping 0 or greater; KES certificates. */
export function encryptionProblems(form: EncryptionForm, security: SecurityForm): StepProblems {
  if (!form.enableEncryption) return {};
  const problems: StepProblems = {};
  const need = (name: string, value: string) => {
    if (blank(value)) problems[name] = REQUIRED;
  };
  const notNegative = (name: string, value: string) => {
    // Optional: empty is fine; anything typed must be a whole number of seconds (§9).
    if (!blank(value) && !(wholeNumber(value) >= 0)) problems[name] = { key: 'zeroOrGreater' };
  };
  switch (form.encryptionType) {
    case 'vault':
      need('vault.endpoint', form.vault.endpoint);
      need('vault.approleId', form.vault.approleId);
      need('vault.approleSecret', form.vault.approleSecret);
      notNegative('vault.approleRetry', form.vault.approleRetry);
      notNegative('vault.statusPing', form.vault.statusPing);
      break;
    case 'aws':
      need('aws.endpoint', form.aws.endpoint);
      need('aws.region', form.aws.region);
      need('aws.accesskey', form.aws.accesskey);
      need('aws.secretkey', form.aws.secretkey);
      break;
    case 'gemalto':
      need('gemalto.endpoint', form.gemalto.endpoint);
      need('gemalto.token', form.gemalto.token);
      need('gemalto.domain', form.gemalto.domain);
      notNegative('gemalto.retry', form.gemalto.retry);
      break;
    case 'gcp':
      // The spec does not list GCP's requirements; without a project the KMS cannot work.
      need('gcp.project_id', form.gcp.project_id);
      break;
  }
  if (kesCustomCertsOn(form, security) && !security.enableAutoCert) {
    for (const [name, pair] of [
      ['serverCertificate', form.serverCertificate],
      ['clientCertificate', form.clientCertificate],
    ] as const) {
      if (pair.encoded_key === '') problems[`${name}.key`] = REQUIRED;
      if (pair.encoded_cert === '') problems[`${name}.cert`] = REQUIRED;
    }
  }
  return problems;
}

/** The size step's own field problems (§5 "Tenant size"); the derived errors are added by the step. */
export function tenantSizeProblems(
  form: TenantSizeForm,
  limitBytes: number,
  formatLimit: (bytes: number) => string,
): StepProblems {
  const problems: StepProblems = {};
  const nodes = wholeNumber(form.nodes);
  if (blank(form.nodes)) problems.nodes = REQUIRED;
  else if (!(nodes >= MIN_SERVERS)) problems.nodes = { key: 'serversAtLeastFour' };
  const drives = wholeNumber(form.drivesPerServer);
  if (blank(form.drivesPerServer)) problems.drivesPerServer = REQUIRED;
  else if (!(drives >= 1)) problems.drivesPerServer = { key: 'drivesRequired' };
  const size = wholeNumber(form.volumeSize) * GIB;
  if (blank(form.volumeSize)) problems.volumeSize = REQUIRED;
  else if (!(size > GIB && size < limitBytes)) {
    problems.volumeSize = { key: 'volumeSizeRange', values: { limit: formatLimit(limitBytes) } };
  }
  const memory = Number(form.memoryNode.trim()) * GIB;
  if (blank(form.memoryNode)) problems.memoryNode = REQUIRED;
  else if (!(memory >= MIN_MEMORY_BYTES)) problems.memoryNode = { key: 'memoryMin' };
  return problems;
}
