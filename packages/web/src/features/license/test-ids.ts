/**
 * The `data-testid`s of the license screens, loaded with them; joined into `selectors.ts`
 * (`TEST_IDS`) for the browser and component tests.
 */
export const LICENSE_TEST_IDS = {
  license: {
    screen: 'license-screen',
    plan: 'license-plan',
    viewLicense: 'license-view-agpl',
    agplModal: 'license-agpl-modal',
    agplText: 'license-agpl-text',
    plans: 'license-plans-table',
    signIn: 'license-sign-in',
    activate: 'license-activate',
    refresh: 'license-refresh',
    activateModal: 'license-activate-modal',
    key: 'license-key-input',
    email: 'license-email-input',
    password: 'license-password-input',
    activateSubmit: 'license-activate-submit',
    activateError: 'license-activate-error',
  },
} as const;
