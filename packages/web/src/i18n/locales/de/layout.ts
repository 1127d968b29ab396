/** German texts of the signed-in shell (see ../en/layout.ts). */
import type { Catalogue } from '../../catalogue.js';
import type { layout as en } from '../en/layout.js';

export const layout: Catalogue<typeof en> = {
  menu: {
    dashboard: 'Übersicht',
    'object-browser': 'Objekt-Browser',
    account: 'Konto',
    buckets: 'Buckets',
    users: 'Benutzer',
    groups: 'Gruppen',
    policies: 'Richtlinien',
    settings: 'Einstellungen',
    logs: 'Protokolle',
    watch: 'Beobachten',
    trace: 'Ablaufverfolgung',
    heal: 'Reparatur',
    'health-info': 'Diagnose',
    tenants: 'Mandanten',
    storage: 'Speicher',
    license: 'Lizenz',
    documentation: 'Dokumentation',
  },
  group: {
    User: 'Benutzerbereich',
    Admin: 'Verwaltung',
    Tools: 'Werkzeuge',
    Operator: 'Operator',
    License: 'Lizenz',
  },
  logout: 'Abmelden',
  screenLoadFailed: 'Diese Ansicht konnte nicht geladen werden.',
  reload: 'Neu laden',
  mainMenu: 'Hauptmenü',
  toggleMenu: 'Menü ein- oder ausblenden',
  notFoundTitle: '404 Nicht gefunden',
  notFoundText: 'Diese Seite existiert nicht oder ist für Ihr Konto nicht verfügbar.',
};
