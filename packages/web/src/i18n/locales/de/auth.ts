/** German texts of the login screens (see ../en/auth.ts). */
import type { Catalogue } from '../../catalogue.js';
import type { auth as en } from '../en/auth.js';

export const auth: Catalogue<typeof en> = {
  consoleLogin: 'Konsolen-Anmeldung',
  username: 'Benutzername',
  password: 'Passwort',
  login: 'Anmelden',
  backendUnreachable: 'Ein Fehler ist aufgetreten, das Backend ist nicht erreichbar.',
  operatorLogin: 'Operator-Anmeldung',
  jwt: 'JWT',
  welcome: 'Willkommen',
  loginWithSso: 'Mit SSO anmelden',
  singleSignOn: 'Single Sign-on',
  idpError: 'IDP-Fehler: {{error}} {{description}}',
  signingIn: 'Anmeldung läuft',
  ssoFailed: '{{message}} ({{detail}})',
};
