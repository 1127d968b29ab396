/**
 * The one error type of the console's API layer, and the rules of spec 1 §8 for turning a failed
 * response into what users read: the body's `message` (or 'Error {status}' when there is none) and
 * an optional `detailedMessage`, each with its first letter capitalised, the detail dropped when it
 * repeats the message. The older `errorMessage` / `detailedError` shape is read too. The body's
 * `code`, when it is one of the contract's error catalogue (`ERROR_CODES`), is kept, so callers
 * can tell e.g. `conflict` from `access_denied` without reading texts.
 * A status of 0 means the request got no HTTP status at all (network failure).
 */
import { ERROR_CODES, type ErrorCode } from '@coffer/contract/client';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly detailedMessage?: string,
    /** The catalogue code of the server's error answer, when it sent one. */
    readonly code?: ErrorCode,
  ) {
    super(message);
  }

  /** A 401, or a request that got no status at all: both send the user to /login (spec 1 §8). */
  get needsLogin(): boolean {
    return this.status === 401 || this.status === 0;
  }
}

/** Upper-cases the first character, leaving the rest as written. */
export function capitalizeFirst(text: string): string {
  return text.length === 0 ? text : text.charAt(0).toUpperCase() + text.slice(1);
}

function stringField(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function catalogueCode(body: unknown): ErrorCode | undefined {
  const code = stringField(body, 'code');
  return code !== undefined && Object.hasOwn(ERROR_CODES, code) ? (code as ErrorCode) : undefined;
}

/** Builds the ApiError for an HTTP error answer from its status and (parsed JSON or absent) body. */
export function apiErrorFromResponse(status: number, body: unknown): ApiError {
  const rawMessage = stringField(body, 'message') ?? stringField(body, 'errorMessage') ?? `Error ${status}`;
  const rawDetail = stringField(body, 'detailedMessage') ?? stringField(body, 'detailedError');
  const message = capitalizeFirst(rawMessage);
  const detail = rawDetail === undefined ? undefined : capitalizeFirst(rawDetail);
  return new ApiError(status, message, detail === message ? undefined : detail, catalogueCode(body));
}

/** Turns anything thrown into an ApiError (network failures become status 0). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError(0, capitalizeFirst(message || 'Network error'));
}

/** The detail a modal shows: spec 1 §8 hides details shorter than 5 characters inside modals. */
export function modalDetail(error: ApiError): string | undefined {
  const detail = error.detailedMessage;
  return detail !== undefined && detail.length >= 5 ? detail : undefined;
}
