/** German texts of the bucket screens (see ../en/buckets.ts). */
import type { Catalogue } from '../../catalogue.js';
import type { buckets as en } from '../en/buckets.js';

export const buckets: Catalogue<typeof en> = {
  title: 'Buckets',
  search: 'Buckets durchsuchen',
  setReplication: 'Replikation einrichten',
  createBucket: 'Bucket erstellen',
  selectAll: 'Alle Buckets auswählen',
  selectBucket: 'Bucket {{name}} auswählen',
  deleteBucketLabel: 'Bucket {{name}} löschen',
  creationDate: 'Erstellungsdatum',
  size: 'Größe',
  empty: 'Es gibt noch keine Buckets.',
  noMatch: 'Kein Bucket entspricht dieser Suche.',
  detail: {
    browse: 'Durchsuchen',
    sections: 'Bucket-Bereiche',
    summary: 'Zusammenfassung',
    accessAudit: 'Zugriffsprüfung',
    reportedUsage: 'Gemeldete Nutzung',
    versioning: 'Versionierung',
  },
  access: {
    policies: 'Richtlinien',
    users: 'Benutzer',
    noPolicies: 'Keine Richtlinien verfügbar',
    noUsers: 'Keine Benutzer verfügbar',
  },
  create: {
    title: 'Bucket erstellen',
    name: 'Bucket-Name',
    features: 'Funktionen',
    nonErasure:
      'Einige dieser Funktionen sind deaktiviert, da der Server nicht im Erasure-Coding-Modus läuft.',
    versioning: 'Versionierung',
    locking: 'Objektsperre',
    quota: 'Kontingent',
    quotaType: 'Kontingenttyp',
    hard: 'Hart',
    fifo: 'FIFO',
    unit: 'Einheit',
    retention: 'Aufbewahrung',
    mode: 'Modus',
    compliance: 'Compliance',
    governance: 'Governance',
    validity: 'Aufbewahrungsdauer',
    retentionUnit: 'Aufbewahrungseinheit',
    days: 'Tage',
    years: 'Jahre',
    created: "Bucket '{{name}}' erfolgreich erstellt.",
    nameRules: {
      length: 'Bucket-Namen müssen zwischen 3 und 63 Zeichen lang sein.',
      characters:
        'Bucket-Namen dürfen nur Kleinbuchstaben, Ziffern, Punkte (.) und Bindestriche (-) enthalten.',
      edges: 'Bucket-Namen müssen mit einem Buchstaben oder einer Ziffer beginnen und enden.',
      adjacentDots: 'Bucket-Namen dürfen keine zwei aufeinanderfolgenden Punkte enthalten.',
      dotHyphen: 'Bucket-Namen dürfen keinen Punkt neben einem Bindestrich enthalten.',
      ipAddress: 'Bucket-Namen dürfen nicht wie eine IP-Adresse aussehen (zum Beispiel 192.168.5.4).',
    },
  },
  delete: {
    title: 'Bucket löschen',
    question: 'Möchten Sie den Bucket <strong>{{name}}</strong> wirklich löschen?',
    onlyEmpty: 'Ein Bucket kann nur gelöscht werden, wenn er leer ist.',
    deleted: "Bucket '{{name}}' erfolgreich gelöscht.",
  },
  replication: {
    title: 'Replikation für mehrere Buckets einrichten',
    selected: 'Ausgewählte Buckets:',
    notYet: 'Die Remote-Replikation kann in dieser Version der Konsole noch nicht eingerichtet werden.',
  },
};
