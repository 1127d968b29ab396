/**
 * The URL of a live socket (spec 2 §7): ws or wss following the page's protocol, the page's host,
 * the console's base path, the contract entry's path with its parameters URI-encoded, the query.
 */
import { apiPath, type StreamEndpoint } from '@coffer/contract/client';
import { queryString, type QueryValue } from './api-client.js';

export interface StreamUrlArgs {
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, QueryValue>>;
}

export function streamUrl(
  page: Pick<Location, 'protocol' | 'host'>,
  basePath: string,
  endpoint: StreamEndpoint,
  args: StreamUrlArgs = {},
): string {
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  const base = basePath.replace(/\/+$/, '');
  return `${scheme}//${page.host}${base}${apiPath(endpoint.path, args.params)}${queryString(args.query)}`;
}
