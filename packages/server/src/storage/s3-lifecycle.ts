/**
 * A bucket's lifecycle configuration over S3 (`GET/PUT /<bucket>?lifecycle`, wire doc §5.4): the
 * rules as the console lists them (spec 1 §3 "Lifecycle rule (listed)"), a new expiry or
 * transition rule in S3's XML, and a rule's status and tags changed in place. A change keeps the
 * other rules' XML exactly as the server gave it (also elements this console does not know).
 * Values are read as text (fast-xml-parser would turn an ID like '007' into 7).
 */
import type { LifecycleRule } from '@coffer/contract';
import type { Client } from 'minio';
import { storageErrorCode } from './storage-errors.js';
import {
  configParser,
  el,
  filterXml,
  getBucketSubresource,
  node,
  nodes,
  parseTagText,
  putBucketSubresource,
  ruleElements,
  ruleNode,
  text as rawText,
  type XmlNode,
} from './s3-xml.js';

const parser = configParser;
const text = (parent: XmlNode, name: string) => rawText(parent, name).trim();

function int(parent: XmlNode, name: string): number | undefined {
  const value = Number.parseInt(text(parent, name), 10);
  return Number.isFinite(value) ? value : undefined;
}
/** An S3 date (2030-01-31T00:00:00Z) as the date alone, as the console shows and sends it. */
function day(parent: XmlNode, name: string): string | undefined {
  const value = text(parent, name);
  return value === '' ? undefined : value.slice(0, 10);
}
const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

function filterOf(rule: XmlNode): { prefix: string; tags: { key: string; value: string }[]; and: XmlNode } {
  const filter = node(rule.Filter);
  const and = node(filter.And);
  const prefix = text(and, 'Prefix') || text(filter, 'Prefix') || text(rule, 'Prefix');
  const tags = [...nodes(and, 'Tag'), ...nodes(filter, 'Tag')].map((t) => ({
    key: text(t, 'Key'),
    value: text(t, 'Value'),
  }));
  return { prefix, tags, and };
}

function listedRule(rule: XmlNode): LifecycleRule {
  const expiration = node(rule.Expiration);
  const noncurrentExpiration = node(rule.NoncurrentVersionExpiration);
  const transition = node(rule.Transition);
  const noncurrentTransition = node(rule.NoncurrentVersionTransition);
  const { prefix, tags } = filterOf(rule);
  const hasExpiration = rule.Expiration !== undefined || rule.NoncurrentVersionExpiration !== undefined;
  const hasTransition = rule.Transition !== undefined || rule.NoncurrentVersionTransition !== undefined;
  return {
    id: text(rule, 'ID'),
    prefix,
    status: text(rule, 'Status') === 'Enabled' ? 'Enabled' : 'Disabled',
    ...(hasExpiration
      ? {
          expiration: defined({
            days: int(expiration, 'Days'),
            date: day(expiration, 'Date'),
            delete_marker: text(expiration, 'ExpiredObjectDeleteMarker') === 'true' ? true : undefined,
            noncurrent_expiration_days: int(noncurrentExpiration, 'NoncurrentDays'),
          }),
        }
      : {}),
    ...(hasTransition
      ? {
          transition: defined({
            days: int(transition, 'Days'),
            date: day(transition, 'Date'),
            storage_class: text(transition, 'StorageClass') || undefined,
            noncurrent_transition_days: int(noncurrentTransition, 'NoncurrentDays'),
            noncurrent_storage_class: text(noncurrentTransition, 'StorageClass') || undefined,
          }),
        }
      : {}),
    tags,
  };
}

/** The rules of a LifecycleConfiguration document. */
export function parseLifecycleRules(xml: string): LifecycleRule[] {
  const root = node(node(parser.parse(xml)).LifecycleConfiguration);
  return nodes(root, 'Rule').map(listedRule);
}

/** The bucket's lifecycle document; undefined when it has none. */
export async function getLifecycleDocument(s3: Client, bucket: string): Promise<string | undefined> {
  try {
    return await getBucketSubresource(s3, bucket, 'lifecycle');
  } catch (err) {
    if (storageErrorCode(err) === 'NoSuchLifecycleConfiguration') return undefined;
    throw err;
  }
}

