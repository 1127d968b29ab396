/**
 * The `data-testid`s of the service-account components shared by the Access Keys (account) and
 * user detail (IAM) screens. Joined into `selectors.ts` (`TEST_IDS`)
 * for the browser and component tests.
 */
export const SERVICE_ACCOUNT_TEST_IDS = {
  serviceAccounts: {
    table: 'service-accounts-table',
    empty: 'service-accounts-empty',
    row: (key: string) => `service-account-row-${key}`,
    delete: (key: string) => `service-account-delete-${key}`,
  },
  createServiceAccount: {
    modal: 'create-service-account-modal',
    restrict: 'create-service-account-restrict',
    policy: 'create-service-account-policy',
    policyProblem: 'create-service-account-policy-problem',
    error: 'create-service-account-error',
    save: 'create-service-account-save',
  },
  newServiceAccount: {
    modal: 'new-service-account-modal',
    accessKey: 'new-service-account-access-key',
    secretKey: 'new-service-account-secret-key',
    download: 'new-service-account-download',
    close: 'new-service-account-close',
  },
  deleteServiceAccount: {
    modal: 'delete-service-account-modal',
    confirm: 'delete-service-account-confirm',
    error: 'delete-service-account-error',
  },
} as const;
