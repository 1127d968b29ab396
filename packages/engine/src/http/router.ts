/**
 * Top-level request routing: which API surface a request belongs to, and for S3 where the bucket
 * and key are. Order (MinIO's, wire doc §1.1): health probes, Prometheus metrics, the admin API,
 * the KMS API, STS on `POST /`, and everything else is S3.
 * S3 addressing (bucket and key) is resolved by `target.ts`.
 */
import { admit } from './admission.js';
import type { RequestGate } from '@coffer/server-guard';
import type { RequestContext } from './context.js';
import type { EngineContext } from '../engine-context.js';
import { authenticateRequest } from './auth.js';
import { authorize } from './authorize.js';
import { handleHealthRequest, isHealthPath, type HealthState } from './health.js';
import { handleAdminRequest } from '../admin/index.js';
import { handleKmsRequest, isKmsPath } from '../admin/kms-routes.js';
import { handleMetricsRequest, isMetricsPath } from '../metrics/index.js';
import { handleStsRequest } from '../sts/index.js';
import { matchS3Route } from '../s3/routes.js';
import { AdminVersionMismatch } from './request-errors.js';
import { resolveS3Target, splitRequestUrl } from './target.js';

function isForm(ctx: RequestContext): boolean {
  const type = String(ctx.req.headers['content-type'] ?? '').toLowerCase();
  return type.startsWith('application/x-www-form-urlencoded');
}

/** STS is `POST /` with a form body and no query, or with an `Action=AssumeRole…` query (wire doc §4.1). */
function isStsRequest(ctx: RequestContext): boolean {
  if (ctx.method !== 'POST' || ctx.path !== '/') return false;
  if ([...ctx.query.keys()].length === 0) return isForm(ctx);
  return (ctx.query.get('Action') ?? '').startsWith('AssumeRole');
}

/** Per-server state the router keeps between requests. */
export interface RouterState {
  health: HealthState;
  /** Admission of S3 requests by the descriptor budget (`admission.ts`); none: all run at once. */
  gate?: RequestGate;
}

export function createRouterState(gate?: RequestGate): RouterState {
  return { health: { checkedAt: 0, readQuorum: false, writeQuorum: false }, ...(gate ? { gate } : {}) };
}

/** Route one request to its handler; throws EngineErrors for the caller's error writer. */
export async function routeRequest(ctx: RequestContext, state: RouterState): Promise<void> {
  const { path } = ctx;
  if (isHealthPath(path)) {
    ctx.api = 'health';
    await handleHealthRequest(ctx, state.health);
    return;
  }
  if (isMetricsPath(path)) {
    ctx.api = 'metrics';
    await handleMetricsRequest(ctx);
    return;
  }
  if (path.startsWith('/minio/admin/')) {
    ctx.api = 'admin';
    if (!path.startsWith('/minio/admin/v3/')) {
      // madmin v4 clients probe with their version and fall back on 426 (wire doc §6.2).
      throw new AdminVersionMismatch();
    }
    ctx.auth = await authenticateRequest(ctx, { service: 's3', admin: true });
    await handleAdminRequest(ctx);
    return;
  }
  if (isKmsPath(path)) {
    // MinIO's KMS API: signed and answered like admin calls (wire doc §3.13).
    ctx.api = 'admin';
    ctx.auth = await authenticateRequest(ctx, { service: 's3', admin: true });
    await handleKmsRequest(ctx);
    return;
  }
  if (isStsRequest(ctx)) {
    ctx.api = 'sts';
    await handleStsRequest(ctx);
    return;
  }
  ctx.api = 's3';
  await routeS3(ctx, state.gate);
}

/** S3: find the operation, wait for admission, authenticate, authorise, run the handler. */
async function routeS3(ctx: RequestContext, gate: RequestGate | undefined): Promise<void> {
  const route = matchS3Route(ctx);
  ctx.operation = route.operation;
  const waiting = gate === undefined ? undefined : admit(ctx, gate);
  if (waiting !== undefined) await waiting;
  if (route.authenticates === 'self') {
    // POST policy uploads carry their credential and signature in the form (handler checks them).
    await route.handler(ctx);
    return;
  }
  // MinIO checks the signing region except for these two, which clients use to find the region.
  const anyRegion = route.action === 's3:ListAllMyBuckets' || route.action === 's3:GetBucketLocation';
  ctx.auth = await authenticateRequest(ctx, { service: 's3', anyRegion });
  await authorize(ctx, route.action, ctx.target.bucket, ctx.target.key);
  await route.handler(ctx);
}

/**
 * Build the per-request context. Only cheap, infallible work happens here (the path is the raw
 * one until `resolveRequestTarget` decodes it), so an error writer always has a context.
 */
export function createRequestContext(
  req: RequestContext['req'],
  res: RequestContext['res'],
  engine: EngineContext,
  requestId: string,
): RequestContext {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  return {
    req,
    res,
    engine,
    requestId,
    method: (req.method ?? 'GET').toUpperCase(),
    path: q >= 0 ? url.slice(0, q) : url,
    query: new URLSearchParams(),
    target: {},
  };
}

/** Decode path and query and resolve the S3 bucket/key (throws InvalidArgument on a bad path). */
export function resolveRequestTarget(ctx: RequestContext): void {
  const raw = splitRequestUrl(ctx.req.url ?? '/');
  ctx.path = raw.path;
  ctx.query = raw.query;
  ctx.target = resolveS3Target(raw.path, ctx.req.headers.host, ctx.engine.domains);
}
