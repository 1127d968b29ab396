/**
 * Top-level request routing: which API surface a request belongs to, and for S3 where the bucket
 * and key are. Order (MinIO's, wire doc §1.1): health probes, Prometheus metrics, the admin API,
 * STS on `POST /`, and everything else is S3.
 *
 * S3 addressing: path-style `/<bucket>/<key…>` always works; virtual-host-style works when the Host
 * header is `<bucket>.<domain>` for a configured domain (MINIO_DOMAIN / COFFER_DOMAIN). The key is
 * the percent-decoded path after the bucket, kept exactly: `+` is a literal plus in a path (only
 * query strings use `+` for space), a trailing slash is part of the key, and dot segments are not
 * collapsed (a key may legitimately contain `..`).
 */
import type { EngineContext, RequestContext, S3Target } from './context.js';
import { authenticateRequest } from './auth.js';
import { authorize } from './authorize.js';
import { handleHealthRequest, isHealthPath, type HealthState } from './health.js';
import { handleAdminRequest } from '../admin/index.js';
import { handleMetricsRequest, isMetricsPath } from '../metrics/index.js';
import { handleStsRequest } from '../sts/index.js';
import { matchS3Route } from '../s3/routes.js';
import { AdminVersionMismatch, InvalidArgument } from '../object-layer/errors.js';

/** The request line's path and query, split without normalising anything. */
export interface RawTarget {
  /** Percent-decoded path. */
  path: string;
  /** Raw (still encoded) path, as the client sent it. */
  rawPath: string;
  query: URLSearchParams;
}

/** Split a request URL (origin-form, or absolute-form from a proxy) into decoded path and query. */
export function splitRequestUrl(url: string): RawTarget {
  let rest = url;
  // Absolute-form (`http://host/path`) is legal in a request line; keep only the path.
  const scheme = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*/.exec(rest);
  if (scheme !== null) rest = rest.slice(scheme[0].length);
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  const q = rest.indexOf('?');
  let rawPath = q >= 0 ? rest.slice(0, q) : rest;
  const rawQuery = q >= 0 ? rest.slice(q + 1) : '';
  if (!rawPath.startsWith('/')) rawPath = `/${rawPath}`;
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    throw new InvalidArgument('The request path is not valid percent-encoded UTF-8.');
  }
  return { path, rawPath, query: new URLSearchParams(rawQuery) };
}

/** Host header without port, lower-cased (IPv6 literals keep their brackets). */
function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    return end >= 0 ? h.slice(0, end + 1) : h;
  }
  const colon = h.lastIndexOf(':');
  return colon >= 0 ? h.slice(0, colon) : h;
}

/** The bucket named by a virtual-host-style Host header, or undefined for path-style. */
export function bucketFromHost(host: string | undefined, domains: readonly string[]): string | undefined {
  if (host === undefined || host === '' || domains.length === 0) return undefined;
  const full = host.trim().toLowerCase();
  const bare = hostName(full);
  for (const raw of domains) {
    const domain = raw.trim().toLowerCase();
    if (domain === '') continue;
    // A configured domain may carry a port ("example.com:9000"): compare like with like.
    const candidate = domain.includes(':') ? full : bare;
    if (candidate === domain) return undefined;
    const suffix = `.${domain}`;
    if (candidate.endsWith(suffix)) {
      const bucket = candidate.slice(0, -suffix.length);
      return bucket === '' ? undefined : bucket;
    }
  }
  return undefined;
}

/** Resolve bucket and key of an S3 request from its decoded path and Host header. */
export function resolveS3Target(
  path: string,
  host: string | undefined,
  domains: readonly string[],
): S3Target {
  const vhostBucket = bucketFromHost(host, domains);
  if (vhostBucket !== undefined) {
    const key = path.startsWith('/') ? path.slice(1) : path;
    return key === '' ? { bucket: vhostBucket } : { bucket: vhostBucket, key };
  }
  const rest = path.startsWith('/') ? path.slice(1) : path;
  if (rest === '') return {};
  const slash = rest.indexOf('/');
  if (slash < 0) return { bucket: rest };
  const bucket = rest.slice(0, slash);
  const key = rest.slice(slash + 1);
  return key === '' ? { bucket } : { bucket, key };
}

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
}

export function createRouterState(): RouterState {
  return { health: { checkedAt: 0, readQuorum: false, writeQuorum: false } };
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
  if (isStsRequest(ctx)) {
    ctx.api = 'sts';
    await handleStsRequest(ctx);
    return;
  }
  ctx.api = 's3';
  await routeS3(ctx);
}

/** S3: find the operation, authenticate, authorise, run the handler. */
async function routeS3(ctx: RequestContext): Promise<void> {
  const route = matchS3Route(ctx);
  ctx.operation = route.operation;
  if (route.authenticates === 'self') {
    // POST policy uploads carry their credential and signature in the form (handler checks them).
    await route.handler(ctx);
    return;
  }
  ctx.auth = await authenticateRequest(ctx, { service: 's3' });
  authorize(ctx, route.action, ctx.target.bucket, ctx.target.key);
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
