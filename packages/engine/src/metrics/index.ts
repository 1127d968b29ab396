/**
 * Entry for Prometheus scrapes, called by the router for `/minio/v2/metrics/<group>` and the legacy
 * `/minio/prometheus/metrics` (same document as `cluster`). GET only; authentication per
 * `bearer-auth.ts`; failures are thrown as EngineErrors (AccessDenied → 403, written by the router
 * as an admin-style JSON error, wire doc §6.3).
 */
import type { RequestContext } from '../http/context.js';
import { MethodNotAllowed, NotImplemented } from '../common/errors.js';
import { authenticateMetricsRequest } from './bearer-auth.js';
import { PROMETHEUS_CONTENT_TYPE } from './prom-text.js';
import { renderMetrics, type MetricsGroup } from './render-metrics.js';

export { createMetrics, type MetricsRegistry } from './registry.js';

const GROUPS: Record<string, MetricsGroup> = {
  '/minio/v2/metrics/cluster': 'cluster',
  '/minio/v2/metrics/node': 'node',
  '/minio/v2/metrics/bucket': 'bucket',
  '/minio/v2/metrics/resource': 'resource',
  '/minio/prometheus/metrics': 'cluster',
};

/** True for the paths this module serves (the router may use it to route). */
export function isMetricsPath(path: string): boolean {
  // Every group lives under /minio/: other paths (every S3 request) skip the trim.
  if (!path.startsWith('/minio/')) return false;
  return Object.hasOwn(GROUPS, path.replace(/\/+$/, ''));
}

export async function handleMetricsRequest(ctx: RequestContext): Promise<void> {
  const group = GROUPS[ctx.path.replace(/\/+$/, '')];
  if (!group) throw new NotImplemented(`metrics path ${ctx.path} is not served`);
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw new MethodNotAllowed();
  await authenticateMetricsRequest(ctx);
  const body = Buffer.from(await renderMetrics(ctx.engine, group), 'utf8');
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Type', PROMETHEUS_CONTENT_TYPE);
  ctx.res.setHeader('Content-Length', body.length);
  ctx.res.end(ctx.method === 'HEAD' ? undefined : body);
}
