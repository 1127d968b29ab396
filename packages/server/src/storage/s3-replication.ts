/**
 * A bucket's replication rules from GetBucketReplication (`GET /<bucket>?replication`, wire doc
 * §5.5), as the console lists them (spec 1 §3 "Replication rule (listed)"). minio-js signs and
 * sends the request; the XML is read here with every value kept as text, because minio-js's own
 * parser turns IDs, prefixes and tag values that look like numbers into numbers ('007' → 7).
 * A bucket without a configuration (404 ReplicationConfigurationNotFoundError) has no rules.
 */
import type { ReplicationRule } from '@coffer/contract';
import { XMLParser } from 'fast-xml-parser';
import type { Client } from 'minio';
import { storageErrorCode } from './storage-errors.js';

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => name === 'Rule' || name === 'Tag',
});

type XmlNode = Record<string, unknown>;

function node(value: unknown): XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as XmlNode) : {};
}

function text(parent: XmlNode, name: string): string {
  const value = parent[name];
  return typeof value === 'string' ? value : '';
}

function nodes(parent: XmlNode, name: string): XmlNode[] {
  const value = parent[name];
  return Array.isArray(value) ? value.map(node) : [];
}

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

/** The bucket's replication rules; none when it has no replication configuration. */
export async function getReplicationRules(s3: Client, bucket: string): Promise<ReplicationRule[]> {
  let res;
  try {
    res = await s3.makeRequestAsync({ method: 'GET', bucketName: bucket, query: 'replication' }, '', [200]);
  } catch (err) {
    if (storageErrorCode(err) === 'ReplicationConfigurationNotFoundError') return [];
    throw err;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return parseReplicationRules(Buffer.concat(chunks).toString('utf8'));
}
