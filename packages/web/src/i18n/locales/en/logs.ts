/** English texts of the Logs page's frame and Error Logs (spec 2 §2 Logs, §5, §8). */
export const logs = {
  title: 'Logs',
  errorLogs: 'Error Logs',
  auditLogs: 'Audit Logs',
  highlightLine: 'Highlight Line',
  start: 'Start',
  state: {
    running: 'Receiving the server log…',
    stopped: 'Stopped',
  },
  failed: 'The log stream stopped with an error.',
  empty: 'No log lines yet',
  details: 'API {{api}} · request {{requestId}} · from {{remoteHost}}',
} as const;
