/**
 * Per-version replication status (MinIO's `X-Amz-Replication-Status`), kept in
 * `ObjectInfo.internal`: the overall status under the header's own name (PENDING, COMPLETED,
 * FAILED on a source; REPLICA on a target), and the status per target ARN
 * (`arn=STATUS;arn=STATUS`, as MinIO's `x-minio-internal-replication-status`) from which the
 * overall one is derived. HEAD/GET answer the overall status; listings with `metadata=true` show
 * it among the metadata, as MinIO does.
 */
export const REPLICATION_STATUS_KEY = 'x-amz-replication-status';
export const REPLICATION_TARGETS_KEY = 'x-minio-internal-replication-status';

export type ReplicationStatus = 'PENDING' | 'COMPLETED' | 'FAILED' | 'REPLICA';

/** The per-ARN statuses of a version. */
export function targetStatuses(internal: Record<string, string>): Map<string, ReplicationStatus> {
  const out = new Map<string, ReplicationStatus>();
  for (const pair of (internal[REPLICATION_TARGETS_KEY] ?? '').split(';')) {
    const at = pair.lastIndexOf('=');
    if (at > 0) out.set(pair.slice(0, at), pair.slice(at + 1) as ReplicationStatus);
  }
  return out;
}

/** MinIO's composite: FAILED if any target failed, else PENDING if any is pending, else COMPLETED. */
export function overallStatus(statuses: Map<string, ReplicationStatus>): ReplicationStatus | undefined {
  const all = [...statuses.values()];
  if (all.length === 0) return undefined;
  if (all.includes('FAILED')) return 'FAILED';
  if (all.includes('PENDING')) return 'PENDING';
  return 'COMPLETED';
}

/** Record `status` for `arn` in `internal` (in place) and update the overall status. */
export function setTargetStatus(
  internal: Record<string, string>,
  arn: string,
  status: ReplicationStatus,
): void {
  const statuses = targetStatuses(internal);
  statuses.set(arn, status);
  internal[REPLICATION_TARGETS_KEY] = [...statuses].map(([a, s]) => `${a}=${s}`).join(';');
  const overall = overallStatus(statuses);
  if (overall !== undefined) internal[REPLICATION_STATUS_KEY] = overall;
}

/** The status a response shows for a version, if any. */
export function replicationStatusOf(internal: Record<string, string>): string | undefined {
  return internal[REPLICATION_STATUS_KEY];
}
