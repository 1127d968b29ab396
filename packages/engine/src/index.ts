/**
 * Public entry of `@coffer/engine`: start an engine in-process with `createEngine`, or run the
 * `coffer-engine` CLI (`cli.ts`). Also exports the object layer opener and the shared types, for
 * tools that work on drives directly (tests, benchmarks).
 */
export { createEngine, parseAddress, type Engine, type EngineOptions } from './engine.js';
export { openObjectLayer } from './object-layer/index.js';
export type { ObjectLayer } from './object-layer/types.js';
export { StartupError } from './storage/startup-error.js';
export type { RootCredentialSource } from './iam/root-credentials.js';
export type {
  EventFilter,
  EventHandler,
  ObjectEvent,
  ObjectEventHub,
  ObjectEventName,
  ObjectEventRecord,
  SubscribeOptions,
} from './events/index.js';
