/**
 * A new version of a bucket with replication rules is written PENDING for each target its rules
 * send it to, as MinIO does — so a HEAD right after the write already answers
 * `x-amz-replication-status: PENDING` (the workers, which hear of the write a moment later, then
 * move it to COMPLETED or FAILED). Replicas (REPLICA, from another server's replication) are left
 * alone: they are never sent on.
 */
import type { RequestContext } from '../http/context.js';
import type { BucketMetadata, ObjectMetadataInput } from '../object-layer/types.js';
import { REPLICATION_STATUS_KEY, setTargetStatus } from '../bucket/replication-status.js';
import { matchTargets } from '../replication/rules.js';

export function markReplicationPending(
  ctx: RequestContext,
  bucketMeta: BucketMetadata,
  key: string,
  metadata: ObjectMetadataInput,
): void {
  if (metadata.internal?.[REPLICATION_STATUS_KEY] === 'REPLICA') return;
  const config = ctx.engine.bucketMetadata.fromMetadata(bucketMeta, 'replication');
  if (config === undefined) return;
  const tags = [...new URLSearchParams(metadata.tagging ?? '')].map(([k, v]) => ({ key: k, value: v }));
  const matches = matchTargets(config, key, tags, 'object');
  if (matches.length === 0) return;
  const internal = { ...metadata.internal };
  for (const m of matches) setTargetStatus(internal, m.arn, 'PENDING');
  metadata.internal = internal;
}
