/** German texts of the Watch page. */
export const watch = {
  title: 'Beobachten',
  bucket: 'Bucket',
  selectBucket: 'Bucket wählen',
  prefix: 'Präfix',
  suffix: 'Suffix',
  start: 'Starten',
  stop: 'Anhalten',
  columns: { time: 'Zeit', size: 'Größe', type: 'Typ', path: 'Pfad' },
  empty: 'Zurzeit keine Änderungen',
  failed: 'Beobachtung beendet: {{reason}}',
  failedNoReason: 'Beobachtung beendet: die Verbindung wurde getrennt.',
};
