/** German texts of the account screen (see ../en/account.ts). */
import type { Catalogue } from '../../catalogue.js';
import type { account as en } from '../en/account.js';

export const account: Catalogue<typeof en> = {
  title: 'Dienstkonten',
  changePassword: 'Passwort ändern',
  passwordChanged: 'Passwort erfolgreich geändert.',
};
