/**
 * `@coffer/contract/client` — the part of the contract the browser loads at run time, free of zod:
 * the endpoint table (name, method, path of every route), the page catalogue, the error-code
 * names, and the types a client derives from the route table's schemas (type-only imports, erased
 * from the bundle).
 */
export { API_PREFIX, apiPath } from './api-paths.js';
export { ENDPOINTS, type Endpoint } from './endpoints.js';
export { ERROR_CODES, type ErrorCode } from './error-codes.js';
export {
  PAGES,
  pageById,
  type ConsolePage,
  type MenuGroupName,
  type PageAccess,
  type PageId,
} from './pages.js';
export type { QueryInput, QueryScalar, RouteAnswer, RouteRequest } from './route-contract.js';
export type { Api, ApiName } from './routes.js';
export * from './config-fields.js';
export { KEEP_ALIVE_INTERVAL_MS, KEEP_ALIVE_MESSAGE, STREAM_CLOSE, WS_PREFIX } from './stream-constants.js';
export { STREAM_ENDPOINTS, type StreamEndpoint } from './stream-endpoints.js';
export type { StreamMessage, StreamRequest } from './stream-contract.js';
export type { StreamName, Streams } from './streams.js';
export type { TraceQuery } from './streams/trace-stream.js';
export * from './object-size-ranges.js';
export * from './tier-rules.js';
