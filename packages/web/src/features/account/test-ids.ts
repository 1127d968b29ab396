/**
 * The `data-testid`s of the account screens, loaded with them; joined into `selectors.ts`
 * (`TEST_IDS`) for the browser and component tests.
 */
export const ACCOUNT_TEST_IDS = {
  account: {
    screen: 'account-screen',
    search: 'service-accounts-search',
    create: 'service-accounts-create',
    changePassword: 'account-change-password',
  },
  changePassword: {
    modal: 'change-password-modal',
    current: 'change-password-current',
    newPassword: 'change-password-new',
    retype: 'change-password-retype',
    error: 'change-password-error',
    save: 'change-password-save',
  },
} as const;
