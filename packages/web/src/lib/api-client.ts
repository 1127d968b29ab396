/**
 * The one HTTP client of the web app for the console API (`/api/v1`, architecture §6). It knows
 * the base path the app is served under, sends the session cookie, parses JSON, and turns every
 * failure into an `ApiError`. It holds no state beyond its options: the app creates one and hands it
 * down through React context; query options take it as a parameter.
 */
import { ApiError, apiErrorFromResponse, toApiError } from './api-error.js';

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

export interface ApiClient {
  /** The path prefix the console is served under ('' at the root, '/sub/path' otherwise). */
  readonly basePath: string;
  /** The absolute path of an API endpoint: `url('/buckets')` → '{basePath}/api/v1/buckets'. */
  url(path: string, query?: Record<string, QueryValue>): string;
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
}

export interface ApiClientOptions {
  basePath: string;
  fetch?: typeof fetch;
}

/** Encodes a query string, skipping undefined and null values. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const basePath = options.basePath.replace(/\/+$/, '');
  const url = (path: string, query?: Record<string, QueryValue>): string =>
    `${basePath}/api/v1${path}${queryString(query)}`;

  return {
    basePath,
    url,
    async request<T>(method: string, path: string, request: RequestOptions = {}): Promise<T> {
      let response: Response;
      try {
        response = await doFetch(url(path, request.query), {
          method,
          credentials: 'same-origin',
          headers: request.body === undefined ? undefined : { 'Content-Type': 'application/json' },
          body: request.body === undefined ? undefined : JSON.stringify(request.body),
          signal: request.signal,
        });
      } catch (error) {
        // An aborted request is the caller's own doing: let it through untouched.
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        throw toApiError(error);
      }
      const body = await readBody(response);
      if (!response.ok) throw apiErrorFromResponse(response.status, body);
      // Spec 1 §7: a login answer carrying an error field counts as a failure.
      if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string') {
        throw new ApiError(response.status, body.error);
      }
      return body as T;
    },
  };
}
