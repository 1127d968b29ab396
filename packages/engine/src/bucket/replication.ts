/**
 * The bucket replication configuration (`<ReplicationConfiguration><Role/><Rule>…`): per rule an
 * ID, status, priority, filter (prefix, tags), what else is replicated (delete markers, deletes,
 * existing objects) and the destination bucket ARN with an optional storage class.
 */
import { InvalidArgument, MalformedXML } from '../common/errors.js';
import { readTags, validateTagSet, type Tag } from './tags.js';
import { element, elements, rootElement, text, type XmlElement } from './xml-fields.js';

export interface ReplicationRule {
  id: string;
  status: 'Enabled' | 'Disabled';
  priority: number;
  prefix: string;
  tags: Tag[];
  deleteMarkerReplication: boolean;
  deleteReplication: boolean;
  existingObjectReplication: boolean;
  /** `arn:aws:s3:::bucket` or MinIO's `arn:minio:replication:…:bucket`. */
  destinationBucket: string;
  storageClass?: string;
}

export interface ReplicationConfiguration {
  role: string;
  rules: ReplicationRule[];
}

function enabled(parent: XmlElement, name: string): boolean {
  const node = element(parent, name);
  if (node === undefined) return false;
  const status = text(node, 'Status');
  if (status !== 'Enabled' && status !== 'Disabled') throw new MalformedXML();
  return status === 'Enabled';
}

function readRule(node: XmlElement): ReplicationRule {
  const status = text(node, 'Status');
  if (status !== 'Enabled' && status !== 'Disabled') {
    throw new InvalidArgument('A replication rule Status must be Enabled or Disabled.');
  }
  const destination = element(node, 'Destination');
  const bucket = destination === undefined ? undefined : text(destination, 'Bucket');
  if (destination === undefined || bucket === undefined || !bucket.startsWith('arn:')) {
    throw new InvalidArgument('A replication rule needs a Destination Bucket ARN.');
  }
  const priority = text(node, 'Priority') ?? '0';
  if (!/^\d+$/.test(priority)) throw new InvalidArgument('Priority must be a non-negative integer.');
  const filter = element(node, 'Filter');
  const and = filter === undefined ? undefined : element(filter, 'And');
  const scope = and ?? filter;
  const tags = scope === undefined ? [] : readTags(scope);
  validateTagSet(tags, 10);
  const rule: ReplicationRule = {
    id: text(node, 'ID') ?? '',
    status,
    priority: Number(priority),
    prefix: (scope === undefined ? text(node, 'Prefix', false) : text(scope, 'Prefix', false)) ?? '',
    tags,
    deleteMarkerReplication: enabled(node, 'DeleteMarkerReplication'),
    deleteReplication: enabled(node, 'DeleteReplication'),
    existingObjectReplication: enabled(node, 'ExistingObjectReplication'),
    destinationBucket: bucket,
  };
  const storageClass = text(destination, 'StorageClass');
  if (storageClass !== undefined && storageClass !== '') rule.storageClass = storageClass;
  return rule;
}

/** Parse and validate a ReplicationConfiguration document. */
export function parseReplicationConfiguration(xml: string): ReplicationConfiguration {
  const root = rootElement(xml, 'ReplicationConfiguration');
  const rules = elements(root, 'Rule').map(readRule);
  if (rules.length === 0) throw new MalformedXML();
  const ids = new Set<string>();
  for (const { id } of rules) {
    if (id !== '' && ids.has(id)) throw new InvalidArgument(`Rule ID '${id}' is used by more than one rule.`);
    ids.add(id);
  }
  return { role: text(root, 'Role') ?? '', rules };
}
