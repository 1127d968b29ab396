/** English texts of the login screens (spec 1 §2, §4, §5). */
export const auth = {
  consoleLogin: 'Console Login',
  username: 'Username',
  password: 'Password',
  login: 'Login',
  backendUnreachable: 'An error has ocurred, the backend cannot be reached.',
  operatorLogin: 'Operator Login',
  jwt: 'JWT',
  welcome: 'Welcome',
  loginWithSso: 'Login with SSO',
  singleSignOn: 'Single sign-on',
  idpError: 'IDP Error: {{error}} {{description}}',
  signingIn: 'Signing in',
  /** A failed single sign-on, shown in the login banner: the reason and its detail. */
  ssoFailed: '{{message}} ({{detail}})',
} as const;
