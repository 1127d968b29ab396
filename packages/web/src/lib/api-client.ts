/**
 * The one HTTP client of the web app for the console API (architecture §6). Every call names a
 * contract entry — `client.call(ENDPOINTS.getUser, { query: { name } })` — and its path, method,
 * path parameters, query, body and answer all come from that entry: the argument and result types
 * are inferred from the entry's zod schemas (`RouteRequest` / `RouteAnswer` of the contract), the
 * URL is the entry's `:param` pattern with each parameter URI-encoded, below the base path the app
 * is served under. No API path is written here or in the features, so a change of the contract
 * that the web does not follow fails to compile. Failures become an `ApiError` (keeping the
 * catalogue `code`). The client holds no state beyond its options: the app creates one and hands
 * it down through React context; query options take it as a parameter.
 */
import {
  apiPath,
  type Api,
  type ApiName,
  type Endpoint,
  type RouteAnswer,
  type RouteRequest,
} from '@coffer/contract/client';
import { ApiError, apiErrorFromResponse, toApiError } from './api-error.js';

export type QueryValue =
  string | number | boolean | readonly (string | number | boolean)[] | undefined | null;

/** What a call of entry `N` takes: its params, query and body as the contract declares them. */
export type CallArgs<N extends ApiName> = RouteRequest<Api[N]> & { signal?: AbortSignal };

/** What a call of entry `N` answers: its 2xx schema's output (`void` for No Content). */
export type CallAnswer<N extends ApiName> = RouteAnswer<Api[N]>;

/** The arguments are optional exactly when the entry has no params, query or body. */
type CallRest<N extends ApiName> = object extends CallArgs<N> ? [args?: CallArgs<N>] : [args: CallArgs<N>];

/** A URL the browser opens itself (download, XHR upload): only params and query. */
export type UrlArgs<N extends ApiName> = Pick<RouteRequest<Api[N]>, 'params' | 'query'>;
type UrlRest<N extends ApiName> = object extends UrlArgs<N> ? [args?: UrlArgs<N>] : [args: UrlArgs<N>];

export interface ApiClient {
  /** The path prefix the console is served under ('' at the root, '/sub/path' otherwise). */
  readonly basePath: string;
  /** Calls a contract entry and answers its parsed JSON body (undefined when empty). */
  call<N extends ApiName>(endpoint: Endpoint<N>, ...args: CallRest<N>): Promise<CallAnswer<N>>;
  /** The absolute URL of a contract entry, for navigations and uploads the browser makes itself. */
  url<N extends ApiName>(endpoint: Endpoint<N>, ...args: UrlRest<N>): string;
  /**
   * Calls an entry that answers NDJSON (a long run's progress) and hands each line's value to
   * `onLine` as it arrives; resolves at the end of the answer. A non-2xx answer is an `ApiError`.
   */
  lines<N extends ApiName>(
    endpoint: Endpoint<N>,
    onLine: (value: unknown) => void,
    ...args: CallRest<N>
  ): Promise<void>;
}

export interface ApiClientOptions {
  basePath: string;
  fetch?: typeof fetch;
}

/** Encodes a query string, skipping undefined and null values. */
export function queryString(query: Readonly<Record<string, QueryValue>> | undefined): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    // A list is the key repeated (`fp=a&fp=b`).
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
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

/** The request parts as the implementation sees them (the typed surface is `CallArgs`). */
interface LooseArgs {
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, QueryValue>>;
  body?: unknown;
  signal?: AbortSignal;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const basePath = options.basePath.replace(/\/+$/, '');
  const urlOf = (endpoint: Endpoint, args: LooseArgs = {}): string =>
    `${basePath}${apiPath(endpoint.path, args.params)}${queryString(args.query)}`;

  async function open(endpoint: Endpoint, args: LooseArgs = {}): Promise<Response> {
    try {
      return await doFetch(urlOf(endpoint, args), {
        method: endpoint.method,
        credentials: 'same-origin',
        headers: args.body === undefined ? undefined : { 'Content-Type': 'application/json' },
        body: args.body === undefined ? undefined : JSON.stringify(args.body),
        signal: args.signal,
      });
    } catch (error) {
      // An aborted request is the caller's own doing: let it through untouched.
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw toApiError(error);
    }
  }

  async function streamLines(endpoint: Endpoint, onLine: (value: unknown) => void, args: LooseArgs = {}) {
    const response = await open(endpoint, args);
    if (!response.ok) throw apiErrorFromResponse(response.status, await readBody(response));
    const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
    if (reader === undefined) return;
    let pending = '';
    const emit = (line: string) => {
      if (line.trim() !== '') onLine(JSON.parse(line) as unknown);
    };
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        pending += value;
        const parts = pending.split('\n');
        pending = parts.pop() ?? '';
        parts.forEach(emit);
      }
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw toApiError(error);
    }
    emit(pending);
  }

  async function send(endpoint: Endpoint, args: LooseArgs = {}): Promise<unknown> {
    const response = await open(endpoint, args);
    const body = await readBody(response);
    if (!response.ok) throw apiErrorFromResponse(response.status, body);
    // Spec 1 §7: a login answer carrying an error field counts as a failure.
    if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string') {
      throw new ApiError(response.status, body.error);
    }
    return body;
  }

  return {
    basePath,
    // The casts are the one place where the typed surface meets the wire: the answer is the JSON
    // the server serialised with the entry's response schema.
    call: <N extends ApiName>(endpoint: Endpoint<N>, ...[args]: CallRest<N>) =>
      send(endpoint, args as LooseArgs | undefined) as Promise<CallAnswer<N>>,
    url: <N extends ApiName>(endpoint: Endpoint<N>, ...[args]: UrlRest<N>) =>
      urlOf(endpoint, args as LooseArgs | undefined),
    lines: <N extends ApiName>(
      endpoint: Endpoint<N>,
      onLine: (value: unknown) => void,
      ...[args]: CallRest<N>
    ) => streamLines(endpoint, onLine, args as LooseArgs | undefined),
  };
}
