/**
 * MinIO's unauthenticated health probes (wire doc §1.1): `/minio/health/live` answers 200 while the
 * process serves requests; `ready` and `cluster/read` need read quorum (enough drives online to
 * read every object), `cluster` needs write quorum. The drive states come from
 * `objectLayer.storageInfo()`, cached for a second so probes cannot load the drives.
 */
import type { RequestContext } from './context.js';
import type { StorageInfo } from '../object-layer/types.js';

const HEALTH_PATHS = new Set([
  '/minio/health/live',
  '/minio/health/ready',
  '/minio/health/cluster',
  '/minio/health/cluster/read',
]);

/** How long a quorum check is reused. */
const CACHE_MS = 1000;

/** The router's cached view of quorum (one per server). */
export interface HealthState {
  checkedAt: number;
  readQuorum: boolean;
  writeQuorum: boolean;
}

export function isHealthPath(path: string): boolean {
  return HEALTH_PATHS.has(path.endsWith('/') && path.length > 1 ? path.slice(0, -1) : path);
}

/** Read quorum = data shards online; write quorum one more when data and parity are equal (MinIO). */
export function quorumOf(info: StorageInfo): { readQuorum: boolean; writeQuorum: boolean } {
  const online = info.drives.filter((d) => d.state === 'ok').length;
  const read = Math.max(1, info.dataShards);
  const write = info.dataShards === info.parityShards ? info.dataShards + 1 : Math.max(1, info.dataShards);
  return { readQuorum: online >= read, writeQuorum: online >= write };
}

async function refresh(ctx: RequestContext, state: HealthState): Promise<void> {
  const now = Date.now();
  if (now - state.checkedAt < CACHE_MS) return;
  try {
    const q = quorumOf(await ctx.engine.objectLayer.storageInfo());
    state.readQuorum = q.readQuorum;
    state.writeQuorum = q.writeQuorum;
  } catch {
    state.readQuorum = false;
    state.writeQuorum = false;
  }
  state.checkedAt = now;
}

export async function handleHealthRequest(ctx: RequestContext, state: HealthState): Promise<void> {
  const { res } = ctx;
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
    res.statusCode = 405;
    res.setHeader('Allow', 'GET, HEAD');
    res.setHeader('Content-Length', 0);
    res.end();
    return;
  }
  const path = ctx.path.length > 1 && ctx.path.endsWith('/') ? ctx.path.slice(0, -1) : ctx.path;
  let healthy = true;
  if (path !== '/minio/health/live') {
    await refresh(ctx, state);
    healthy = path === '/minio/health/cluster' ? state.writeQuorum : state.readQuorum;
  }
  res.statusCode = healthy ? 200 : 503;
  if (!healthy) res.setHeader('Retry-After', '1');
  res.setHeader('Content-Length', 0);
  res.end();
}
