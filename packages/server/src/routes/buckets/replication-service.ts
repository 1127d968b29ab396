/**
 * Bucket replication as the console sets it up (spec 1 §3, §4, §7), over public protocols only:
 *
 * - list-external-buckets: the remote server's buckets, listed over S3 with the keys the user typed
 *   (a client of its own, never the session's). A refusal or silence of the remote is the answer's
 *   message; it never counts as the session's credentials being refused.
 * - buckets-replication: per origin bucket, a remote target on the storage server (admin
 *   set-remote-target, MinIO's `BucketTarget`; the answer is the target's ARN), then a new rule
 *   naming that ARN, after the bucket's existing rules (next priority), in its replication
 *   configuration. A bucket that fails gets its reason in `errorString` and the others go on; a
 *   target made for a rule that could not be stored is removed again.
 * - removing one rule: the rest is stored again (the last one removes the configuration); its
 *   remote target goes too when no remaining rule names it.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AdminClient, BucketTarget } from '@coffer/admin-client';
import type {
  ListExternalBucketsRequest,
  ListExternalBucketsResponse,
  MultiBucketReplicationRequest,
  MultiBucketReplicationResponse,
} from '@coffer/contract';
import { Client } from 'minio';
import { ConsoleError } from '../../errors.js';
import type { StorageAccess } from '../../storage/storage-clients.js';
import { classifyStorageError } from '../../storage/storage-errors.js';
import {
  getReplicationDocument,
  parseReplicationRules,
  putReplicationRules,
  replicationRuleXml,
} from '../../storage/s3-replication.js';
import { ruleElements } from '../../storage/s3-xml.js';

/** How long the remote may take to list its buckets. */
const REMOTE_TIMEOUT_MS = 15_000;

/** host[:port] of the target URL; a scheme or path typed with it is dropped (useTLS decides). */
export function remoteEndpoint(targetURL: string, useTLS: boolean): { host: string; port: number } {
  const bare = targetURL
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/\/.*$/, '');
  let url: URL;
  try {
    url = new URL(`${useTLS ? 'https' : 'http'}://${bare}`);
  } catch {
    throw new ConsoleError('invalid_request', 'The target URL is not a valid host[:port]', targetURL);
  }
  if (url.hostname === '' || url.username !== '' || url.password !== '') {
    throw new ConsoleError('invalid_request', 'The target URL is not a valid host[:port]', targetURL);
  }
  const port = url.port !== '' ? Number(url.port) : useTLS ? 443 : 80;
  return { host: url.hostname, port };
}

/** What the storage side said, as one line. */
function reasonOf(err: unknown): string {
  const classified = classifyStorageError(err);
  if (classified) return classified.detailedMessage || classified.message;
  return err instanceof Error ? err.message : String(err);
}

