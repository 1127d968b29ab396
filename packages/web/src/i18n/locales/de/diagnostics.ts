/** German texts of the Diagnostic page. */
export const diagnostics = {
  start: 'Diagnose starten',
  download: 'Herunterladen',
  started: 'Diagnose gestartet. Bitte die Seite während der Diagnose nicht neu laden.',
  ready: 'Die Diagnosedatei kann heruntergeladen werden.',
  failed: 'Beim Abrufen der Diagnosedatei ist ein Fehler aufgetreten.',
  intro:
    'Sammelt den Gesundheitsbericht des Speicherservers: CPU, Arbeitsspeicher, Betriebssystem, Laufwerke mit ihrer Belegung und ein kurzer Laufwerks-Geschwindigkeitstest. „Herunterladen“ speichert ihn als diagnostic.json.',
  inProgress: 'Diagnose läuft',
};
