/**
 * Errors the console raises itself, as one class carrying a catalogue code (contract
 * ERROR_CODES), the HTTP status, the short message and the detail — exactly the answer shape.
 * Failures coming from the storage server are not wrapped here: the error handler classifies
 * them (./storage/storage-errors.ts), so handlers simply let them propagate.
 */
import { ERROR_CODES, type DeleteOutcome, type ErrorCode } from '@coffer/contract';

export class ConsoleError extends Error {
  override readonly name = 'ConsoleError';
  readonly status: number;
  /** The session's own credentials were refused (a Kubernetes token that no longer works): end it. */
  credentialsRejected = false;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detailedMessage = '',
    status?: number,
    readonly outcome?: DeleteOutcome,
  ) {
    super(message);
    this.status = status ?? ERROR_CODES[code].status;
  }
}

export const notAuthenticated = (detail = ''): ConsoleError =>
  new ConsoleError('not_authenticated', 'Your session has ended, please sign in again', detail);

export const invalidRequest = (message: string, detail = ''): ConsoleError =>
  new ConsoleError('invalid_request', message, detail);

export const notImplemented = (message: string, detail = ''): ConsoleError =>
  new ConsoleError('not_implemented', message, detail);
