/**
 * Remote targets of bucket replication (wire doc §3.7), MinIO's admin calls:
 * - `PUT /set-remote-target?bucket=<b>[&update=true&creds=true&sync=…]` (action
 *   `admin:SetBucketTarget`): a madmin-encrypted `BucketTarget` JSON. A new target needs a
 *   versioned source bucket, type `replication`, a bandwidth limit of 0 or ≥ 100 MB/s, not the
 *   source itself, and a remote that answers with the keys, has the bucket and versions it
 *   (`replication/remote-check.ts`); it answers its ARN as a JSON string
 *   (`"arn:minio:replication:<region>:<uuid>:<target bucket>"`). A target with the same endpoint
 *   and remote bucket already set answers its ARN again. Update mode (`update=true`) changes the
 *   target named by the body's `arn`: only the fields whose flag is `true` in the query.
 * - `GET /list-remote-targets?bucket=<b>&type=<t>` (`admin:GetBucketTarget`): a JSON array of
 *   `BucketTarget` (credentials reduced to the access key; health from the workers); `bucket`
 *   empty lists every bucket's targets.
 * - `DELETE /remove-remote-target?bucket=<b>&arn=<arn>` (`admin:SetBucketTarget`): 204; an ARN the
 *   replication configuration still names is refused (XMinioAdminRemoteRemoveDisallowed).
 */
import { randomUUID } from 'node:crypto';
import type { RequestContext } from '../http/context.js';
import {
  BucketRemoteArnTypeInvalid,
  BucketRemoteIdenticalToSource,
  BucketRemoteRemoveDisallowed,
  RemoteTargetNotFound,
  ReplicationBandwidthLimitError,
  ReplicationBucketNeedsVersioning,
} from '../bucket/errors.js';
import {
  MIN_BANDWIDTH_LIMIT,
  REPLICATION_SERVICE,
  bucketTargetJson,
  makeReplicationArn,
  parseReplicationArn,
  readBucketTarget,
  serializeRemoteTargets,
  type BucketTarget,
} from '../bucket/remote-targets.js';
import { checkRemoteTarget } from '../replication/index.js';
import { AdminVersionMismatch } from '../http/request-errors.js';
import { AdminInvalidArgument } from '../bucket/errors.js';
import { sendAdminJson } from './admin-json.js';
import { queryParam, readEncryptedJson, sendNoContent } from './admin-body.js';

function bucketParam(ctx: RequestContext, required: boolean): string {
  const bucket = queryParam(ctx, 'bucket');
  if (bucket === '' && required) {
    throw new AdminVersionMismatch("This 'admin' API is not supported by server in 'mode-server-xl'");
  }
  if (bucket !== '') ctx.target = { bucket };
  return bucket;
}

async function storedTargets(ctx: RequestContext, bucket: string): Promise<BucketTarget[]> {
  return (await ctx.engine.bucketMetadata.get(bucket, 'remoteTargets'))?.targets ?? [];
}

async function saveTargets(ctx: RequestContext, bucket: string, targets: BucketTarget[]): Promise<void> {
  const service = ctx.engine.bucketMetadata;
  if (targets.length === 0) await service.delete(bucket, 'remoteTargets');
  else await service.put(bucket, 'remoteTargets', serializeRemoteTargets({ targets }));
}

/** MinIO's self check: the remote is this server (same host:port) and the same bucket. */
function isSelf(ctx: RequestContext, target: BucketTarget, bucket: string): boolean {
  if (target.targetBucket !== bucket) return false;
  const own = ctx.engine.endpoint();
  const host = String(ctx.req.headers.host ?? '');
  return target.endpoint === own || target.endpoint === host;
}

/** The query flags of update mode (madmin `TargetUpdateType`), each naming the fields it changes. */
type UpdateFlag =
  'creds' | 'sync' | 'proxy' | 'healthcheck' | 'bandwidth' | 'path' | 'edge' | 'edgeSyncBeforeExpiry';

function applyUpdate(ctx: RequestContext, current: BucketTarget, sent: BucketTarget): BucketTarget {
  const on = (flag: UpdateFlag): boolean => queryParam(ctx, flag) === 'true';
  const next = { ...current, credentials: { ...current.credentials } };
  if (on('creds')) next.credentials = { ...sent.credentials };
  if (on('sync')) next.replicationSync = sent.replicationSync;
  if (on('proxy')) next.disableProxy = sent.disableProxy;
  if (on('healthcheck')) next.healthCheckDuration = sent.healthCheckDuration;
  if (on('bandwidth')) next.bandwidthLimit = sent.bandwidthLimit;
  if (on('path')) next.path = sent.path;
  if (on('edge')) next.edge = sent.edge;
  if (on('edgeSyncBeforeExpiry')) next.edgeSyncBeforeExpiry = sent.edgeSyncBeforeExpiry;
  return next;
}

