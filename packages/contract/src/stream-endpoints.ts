/**
 * The browser's zod-free view of the live-socket table: for each `STREAMS` entry its name and
 * path. The `satisfies` clause holds it equal to `STREAMS` (a missing, extra or changed entry does
 * not compile); the message and request types still come from `STREAMS`' schemas.
 */
import { WS_PREFIX } from './stream-constants.js';
import type { StreamName, Streams } from './streams.js';

export interface StreamEndpoint<N extends StreamName = StreamName> {
  readonly name: N;
  readonly path: Streams[N]['path'];
}

export const STREAM_ENDPOINTS = {
  trace: { name: 'trace', path: `${WS_PREFIX}/trace` },
  consoleLog: { name: 'consoleLog', path: `${WS_PREFIX}/console` },
  heal: { name: 'heal', path: `${WS_PREFIX}/heal/:bucket` },
  watchBucket: { name: 'watchBucket', path: `${WS_PREFIX}/watch/:bucket` },
  healthInfo: { name: 'healthInfo', path: `${WS_PREFIX}/health-info` },
} as const satisfies { readonly [N in StreamName]: StreamEndpoint<N> };
