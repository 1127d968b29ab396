/**
 * A bucket's replication rules from GetBucketReplication (`GET /<bucket>?replication`, wire doc
 * §5.5), as the console lists them (spec 1 §3 "Replication rule (listed)"). minio-js signs and
 * sends the request; the XML is read here with every value kept as text, because minio-js's own
 * parser turns IDs, prefixes and tag values that look like numbers into numbers ('007' → 7).
 * A bucket without a configuration (404 ReplicationConfigurationNotFoundError) has no rules. New
 * rules are written as MinIO's XML; a change keeps the other rules' XML as the server gave it.
 */
import type { ReplicationRule } from '@coffer/contract';
import type { Client } from 'minio';
import { storageErrorCode } from './storage-errors.js';
import {
  configParser,
  deleteBucketSubresource,
  el,
  filterXml,
  getBucketSubresource,
  parseTagText,
  node,
  nodes,
  putBucketSubresource,
  text,
  type XmlNode,
} from './s3-xml.js';

const parser = configParser;

/** Tags as the spec lists them: key=value pairs joined with &. */
function tagsOf(tags: XmlNode[]): string {
  return tags.map((t) => `${text(t, 'Key')}=${text(t, 'Value')}`).join('&');
}

/** Prefix and tags of a rule: in `Filter` (a Prefix, a Tag or an And of both) or, older, on the rule. */
function filterOf(rule: XmlNode): { prefix: string; tags: string } {
  const filter = node(rule.Filter);
  const and = node(filter.And);
  const prefix = text(and, 'Prefix') || text(filter, 'Prefix') || text(rule, 'Prefix');
  return { prefix, tags: tagsOf([...nodes(and, 'Tag'), ...nodes(filter, 'Tag')]) };
}

const enabled = (parent: XmlNode, name: string) => text(node(parent[name]), 'Status') === 'Enabled';

/** The rules of a ReplicationConfiguration document. */
export function parseReplicationRules(xml: string): ReplicationRule[] {
  const root = node(node(parser.parse(xml)).ReplicationConfiguration);
  return nodes(root, 'Rule').map((rule) => {
    const destination = node(rule.Destination);
    const storageClass = text(destination, 'StorageClass');
    const priority = Number.parseInt(text(rule, 'Priority'), 10);
    return {
      id: text(rule, 'ID'),
      status: text(rule, 'Status') === 'Enabled' ? 'Enabled' : 'Disabled',
      priority: Number.isFinite(priority) ? priority : 0,
      ...filterOf(rule),
      destination: {
        bucket: text(destination, 'Bucket'),
        ...(storageClass !== '' ? { storage_class: storageClass } : {}),
      },
      delete_marker_replication: enabled(rule, 'DeleteMarkerReplication'),
      deletes_replication: enabled(rule, 'DeleteReplication'),
    };
  });
}

/** The bucket's replication configuration document; undefined when it has none. */
export async function getReplicationDocument(s3: Client, bucket: string): Promise<string | undefined> {
  try {
    return await getBucketSubresource(s3, bucket, 'replication');
  } catch (err) {
    if (storageErrorCode(err) === 'ReplicationConfigurationNotFoundError') return undefined;
    throw err;
  }
}

/** The bucket's replication rules; none when it has no replication configuration. */
export async function getReplicationRules(s3: Client, bucket: string): Promise<ReplicationRule[]> {
  const xml = await getReplicationDocument(s3, bucket);
  return xml === undefined ? [] : parseReplicationRules(xml);
}

/** What a new rule says (spec 1 §3 "Replication request"). */
export interface NewReplicationRule {
  id: string;
  priority: number;
  /** The remote target's ARN. */
  arn: string;
  prefix: string;
  tags: string;
  replicateDeleteMarkers: boolean;
  replicateDeletes: boolean;
  replicateMetadata: boolean;
}

const status = (on: boolean) => (on ? 'Enabled' : 'Disabled');

/**
 * A rule of MinIO's replication XML (wire doc §5.5): the destination is the target's ARN; existing
 * objects are replicated too; metadata changes (ReplicaModifications) as asked.
 */
export function replicationRuleXml(rule: NewReplicationRule): string {
  return [
    '<Rule>',
    el('ID', rule.id),
    el('Status', 'Enabled'),
    el('Priority', String(rule.priority)),
    `<DeleteMarkerReplication>${el('Status', status(rule.replicateDeleteMarkers))}</DeleteMarkerReplication>`,
    `<DeleteReplication>${el('Status', status(rule.replicateDeletes))}</DeleteReplication>`,
    `<Destination>${el('Bucket', rule.arn)}</Destination>`,
    `<SourceSelectionCriteria><ReplicaModifications>${el('Status', status(rule.replicateMetadata))}</ReplicaModifications></SourceSelectionCriteria>`,
    filterXml(rule.prefix, parseTagText(rule.tags)),
    `<ExistingObjectReplication>${el('Status', 'Enabled')}</ExistingObjectReplication>`,
    '</Rule>',
  ].join('');
}

/** Store these rules (each its own XML text); none removes the configuration. */
export async function putReplicationRules(
  s3: Client,
  bucket: string,
  rules: readonly string[],
): Promise<void> {
  if (rules.length === 0) {
    await deleteBucketSubresource(s3, bucket, 'replication');
    return;
  }
  const xml = `<ReplicationConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${rules.join('')}</ReplicationConfiguration>`;
  await putBucketSubresource(s3, bucket, 'replication', xml);
}
