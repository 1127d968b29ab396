/**
 * @coffer/contract — the console's REST contract (/api/v1) as zod schemas, inferred types, the
 * error catalogue and the route table. Shared by the server (validation, serialisation, OpenAPI)
 * and the web app (typed fetchers); it imports nothing of ours.
 */
export * from './account.js';
export * from './buckets.js';
export * from './errors.js';
export * from './groups.js';
export * from './objects.js';
export * from './policies.js';
export * from './routes.js';
export * from './session.js';
export * from './users.js';