function checkBandwidth(limit: number): void {
  if (limit !== 0 && limit < MIN_BANDWIDTH_LIMIT) throw new ReplicationBandwidthLimitError();
}

export async function setRemoteTarget(ctx: RequestContext): Promise<void> {
  const bucket = bucketParam(ctx, true);
  const meta = await ctx.engine.objectLayer.getBucketMetadata(bucket);
  const sent = readBucketTarget(await readEncryptedJson(ctx));
  const targets = await storedTargets(ctx, bucket);

  if (queryParam(ctx, 'update') === 'true') {
    if (sent.arn === '') throw new AdminInvalidArgument('An update needs the ARN of the target');
    const at = targets.findIndex((t) => t.arn === sent.arn);
    const current = targets[at];
    if (current === undefined) throw new RemoteTargetNotFound(undefined, { bucket });
    const next = applyUpdate(ctx, current, sent);
    checkBandwidth(next.bandwidthLimit);
    // New keys may reach another server: its wire flavour is detected again.
    if (queryParam(ctx, 'creds') === 'true') next.flavor = await checkRemoteTarget(next);
    targets[at] = next;
    await saveTargets(ctx, bucket, targets);
    sendAdminJson(ctx, next.arn);
    return;
  }

  if (sent.type === '') sent.type = REPLICATION_SERVICE;
  if (sent.type !== REPLICATION_SERVICE) throw new BucketRemoteArnTypeInvalid();
  if (sent.endpoint === '' || sent.targetBucket === '') {
    throw new AdminInvalidArgument('A remote target needs an endpoint and a target bucket');
  }
  if (sent.credentials.accessKey === '' || sent.credentials.secretKey === '') {
    throw new AdminInvalidArgument('A remote target needs an access key and a secret key');
  }
  checkBandwidth(sent.bandwidthLimit);
  if (meta.versioning !== 'Enabled') throw new ReplicationBucketNeedsVersioning(undefined, { bucket });
  if (isSelf(ctx, sent, bucket)) throw new BucketRemoteIdenticalToSource(undefined, { bucket });
  const existing = targets.find(
    (t) => t.endpoint === sent.endpoint && t.targetBucket === sent.targetBucket && t.type === sent.type,
  );
  if (existing !== undefined) {
    sendAdminJson(ctx, existing.arn);
    return;
  }
  const flavor = await checkRemoteTarget(sent);
  const target: BucketTarget = {
    ...sent,
    flavor,
    sourceBucket: bucket,
    arn: makeReplicationArn(sent.region, randomUUID(), sent.targetBucket),
  };
  await saveTargets(ctx, bucket, [...targets, target]);
  sendAdminJson(ctx, target.arn);
}

export async function listRemoteTargets(ctx: RequestContext): Promise<void> {
  const bucket = bucketParam(ctx, false);
  const type = queryParam(ctx, 'type');
  const buckets =
    bucket !== ''
      ? [(await ctx.engine.objectLayer.getBucketInfo(bucket)).name]
      : (await ctx.engine.objectLayer.listBuckets()).map((b) => b.name);
  const out: Record<string, unknown>[] = [];
  for (const name of buckets) {
    for (const t of await storedTargets(ctx, name)) {
      if (type !== '' && t.type !== type) continue;
      out.push(bucketTargetJson(t, ctx.engine.replication.health(t.arn)));
    }
  }
  sendAdminJson(ctx, out);
}

export async function removeRemoteTarget(ctx: RequestContext): Promise<void> {
  const bucket = bucketParam(ctx, true);
  const arn = queryParam(ctx, 'arn');
  if (arn === '')
    throw new AdminVersionMismatch("This 'admin' API is not supported by server in 'mode-server-xl'");
  await ctx.engine.objectLayer.getBucketInfo(bucket);
  parseReplicationArn(arn);
  const targets = await storedTargets(ctx, bucket);
  if (!targets.some((t) => t.arn === arn)) throw new RemoteTargetNotFound(undefined, { bucket });
  const config = await ctx.engine.bucketMetadata.get(bucket, 'replication');
  if (config?.rules.some((r) => r.destinationBucket === arn) === true) {
    throw new BucketRemoteRemoveDisallowed(undefined, { bucket });
  }
  await saveTargets(
    ctx,
    bucket,
    targets.filter((t) => t.arn !== arn),
  );
  sendNoContent(ctx);
}
