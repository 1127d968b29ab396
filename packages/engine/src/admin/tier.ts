/**
 * The admin API's remote tiers (wire doc §3.8, MinIO `cmd/tier-handlers.go`):
 * - `PUT /tier[?force=true]`: add; body a madmin-encrypted `TierConfig`; 204.
 * - `GET /tier`: list; every tier with its secret "REDACTED" and all four type objects; header
 *   `X-MinIO-TierCfg-RefreshedAt`.
 * - `POST /tier/{name}`: new credentials; body a madmin-encrypted `TierCreds`; 204.
 * - `DELETE /tier/{name}[?force=true]`: remove; 204.
 * - `GET /tier/{name}`: verify the remote is reachable with the stored credentials; 204.
 * - `GET /tier-stats`: `[{Name, Type, Stats{totalSize,numVersions,numObjects}, DailyStats{Bins,UpdatedAt}}]`
 *   from the last scan, MinIO's hot tier `STANDARD` (type `internal`) first.
 * Actions admin:SetTier (changes) and admin:ListTier (reads), checked by the route table.
 */
import type { RequestContext } from '../http/context.js';
import { redactTierConfig } from '../tier/tier-config.js';
import type { TierUsage } from '../object-layer/types.js';
import { GO_ZERO_TIME, goTime, sendAdminJson } from './admin-json.js';
import { readEncryptedJson, sendNoContent } from './admin-body.js';

const TIER_PATH = /^\/tier\/([^/]+)$/;

/** The `{name}` of `/tier/{name}` ('' when the path has none). */
export function tierNameOf(op: string): string {
  const m = TIER_PATH.exec(op);
  return m?.[1] === undefined ? '' : decodeURIComponent(m[1]);
}

export function isTierPath(op: string): boolean {
  return TIER_PATH.test(op);
}

function opOf(ctx: RequestContext): string {
  return ctx.path.replace(/^\/minio\/admin\/v3/, '').replace(/\/+$/, '');
}

export async function addTier(ctx: RequestContext): Promise<void> {
  const doc = await readEncryptedJson(ctx);
  await ctx.engine.tiers.add(doc, ctx.query.get('force') === 'true');
  sendNoContent(ctx);
}

export async function listTiers(ctx: RequestContext): Promise<void> {
  const tiers = await ctx.engine.tiers.list();
  // Go's time.Time String() form, as MinIO writes the header.
  ctx.res.setHeader('X-MinIO-TierCfg-RefreshedAt', ctx.engine.tiers.refreshedAt.toISOString());
  sendAdminJson(ctx, tiers.map(redactTierConfig));
}

export async function editTier(ctx: RequestContext): Promise<void> {
  const name = tierNameOf(opOf(ctx));
  const creds = await readEncryptedJson(ctx);
  await ctx.engine.tiers.edit(name, creds);
  sendNoContent(ctx);
}

export async function removeTier(ctx: RequestContext): Promise<void> {
  await ctx.engine.tiers.remove(tierNameOf(opOf(ctx)), ctx.query.get('force') === 'true');
  sendNoContent(ctx);
}

export async function verifyTier(ctx: RequestContext): Promise<void> {
  await ctx.engine.tiers.verify(tierNameOf(opOf(ctx)));
  sendNoContent(ctx);
}

const EMPTY: TierUsage = { totalSize: 0, numVersions: 0, numObjects: 0 };

function dailyBins(): Record<string, unknown> {
  return { Bins: Array.from({ length: 24 }, () => ({ ...EMPTY })), UpdatedAt: GO_ZERO_TIME };
}

export async function tierStats(ctx: RequestContext): Promise<void> {
  const usage = await ctx.engine.objectLayer.dataUsage();
  const stats = usage.tierStats ?? {};
  const tiers = await ctx.engine.tiers.list();
  // The hot tier is what stays on the drives: every version that is not transitioned.
  const remote = Object.values(stats).reduce(
    (sum, t) => ({
      totalSize: sum.totalSize + t.totalSize,
      numVersions: sum.numVersions + t.numVersions,
      numObjects: sum.numObjects + t.numObjects,
    }),
    { ...EMPTY },
  );
  const hot: TierUsage = {
    totalSize: Math.max(0, usage.objectsTotalSize - remote.totalSize),
    numVersions: Math.max(0, usage.versionsCount - remote.numVersions),
    numObjects: Math.max(0, usage.objectsCount - remote.numObjects),
  };
  const reply = [
    { Name: 'STANDARD', Type: 'internal', Stats: hot, DailyStats: dailyBins() },
    ...tiers.map((t) => ({
      Name: t.Name,
      Type: t.Type,
      Stats: stats[t.Name] ?? { ...EMPTY },
      DailyStats: { ...dailyBins(), UpdatedAt: goTime(usage.lastUpdate) },
    })),
  ];
  sendAdminJson(ctx, reply);
}
