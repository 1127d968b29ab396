/**
 * The `data-testid`s of the auth screens, loaded with them; joined into `selectors.ts`
 * (`TEST_IDS`) for the browser and component tests.
 */
export const AUTH_TEST_IDS = {
  login: {
    screen: 'login-screen',
    loading: 'login-loading',
    errorBanner: 'login-error-banner',
    unreachable: 'login-unreachable',
    retry: 'login-retry',
    accessKey: 'login-access-key',
    secretKey: 'login-secret-key',
    submit: 'login-submit',
    ssoLink: 'login-sso-link',
    jwt: 'login-jwt',
  },
  oauthCallback: { screen: 'oauth-callback-screen', idpError: 'oauth-idp-error' },
} as const;
