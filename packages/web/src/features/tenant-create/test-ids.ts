/**
 * The Create New Tenant wizard's `data-testid`s, joined into the app's one selectors module
 * (`selectors.ts`, `TEST_IDS.tenantCreate`) that the browser tests import.
 */
export const TENANT_CREATE_IDS = {
  screen: 'tenant-create-screen',
  backToList: 'tenant-create-back-to-list',
  advancedMode: 'tenant-create-advanced-mode',
  step: (step: string) => `tenant-create-step-${step}`,
  stepPanel: (step: string) => `tenant-create-panel-${step}`,
  cancel: 'tenant-create-cancel',
  back: 'tenant-create-back',
  next: 'tenant-create-next',
  create: 'tenant-create-create',
  progress: 'tenant-create-progress',
  error: 'tenant-create-error',
  field: (name: string) => `tenant-create-field-${name.replace(/\./g, '-')}`,
  addRow: (list: string) => `tenant-create-add-${list}`,
  removeRow: (list: string, index: number) => `tenant-create-remove-${list}-${index}`,
  addNamespace: 'tenant-create-add-namespace',
  namespaceModal: 'tenant-create-namespace-modal',
  namespaceConfirm: 'tenant-create-namespace-confirm',
  namespaceError: 'tenant-create-namespace-error',
  sizeError: 'tenant-create-size-error',
  parityTable: 'tenant-create-parity-table',
  allocation: 'tenant-create-allocation',
  preview: (item: string) => `tenant-create-preview-${item}`,
  credentialsModal: 'tenant-create-credentials',
  credentialsAccessKey: 'tenant-create-credentials-access-key',
  credentialsSecretKey: 'tenant-create-credentials-secret-key',
  credentialsDone: 'tenant-create-credentials-done',
  encryptionNeedsTls: 'tenant-create-encryption-needs-tls',
  adInsecureWarning: 'tenant-create-ad-insecure-warning',
} as const;
