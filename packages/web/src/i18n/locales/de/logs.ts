/** German texts of the Logs page's frame and Error Logs. */
export const logs = {
  title: 'Protokolle',
  errorLogs: 'Fehlerprotokolle',
  auditLogs: 'Audit-Protokolle',
  highlightLine: 'Zeile hervorheben',
  start: 'Starten',
  state: {
    running: 'Serverprotokoll wird empfangen…',
    stopped: 'Angehalten',
  },
  failed: 'Der Protokollstrom wurde mit einem Fehler beendet.',
  empty: 'Noch keine Protokollzeilen',
  details: 'API {{api}} · Anfrage {{requestId}} · von {{remoteHost}}',
};
