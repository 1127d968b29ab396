/**
 * @coffer/server — the console API server. `buildApp(options)` gives a Fastify instance without
 * listening; `loadConfig` parses the command line and environment the way main.ts does.
 */
export { buildApp } from './app.js';
export type { AppOptions } from './app.js';
export type { OpenIdSettings } from './sso/openid-settings.js';
export { HELP, loadConfig, parseAddress, parseDuration } from './config.js';
export type { ConsoleConfig } from './config.js';