/** A rule's parts, as the add form gives them (dates as YYYY-MM-DD). */
export interface NewLifecycleRule {
  id: string;
  prefix: string;
  tags: string;
  expiredObjectDeleteMarker: boolean;
  expiryDate?: string;
  expiryDays?: number;
  noncurrentExpirationDays?: number;
  transitionDate?: string;
  transitionDays?: number;
  noncurrentTransitionDays?: number;
  noncurrentTransitionStorageClass?: string;
  storageClass?: string;
}

/** S3 wants lifecycle dates at midnight UTC: the chosen day's start. */
const midnight = (date: string) => `${date.slice(0, 10)}T00:00:00Z`;

/** One rule in S3's lifecycle XML. */
export function lifecycleRuleXml(rule: NewLifecycleRule): string {
  const parts = ['<Rule>', el('ID', rule.id), el('Status', 'Enabled')];
  parts.push(filterXml(rule.prefix, parseTagText(rule.tags)));
  if (rule.expiryDate !== undefined || rule.expiryDays !== undefined || rule.expiredObjectDeleteMarker) {
    parts.push(
      '<Expiration>',
      rule.expiryDate !== undefined ? el('Date', midnight(rule.expiryDate)) : '',
      rule.expiryDays !== undefined ? el('Days', String(rule.expiryDays)) : '',
      rule.expiredObjectDeleteMarker ? el('ExpiredObjectDeleteMarker', 'true') : '',
      '</Expiration>',
    );
  }
  if (rule.noncurrentExpirationDays !== undefined) {
    parts.push(
      `<NoncurrentVersionExpiration>${el('NoncurrentDays', String(rule.noncurrentExpirationDays))}</NoncurrentVersionExpiration>`,
    );
  }
  if (rule.transitionDate !== undefined || rule.transitionDays !== undefined) {
    parts.push(
      '<Transition>',
      rule.transitionDate !== undefined ? el('Date', midnight(rule.transitionDate)) : '',
      rule.transitionDays !== undefined ? el('Days', String(rule.transitionDays)) : '',
      el('StorageClass', rule.storageClass ?? ''),
      '</Transition>',
    );
  }
  if (rule.noncurrentTransitionDays !== undefined) {
    const storageClass = rule.noncurrentTransitionStorageClass || rule.storageClass || '';
    parts.push(
      `<NoncurrentVersionTransition>${el('NoncurrentDays', String(rule.noncurrentTransitionDays))}${el('StorageClass', storageClass)}</NoncurrentVersionTransition>`,
    );
  }
  parts.push('</Rule>');
  return parts.join('');
}

/** The ID of a rule's XML text. */
export function ruleIdOf(ruleXml: string): string {
  return text(ruleNode(ruleXml), 'ID');
}

/** A rule's XML with a new status and tags; its prefix and size limits stay. */
export function updatedLifecycleRuleXml(ruleXml: string, enabled: boolean, tags: string): string {
  const rule = ruleNode(ruleXml);
  const { prefix, and } = filterOf(rule);
  const sizes = ['ObjectSizeGreaterThan', 'ObjectSizeLessThan']
    .filter((name) => text(and, name) !== '')
    .map((name) => el(name, text(and, name)))
    .join('');
  const filter = filterXml(prefix, parseTagText(tags), sizes);
  const withStatus = ruleXml.replace(
    /<Status>[^<]*<\/Status>/,
    el('Status', enabled ? 'Enabled' : 'Disabled'),
  );
  // A rule's filter is its Filter element, or (older documents) a Prefix directly under Rule.
  if (/<Filter>[\s\S]*?<\/Filter>|<Filter\s*\/>/.test(withStatus)) {
    return withStatus.replace(/<Filter>[\s\S]*?<\/Filter>|<Filter\s*\/>/, filter);
  }
  return withStatus
    .replace(/<Prefix>[^<]*<\/Prefix>|<Prefix\s*\/>/, '')
    .replace('</Rule>', `${filter}</Rule>`);
}

/** Store these rules (each its own XML text). */
export async function putLifecycleRules(s3: Client, bucket: string, rules: readonly string[]): Promise<void> {
  const xml = `<LifecycleConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${rules.join('')}</LifecycleConfiguration>`;
  await putBucketSubresource(s3, bucket, 'lifecycle', xml);
}

export { ruleElements };
