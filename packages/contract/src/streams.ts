/**
 * Every live socket of the console in one table, `STREAMS` (spec 2 §7 "Live sockets"), composed
 * from the areas' files under `streams/`, beside the REST table `API`. The server registers each
 * with its upstream through one helper (packages/server `registerStream`); the web opens them with
 * one hook (`useStream`) by the zod-free `STREAM_ENDPOINTS` (`stream-endpoints.ts`).
 */
import type { StreamContract } from './stream-contract.js';
import { CONSOLE_LOG_STREAMS } from './streams/console-log-stream.js';
import { HEAL_STREAMS } from './streams/heal-stream.js';
import { HEALTH_INFO_STREAMS } from './streams/health-info-stream.js';
import { TRACE_STREAMS } from './streams/trace-stream.js';
import { WATCH_STREAMS } from './streams/watch-stream.js';
export * from './stream-contract.js';
export * from './streams/console-log-stream.js';
export * from './streams/heal-stream.js';
export * from './streams/health-info-stream.js';
export * from './streams/trace-stream.js';
export * from './streams/watch-stream.js';

export const STREAMS = {
  ...TRACE_STREAMS,
  ...CONSOLE_LOG_STREAMS,
  ...HEAL_STREAMS,
  ...WATCH_STREAMS,
  ...HEALTH_INFO_STREAMS,
} as const satisfies Record<string, StreamContract>;

export type StreamName = keyof typeof STREAMS;
export type Streams = typeof STREAMS;
