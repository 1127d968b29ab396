/**
 * What one entry of the live-socket table is (`StreamContract`, spec 2 §7 "Live sockets"): the
 * WebSocket path below the console's base path, the zod schemas of its path parameters and query,
 * and the schema of every message the server sends. The client only ever sends the keep-alive
 * text `KEEP_ALIVE_MESSAGE`. Close codes are `STREAM_CLOSE` (free of zod, also in the browser
 * entry). The types a client derives from an entry: `StreamRequest` (params and query) and
 * `StreamMessage` (one message).
 */
import type { z } from 'zod';
import type { QueryInput } from './route-contract.js';

export { KEEP_ALIVE_MESSAGE, KEEP_ALIVE_INTERVAL_MS, STREAM_CLOSE, WS_PREFIX } from './stream-constants.js';

export interface StreamContract {
  /** Below the console's base path, Fastify syntax, e.g. `/ws/watch/:bucket`. */
  path: string;
  summary: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  /** One message as the server sends it (one JSON text frame each). */
  message: z.ZodType;
}

type SchemaOf<S, K extends string> = S extends { readonly [P in K]: infer T extends z.ZodType } ? T : never;

/** What opening a stream takes: its params and query, each present exactly when declared. */
export type StreamRequest<S> = ([SchemaOf<S, 'params'>] extends [never]
  ? { params?: undefined }
  : { params: z.input<SchemaOf<S, 'params'>> }) &
  ([SchemaOf<S, 'querystring'>] extends [never]
    ? { query?: undefined }
    : { query?: Partial<QueryInput<z.input<SchemaOf<S, 'querystring'>>>> });

/** One message of a stream, as the browser receives it. */
export type StreamMessage<S> = S extends { message: infer M extends z.ZodType } ? z.output<M> : never;
