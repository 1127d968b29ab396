/**
 * Which targets a change goes to: per destination ARN, the enabled rule of the highest priority
 * whose filter (prefix, every tag) matches the object decides (MinIO's `FilterActionableRules` +
 * `Replicate`). Delete markers need the rule's DeleteMarkerReplication, permanent deletes of a
 * version its DeleteReplication (MinIO's extension), resync its ExistingObjectReplication.
 */
import type { ReplicationConfiguration, ReplicationRule } from '../bucket/replication.js';
import type { Tag } from '../bucket/tags.js';

export type ChangeKind = 'object' | 'marker' | 'delete' | 'existing';

export interface Match {
  arn: string;
  priority: number;
}

function tagsMatch(rule: ReplicationRule, tags: readonly Tag[]): boolean {
  return rule.tags.every((want) => tags.some((t) => t.key === want.key && t.value === want.value));
}

function allows(rule: ReplicationRule, kind: ChangeKind): boolean {
  switch (kind) {
    case 'marker':
      return rule.deleteMarkerReplication;
    case 'delete':
      return rule.deleteReplication;
    case 'existing':
      return rule.existingObjectReplication;
    default:
      return true;
  }
}

/**
 * The targets `key` (with `tags`; unknown for deletes, then tag filters do not stop it) replicates
 * to for a change of `kind`, one entry per ARN.
 */
export function matchTargets(
  config: ReplicationConfiguration,
  key: string,
  tags: readonly Tag[] | undefined,
  kind: ChangeKind,
): Match[] {
  const byArn = new Map<string, ReplicationRule>();
  const ordered = [...config.rules].sort((a, b) => b.priority - a.priority);
  for (const rule of ordered) {
    if (rule.status !== 'Enabled' || byArn.has(rule.destinationBucket)) continue;
    if (!key.startsWith(rule.prefix)) continue;
    if (tags !== undefined && !tagsMatch(rule, tags)) continue;
    byArn.set(rule.destinationBucket, rule);
  }
  return [...byArn.values()]
    .filter((r) => allows(r, kind))
    .map((r) => ({ arn: r.destinationBucket, priority: r.priority }));
}
