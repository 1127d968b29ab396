/**
 * Bucket notification rules against events: MinIO's event names (those a configuration may name,
 * including the ones this engine does not emit yet), the wildcard groups (`s3:ObjectCreated:*`)
 * and the ARN grammar `arn:minio:sqs:<region>:<id>:<service>`.
 */
import type { NotificationTarget as BucketRule } from '../bucket/notification.js';
import { NOTIFY_SERVICES, type NotifyService } from './target.js';

/** Every event name MinIO accepts in a notification configuration or a listen request. */
export const MINIO_EVENT_NAMES: ReadonlySet<string> = new Set([
  's3:BucketCreated',
  's3:BucketRemoved',
  's3:ObjectAccessed:*',
  's3:ObjectAccessed:Get',
  's3:ObjectAccessed:GetRetention',
  's3:ObjectAccessed:GetLegalHold',
  's3:ObjectAccessed:Head',
  's3:ObjectAccessed:Attributes',
  's3:ObjectCreated:*',
  's3:ObjectCreated:CompleteMultipartUpload',
  's3:ObjectCreated:Copy',
  's3:ObjectCreated:Post',
  's3:ObjectCreated:Put',
  's3:ObjectCreated:PutRetention',
  's3:ObjectCreated:PutLegalHold',
  's3:ObjectCreated:PutTagging',
  's3:ObjectCreated:DeleteTagging',
  's3:ObjectRemoved:*',
  's3:ObjectRemoved:Delete',
  's3:ObjectRemoved:DeleteMarkerCreated',
  's3:ObjectRemoved:DeleteAllVersions',
  's3:ObjectRemoved:NoOP',
  's3:Replication:*',
  's3:Replication:OperationFailedReplication',
  's3:Replication:OperationCompletedReplication',
  's3:Replication:OperationMissedThreshold',
  's3:Replication:OperationReplicatedAfterThreshold',
  's3:Replication:OperationNotTracked',
  's3:ObjectRestore:*',
  's3:ObjectRestore:Post',
  's3:ObjectRestore:Completed',
  's3:ObjectTransition:*',
  's3:ObjectTransition:Failed',
  's3:ObjectTransition:Complete',
  's3:Scanner:ManyVersions',
  's3:Scanner:BigPrefix',
]);

/** Whether a rule's event pattern covers an event name (`s3:ObjectCreated:*` covers `…:Put`). */
export function eventMatches(pattern: string, name: string): boolean {
  return pattern.endsWith(':*') ? name.startsWith(pattern.slice(0, -1)) : pattern === name;
}

/** Whether a bucket rule wants this event for this key. */
export function ruleMatches(rule: BucketRule, name: string, key: string): boolean {
  return (
    rule.events.some((pattern) => eventMatches(pattern, name)) &&
    key.startsWith(rule.prefix) &&
    key.endsWith(rule.suffix)
  );
}

/** A parsed target ARN. */
export interface TargetArn {
  region: string;
  id: string;
  service: NotifyService;
}

/** Parse `arn:minio:sqs:<region>:<id>:<service>`; undefined when it is not one. */
export function parseTargetArn(arn: string): TargetArn | undefined {
  const parts = arn.split(':');
  if (parts.length !== 6) return undefined;
  const [scheme, partition, kind, region = '', id = '', service = ''] = parts;
  if (scheme !== 'arn' || partition !== 'minio' || kind !== 'sqs' || id === '') return undefined;
  if (!(NOTIFY_SERVICES as readonly string[]).includes(service)) return undefined;
  return { region, id, service: service as NotifyService };
}
