/**
 * The Diagnostic page's status (spec 2 §4 "Diagnostics") from its socket's state: empty before a
 * start; inProgress once the socket is being opened; success when the server closed it normally
 * (1000); error on a socket error or any other close (1011, 1008, 1006, …).
 */
export type DiagnosticStatus = 'empty' | 'inProgress' | 'success' | 'error';

export type SocketState = 'idle' | 'connecting' | 'open' | 'closed' | 'failed';

export function diagnosticStatus(state: SocketState): DiagnosticStatus {
  switch (state) {
    case 'idle':
      return 'empty';
    case 'connecting':
    case 'open':
      return 'inProgress';
    case 'closed':
      return 'success';
    case 'failed':
      return 'error';
  }
}

/** Download is offered only after a normal end that brought a report. */
export function canDownload(status: DiagnosticStatus, hasReport: boolean): boolean {
  return status === 'success' && hasReport;
}