/** POST /list-external-buckets. */
export async function listExternalBuckets(
  req: ListExternalBucketsRequest,
): Promise<ListExternalBucketsResponse> {
  const { host, port } = remoteEndpoint(req.targetURL, req.useTLS);
  const agent = req.useTLS ? new https.Agent({ keepAlive: false }) : new http.Agent({ keepAlive: false });
  const remote = new Client({
    endPoint: host.replace(/^\[(.*)\]$/, '$1'),
    port,
    useSSL: req.useTLS,
    accessKey: req.accessKey,
    secretKey: req.secretKey,
    ...(req.region ? { region: req.region } : {}),
    transportAgent: agent,
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const buckets = await Promise.race([
      remote.listBuckets(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer within ${REMOTE_TIMEOUT_MS / 1000} s`)),
          REMOTE_TIMEOUT_MS,
        );
      }),
    ]);
    return { buckets: buckets.map((b) => ({ name: b.name })).sort((a, b) => a.name.localeCompare(b.name)) };
  } catch (err) {
    throw new ConsoleError('invalid_request', 'The remote server did not list its buckets', reasonOf(err));
  } finally {
    clearTimeout(timer);
    agent.destroy();
  }
}

/** A rule id in the style of MinIO's (20 random characters). */
const newRuleId = () => randomBytes(10).toString('hex');

/** The next free priority after the rules there. */
function nextPriority(xml: string | undefined): number {
  const priorities = xml === undefined ? [] : parseReplicationRules(xml).map((r) => r.priority);
  return priorities.length === 0 ? 1 : Math.max(...priorities) + 1;
}

/** One origin bucket: its remote target, then its new rule. */
async function replicateBucket(
  storage: StorageAccess,
  req: ReturnType<typeof normalise>,
  relation: { originBucket: string; destinationBucket: string },
): Promise<void> {
  const { host, port } = remoteEndpoint(req.targetURL, req.useTLS);
  const sync = req.syncMode === 'sync';
  const target: BucketTarget = {
    sourcebucket: relation.originBucket,
    endpoint: `${host}:${port}`,
    credentials: { accessKey: req.accessKey, secretKey: req.secretKey },
    targetbucket: relation.destinationBucket,
    secure: req.useTLS,
    path: 'auto',
    api: 's3v4',
    type: 'replication',
    region: req.region,
    bandwidthlimit: sync ? 0 : req.bandwidth,
    replicationSync: sync,
    // A Go duration: nanoseconds.
    healthCheckDuration: req.healthCheckPeriod * 1e9,
  };
  const arn = await storage.admin.setRemoteTarget(relation.originBucket, target);
  try {
    const existing = await getReplicationDocument(storage.s3, relation.originBucket);
    const rule = replicationRuleXml({
      id: newRuleId(),
      priority: nextPriority(existing),
      arn,
      prefix: req.prefix,
      tags: req.tags,
      replicateDeleteMarkers: req.replicateDeleteMarkers,
      replicateDeletes: req.replicateDeletes,
      replicateMetadata: req.replicateMetadata,
    });
    await putReplicationRules(storage.s3, relation.originBucket, [...ruleElements(existing ?? ''), rule]);
  } catch (err) {
    await removeTargetQuietly(storage.admin, relation.originBucket, arn);
    throw err;
  }
}

/** The request with the contract's defaults filled in. */
function normalise(req: MultiBucketReplicationRequest) {
  return {
    ...req,
    region: req.region ?? '',
    syncMode: req.syncMode ?? 'async',
    bandwidth: req.bandwidth ?? 0,
    healthCheckPeriod: req.healthCheckPeriod ?? 60,
    prefix: req.prefix ?? '',
    tags: req.tags ?? '',
    replicateDeleteMarkers: req.replicateDeleteMarkers ?? true,
    replicateDeletes: req.replicateDeletes ?? true,
    replicateMetadata: req.replicateMetadata ?? true,
  };
}

/** POST /buckets-replication. */
export async function setMultiBucketReplication(
  storage: StorageAccess,
  request: MultiBucketReplicationRequest,
): Promise<MultiBucketReplicationResponse> {
  const req = normalise(request);
  remoteEndpoint(req.targetURL, req.useTLS);
  const replicationState: MultiBucketReplicationResponse['replicationState'] = [];
  for (const relation of req.bucketsRelation) {
    let errorString = '';
    try {
      await replicateBucket(storage, req, relation);
    } catch (err) {
      errorString = reasonOf(err);
    }
    replicationState.push({
      originBucket: relation.originBucket,
      targetBucket: relation.destinationBucket,
      errorString,
    });
  }
  return { replicationState };
}

async function removeTargetQuietly(admin: AdminClient, bucket: string, arn: string): Promise<void> {
  try {
    await admin.removeRemoteTarget(bucket, arn);
  } catch {
    // Left behind: the rule change itself is what the user asked for, and it stands.
  }
}

/** DELETE /buckets/{bucket}/replication/{ruleId}. */
export async function deleteReplicationRule(
  storage: StorageAccess,
  bucket: string,
  ruleId: string,
): Promise<void> {
  const xml = await getReplicationDocument(storage.s3, bucket);
  const rules = ruleElements(xml ?? '');
  const parsed = rules.map(
    (rule) => parseReplicationRules(`<ReplicationConfiguration>${rule}</ReplicationConfiguration>`)[0],
  );
  const index = parsed.findIndex((rule) => rule?.id === ruleId);
  if (index < 0)
    throw new ConsoleError('not_found', `The bucket ${bucket} has no replication rule ${ruleId}`, ruleId);
  const arn = parsed[index]?.destination.bucket ?? '';
  const remaining = rules.filter((_, i) => i !== index);
  await putReplicationRules(storage.s3, bucket, remaining);
  const stillUsed = parsed.some((rule, i) => i !== index && rule?.destination.bucket === arn);
  if (arn.startsWith('arn:minio:replication:') && !stillUsed)
    await removeTargetQuietly(storage.admin, bucket, arn);
}
