/**
 * A bucket's notification configuration over S3 (`GET/PUT /<bucket>?notification`, wire doc
 * §5.6), read and written whole. minio-js signs and sends; the XML is read here with every value
 * kept as text (minio-js's parser turns number-like ids and prefixes into numbers) and written
 * back with every rule as it was — Queue, Topic and CloudFunction configurations, their ids and
 * their exact event names — so a read-modify-write changes only the rule it means to.
 */
import { XMLParser } from 'fast-xml-parser';
import type { Client } from 'minio';
import { el, readBody } from './s3-xml.js';

export type NotificationKind = 'Queue' | 'Topic' | 'CloudFunction';

/** One rule of the configuration, as stored. */
export interface NotificationRule {
  kind: NotificationKind;
  id: string;
  arn: string;
  /** Event names as stored (`s3:ObjectCreated:*`, `s3:ObjectRemoved:Delete`…). */
  events: string[];
  /** S3Key filter rules in order (`prefix`, `suffix`; names as stored). */
  filter: { name: string; value: string }[];
}

const KINDS: readonly NotificationKind[] = ['Queue', 'Topic', 'CloudFunction'];

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: false,
  isArray: (name) =>
    name === 'QueueConfiguration' ||
    name === 'TopicConfiguration' ||
    name === 'CloudFunctionConfiguration' ||
    name === 'Event' ||
    name === 'FilterRule',
});

type XmlNode = Record<string, unknown>;

function node(value: unknown): XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as XmlNode) : {};
}

function text(parent: XmlNode, name: string): string {
  const value = parent[name];
  return typeof value === 'string' ? value : '';
}

function list(parent: XmlNode, name: string): unknown[] {
  const value = parent[name];
  return Array.isArray(value) ? value : [];
}

/** The rules of a NotificationConfiguration document, in document order per kind. */
export function parseNotificationRules(xml: string): NotificationRule[] {
  const root = node(node(parser.parse(xml)).NotificationConfiguration);
  const rules: NotificationRule[] = [];
  for (const kind of KINDS) {
    for (const item of list(root, `${kind}Configuration`)) {
      const rule = node(item);
      const s3Key = node(node(rule.Filter).S3Key);
      rules.push({
        kind,
        id: text(rule, 'Id'),
        arn: text(rule, kind).trim(),
        events: list(rule, 'Event')
          .filter((e): e is string => typeof e === 'string')
          .map((e) => e.trim()),
        filter: list(s3Key, 'FilterRule').map((f) => ({
          name: text(node(f), 'Name').trim(),
          value: text(node(f), 'Value'),
        })),
      });
    }
  }
  return rules;
}

/** The NotificationConfiguration document of these rules (empty: no notifications). */
export function buildNotificationXml(rules: readonly NotificationRule[]): string {
  const parts = ['<NotificationConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">'];
  for (const kind of KINDS) {
    for (const rule of rules.filter((r) => r.kind === kind)) {
      parts.push(`<${kind}Configuration>`);
      if (rule.id !== '') parts.push(el('Id', rule.id));
      if (rule.filter.length > 0) {
        parts.push('<Filter><S3Key>');
        for (const f of rule.filter)
          parts.push(`<FilterRule>${el('Name', f.name)}${el('Value', f.value)}</FilterRule>`);
        parts.push('</S3Key></Filter>');
      }
      parts.push(el(kind, rule.arn));
      for (const event of rule.events) parts.push(el('Event', event));
      parts.push(`</${kind}Configuration>`);
    }
  }
  parts.push('</NotificationConfiguration>');
  return parts.join('');
}

/** GetBucketNotificationConfiguration: the bucket's rules (none set: an empty list). */
export async function getNotificationRules(s3: Client, bucket: string): Promise<NotificationRule[]> {
  const res = await s3.makeRequestAsync(
    { method: 'GET', bucketName: bucket, query: 'notification' },
    '',
    [200],
  );
  return parseNotificationRules(await readBody(res));
}

/** PutBucketNotificationConfiguration with exactly these rules. */
export async function putNotificationRules(
  s3: Client,
  bucket: string,
  rules: readonly NotificationRule[],
): Promise<void> {
  const res = await s3.makeRequestAsync(
    {
      method: 'PUT',
      bucketName: bucket,
      query: 'notification',
      headers: { 'Content-Type': 'application/xml' },
    },
    buildNotificationXml(rules),
    [200],
  );
  await readBody(res);
}
