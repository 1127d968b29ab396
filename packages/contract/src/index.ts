/**
 * @coffer/contract — the console's REST contract (/api/v1) as zod schemas, inferred types, the
 * error catalogue, the route table (composed per area, `routes/`) and the page catalogue. Shared by
 * the server (validation, serialisation, OpenAPI, page rules) and the web app, which loads only the
 * zod-free part at run time (`@coffer/contract/client`: endpoints, pages, error codes) and takes
 * its types from here. It imports nothing of ours.
 */
export * from './account.js';
export * from './bucket-settings.js';
export * from './buckets.js';
export * from './bucket-encryption.js';
export * from './endpoints.js';
export * from './errors.js';
export * from './groups.js';
export * from './objects.js';
export * from './object-details.js';
export * from './object-share.js';
export * from './object-rewind.js';
export * from './object-bulk.js';
export * from './object-uploads.js';
export * from './pages.js';
export * from './policies.js';
export * from './routes.js';
export * from './streams.js';
export * from './stream-endpoints.js';
export * from './session.js';
export * from './users.js';
export * from './settings.js';
export * from './dashboard.js';
export * from './subscription.js';
export * from './object-size-ranges.js';
export * from './bucket-events.js';
export * from './logs.js';
export * from './bucket-replication.js';
export * from './bucket-lifecycle.js';
export * from './tiers.js';
export * from './tier-rules.js';
export * from './tenants.js';
export * from './tenant-create.js';
export * from './operator-storage.js';
