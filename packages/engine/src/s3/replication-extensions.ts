/**
 * MinIO's S3 extensions of bucket replication (wire doc §3.14, §5.5):
 * - `GET /<bucket>?replication-metrics` → minio-go `replication.Metrics` JSON of the bucket
 *   (`?replication-metrics=2`: `MetricsV2` `{"uptime","currStats","queueStats"}`);
 * - `PUT /<bucket>?replication-reset&arn=<arn>[&older-than=<Go duration>][&reset-id=<id>]` →
 *   resync: every version (older than the duration) is queued for the target again; answers
 *   `{"target":[{"arn","resetid"}]}` (minio-go `ResyncTargetsInfo`); needs a rule with
 *   ExistingObjectReplication for that ARN (else 400 XMinioReplicationNoExistingObjects);
 * - `GET /<bucket>?replication-reset-status[&arn=]` → `{"target":[{"arn","resetid","startTime",
 *   "endTime","resyncStatus" (Ongoing | Completed | Failed),"completedReplicationSize",
 *   "failedReplicationSize","failedReplicationCount","replicationCount"}]}`.
 */
import type { RequestContext } from '../http/context.js';
import { InvalidArgument } from '../common/errors.js';
import {
  RemoteTargetNotFound,
  ReplicationConfigurationNotFoundError,
  ReplicationNoExistingObjects,
} from '../bucket/errors.js';
import type { ResyncState } from '../replication/index.js';

function sendJson(ctx: RequestContext, value: unknown): void {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Type', 'application/json');
  ctx.res.setHeader('Content-Length', body.length);
  ctx.res.end(body);
}

export async function getBucketReplicationMetrics(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  await ctx.engine.objectLayer.getBucketInfo(bucket);
  const version = ctx.query.get('replication-metrics') === '2' ? 2 : 1;
  sendJson(ctx, await ctx.engine.replication.metrics(bucket, version));
}

/** A Go duration of hours, minutes, seconds (`720h`, `1h30m`, `90s`) in ms. */
function goDurationMs(text: string): number {
  const re = /(\d+(?:\.\d+)?)(h|ms|m|s)/g;
  const unit: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
  let total = 0;
  let consumed = 0;
  for (const m of text.matchAll(re)) {
    total += Number(m[1]) * (unit[m[2] ?? 's'] ?? 1);
    consumed += m[0].length;
  }
  if (consumed !== text.length || text === '')
    throw new InvalidArgument(`Invalid older-than duration '${text}'`);
  return total;
}

const resyncJson = (s: ResyncState): Record<string, unknown> => ({
  arn: s.arn,
  resetid: s.resetId,
  startTime: s.startTime.toISOString(),
  endTime: s.endTime?.toISOString() ?? '0001-01-01T00:00:00Z',
  resyncStatus: s.status,
  completedReplicationSize: s.replicatedSize,
  failedReplicationSize: s.failedSize,
  failedReplicationCount: s.failedCount,
  replicationCount: s.replicatedCount,
});

export async function resetBucketReplication(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  await ctx.engine.objectLayer.getBucketInfo(bucket);
  const arn = ctx.query.get('arn') ?? '';
  const config = await ctx.engine.bucketMetadata.get(bucket, 'replication');
  if (config === undefined) throw new ReplicationConfigurationNotFoundError(undefined, { bucket });
  const targets = (await ctx.engine.bucketMetadata.get(bucket, 'remoteTargets'))?.targets ?? [];
  if (arn === '' || !targets.some((t) => t.arn === arn))
    throw new RemoteTargetNotFound(undefined, { bucket });
  if (
    !config.rules.some(
      (r) => r.destinationBucket === arn && r.status === 'Enabled' && r.existingObjectReplication,
    )
  ) {
    throw new ReplicationNoExistingObjects(undefined, { bucket });
  }
  const olderThan = ctx.query.get('older-than');
  const before =
    olderThan !== null && olderThan !== '' ? new Date(Date.now() - goDurationMs(olderThan)) : undefined;
  const resetId = ctx.query.get('reset-id') || undefined;
  const state = ctx.engine.replication.resync(bucket, arn, before, resetId);
  sendJson(ctx, { target: [{ arn: state.arn, resetid: state.resetId }] });
}

export async function getBucketReplicationResetStatus(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  await ctx.engine.objectLayer.getBucketInfo(bucket);
  const arn = ctx.query.get('arn') ?? '';
  const targets = (await ctx.engine.bucketMetadata.get(bucket, 'remoteTargets'))?.targets ?? [];
  const states = targets
    .filter((t) => arn === '' || t.arn === arn)
    .map((t) => ctx.engine.replication.resyncState(bucket, t.arn))
    .filter((s): s is ResyncState => s !== undefined);
  sendJson(ctx, states.length === 0 ? {} : { target: states.map(resyncJson) });
}
