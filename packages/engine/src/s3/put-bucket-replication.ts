/**
 * PutBucketReplication (`PUT /<bucket>?replication`, wire doc §5.5): store the bucket's
 * replication configuration, 200. As MinIO: the bucket must have versioning Enabled (400
 * InvalidRequest), each rule's destination must be the ARN of one of the bucket's remote targets
 * (`arn:minio:replication:…`, set first with the admin API's `set-remote-target`; else 404
 * XMinioAdminRemoteTargetNotFoundError), priorities must differ, and a rule filtering on tags
 * cannot replicate delete markers. The workers (`replication/`) act on it from the next change on;
 * rules with ExistingObjectReplication also queue the objects already there.
 */
import type { RequestContext } from '../http/context.js';
import { readConfigDocument } from './bucket-config-reply.js';
import { InvalidArgument, InvalidRequest } from '../common/errors.js';
import { parseReplicationConfiguration } from '../bucket/replication.js';
import { RemoteTargetNotFound, ReplicationNeedsVersioning } from '../bucket/errors.js';

/** MinIO's limit for the document (`maxReplicationConfigSize`). */
const MAX_CONFIG_BYTES = 1 << 20;
const MINIO_ARN_PREFIX = 'arn:minio:replication:';

export async function putBucketReplication(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  const meta = await ctx.engine.objectLayer.getBucketMetadata(bucket);
  const text = await readConfigDocument(ctx, bucket, MAX_CONFIG_BYTES);
  if (meta.versioning !== 'Enabled') throw new ReplicationNeedsVersioning(undefined, { bucket });
  const config = parseReplicationConfiguration(text);
  const priorities = new Set<number>();
  for (const rule of config.rules) {
    if (config.rules.length > 1 && priorities.has(rule.priority)) {
      throw new InvalidArgument('Replication configuration has duplicate priority', { bucket });
    }
    priorities.add(rule.priority);
    if (rule.tags.length > 0 && rule.deleteMarkerReplication) {
      throw new InvalidRequest('Delete marker replication is not supported if any Tag filter is specified', {
        bucket,
      });
    }
    if (!rule.destinationBucket.startsWith(MINIO_ARN_PREFIX)) {
      throw new InvalidArgument(
        'The destination bucket must be the ARN of a remote target (arn:minio:replication:…)',
        { bucket },
      );
    }
  }
  const targets = (await ctx.engine.bucketMetadata.get(bucket, 'remoteTargets'))?.targets ?? [];
  for (const rule of config.rules) {
    if (!targets.some((t) => t.arn === rule.destinationBucket))
      throw new RemoteTargetNotFound(undefined, { bucket });
  }
  await ctx.engine.bucketMetadata.put(bucket, 'replication', text);
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}
