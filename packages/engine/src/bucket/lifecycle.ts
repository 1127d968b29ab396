/**
 * The bucket lifecycle configuration as a typed document: rules with an ID, a status, a filter
 * (prefix, tags, object size bounds), expiration (days, date, or removal of expired delete
 * markers), expiration of noncurrent versions, transitions, and the abort of incomplete multipart
 * uploads. `parseLifecycleConfiguration` reads and validates the S3 XML once; a background worker
 * reads the result through `BucketMetadataService.get(bucket, 'lifecycle')` with no request, and
 * `lifecycleRulesFor` tells which enabled rules apply to an object.
 *
 * Errors follow MinIO: a document that does not have the schema's shape is MalformedXML; one that
 * has it but breaks a rule (no rule, duplicate IDs, a rule without action, a bad number or date) is
 * InvalidArgument with the reason.
 */
import { InvalidArgument, MalformedXML } from '../common/errors.js';
import { readTags, validateTagSet, type Tag } from './tags.js';
import { element, elements, rootElement, text, type XmlElement } from './xml-fields.js';

/** Which objects a rule applies to; every given condition must hold. */
export interface LifecycleFilter {
  prefix: string;
  tags: Tag[];
  /** Bytes; the object must be larger. */
  objectSizeGreaterThan?: number;
  /** Bytes; the object must be smaller. */
  objectSizeLessThan?: number;
}

export interface LifecycleExpiration {
  /** Days after the object's creation. */
  days?: number;
  /** Midnight UTC on which objects expire. */
  date?: Date;
  /** Remove a delete marker that no longer hides any version. */
  expiredObjectDeleteMarker?: boolean;
}

export interface NoncurrentVersionExpiration {
  /** Days after the version became noncurrent. */
  noncurrentDays: number;
  /** Keep this many newer noncurrent versions regardless of age. */
  newerNoncurrentVersions?: number;
}

export interface LifecycleTransition {
  days?: number;
  date?: Date;
  /** The remote tier's name. */
  storageClass: string;
}

export interface NoncurrentVersionTransition {
  noncurrentDays: number;
  storageClass: string;
}

export interface LifecycleRule {
  id: string;
  status: 'Enabled' | 'Disabled';
  filter: LifecycleFilter;
  expiration?: LifecycleExpiration;
  noncurrentVersionExpiration?: NoncurrentVersionExpiration;
  transitions: LifecycleTransition[];
  noncurrentVersionTransitions: NoncurrentVersionTransition[];
  /** Days after initiation after which an incomplete multipart upload is aborted. */
  abortIncompleteMultipartUploadDays?: number;
}

export interface LifecycleConfiguration {
  rules: LifecycleRule[];
}

/** S3's limit on rules per configuration. */
export const MAX_LIFECYCLE_RULES = 1000;
const MAX_RULE_ID_LENGTH = 255;
const MAX_FILTER_TAGS = 10;

/** A positive whole number of days (or versions); InvalidArgument otherwise. */
function positive(value: string, what: string): number {
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw new InvalidArgument(`${what} must be a positive integer.`);
  return n;
}

function nonNegativeBytes(value: string, what: string): number {
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n)) throw new InvalidArgument(`${what} must be a non-negative integer.`);
  return n;
}

/** An ISO 8601 date at midnight UTC (S3 refuses any other time of day). */
function midnightDate(value: string): Date {
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}(T00:00:00(\.0+)?(Z|[+-]00:00))?$/.test(value) || Number.isNaN(date.getTime())) {
    throw new InvalidArgument('Date must be an ISO 8601 date at midnight UTC.');
  }
  return date;
}

function readAnd(and: XmlElement, filter: LifecycleFilter): void {
  filter.prefix = text(and, 'Prefix', false) ?? '';
  filter.tags = readTags(and);
  const greater = text(and, 'ObjectSizeGreaterThan');
  const less = text(and, 'ObjectSizeLessThan');
  if (greater !== undefined)
    filter.objectSizeGreaterThan = nonNegativeBytes(greater, 'ObjectSizeGreaterThan');
  if (less !== undefined) filter.objectSizeLessThan = nonNegativeBytes(less, 'ObjectSizeLessThan');
}

function readFilter(rule: XmlElement): LifecycleFilter {
  const filter: LifecycleFilter = { prefix: '', tags: [] };
  const legacyPrefix = text(rule, 'Prefix', false);
  const node = element(rule, 'Filter');
  if (legacyPrefix !== undefined && node !== undefined) {
    throw new InvalidArgument('A rule may have a Prefix or a Filter, not both.');
  }
  if (legacyPrefix !== undefined) {
    filter.prefix = legacyPrefix;
    return filter;
  }
  if (node === undefined) return filter;
  const and = element(node, 'And');
  const prefix = text(node, 'Prefix', false);
  const tags = readTags(node);
  const greater = text(node, 'ObjectSizeGreaterThan');
  const less = text(node, 'ObjectSizeLessThan');
  const given = [and, prefix, tags[0], greater, less].filter((v) => v !== undefined).length;
  if (given > 1 || tags.length > 1) {
    throw new InvalidArgument('A Filter may have one condition; combine several with And.');
  }
  if (and !== undefined) readAnd(and, filter);
  else {
    filter.prefix = prefix ?? '';
    filter.tags = tags;
    if (greater !== undefined)
      filter.objectSizeGreaterThan = nonNegativeBytes(greater, 'ObjectSizeGreaterThan');
    if (less !== undefined) filter.objectSizeLessThan = nonNegativeBytes(less, 'ObjectSizeLessThan');
  }
  validateTagSet(filter.tags, MAX_FILTER_TAGS);
  const { objectSizeGreaterThan: gt, objectSizeLessThan: lt } = filter;
  if (gt !== undefined && lt !== undefined && gt >= lt) {
    throw new InvalidArgument('ObjectSizeGreaterThan must be less than ObjectSizeLessThan.');
  }
  return filter;
}

function readExpiration(node: XmlElement): LifecycleExpiration {
  const days = text(node, 'Days');
  const date = text(node, 'Date');
  const marker = text(node, 'ExpiredObjectDeleteMarker');
  const out: LifecycleExpiration = {};
  if (days !== undefined) out.days = positive(days, 'Expiration Days');
  if (date !== undefined) out.date = midnightDate(date);
  if (marker !== undefined) {
    if (marker !== 'true' && marker !== 'false') throw new MalformedXML();
    out.expiredObjectDeleteMarker = marker === 'true';
  }
  const set = [out.days, out.date, out.expiredObjectDeleteMarker].filter((v) => v !== undefined).length;
  if (set !== 1) {
    throw new InvalidArgument('Expiration needs exactly one of Days, Date or ExpiredObjectDeleteMarker.');
  }
  return out;
}

function readTransition(node: XmlElement): LifecycleTransition {
  const days = text(node, 'Days');
  const date = text(node, 'Date');
  const storageClass = text(node, 'StorageClass') ?? '';
  if (storageClass === '') throw new InvalidArgument('A Transition needs a StorageClass.');
  if ((days === undefined) === (date === undefined)) {
    throw new InvalidArgument('A Transition needs exactly one of Days or Date.');
  }
  const out: LifecycleTransition = { storageClass };
  // Zero days is allowed for a transition: move objects as soon as the scanner sees them.
  if (days !== undefined) out.days = days === '0' ? 0 : positive(days, 'Transition Days');
  if (date !== undefined) out.date = midnightDate(date);
  return out;
}

function readNoncurrentDays(node: XmlElement, what: string): number {
  const days = text(node, 'NoncurrentDays');
  if (days === undefined) throw new InvalidArgument(`${what} needs NoncurrentDays.`);
  return positive(days, `${what} NoncurrentDays`);
}

function readRule(node: XmlElement): LifecycleRule {
  const id = text(node, 'ID') ?? '';
  if (id.length > MAX_RULE_ID_LENGTH) {
    throw new InvalidArgument(`A rule ID is at most ${MAX_RULE_ID_LENGTH} characters.`);
  }
  const status = text(node, 'Status');
  if (status !== 'Enabled' && status !== 'Disabled') {
    throw new InvalidArgument('A rule Status must be Enabled or Disabled.');
  }
  const rule: LifecycleRule = {
    id,
    status,
    filter: readFilter(node),
    transitions: elements(node, 'Transition').map(readTransition),
    noncurrentVersionTransitions: elements(node, 'NoncurrentVersionTransition').map((t) => {
      const storageClass = text(t, 'StorageClass') ?? '';
      if (storageClass === '')
        throw new InvalidArgument('A NoncurrentVersionTransition needs a StorageClass.');
      return { noncurrentDays: readNoncurrentDays(t, 'NoncurrentVersionTransition'), storageClass };
    }),
  };
  const expiration = element(node, 'Expiration');
  if (expiration !== undefined) rule.expiration = readExpiration(expiration);
  const noncurrent = element(node, 'NoncurrentVersionExpiration');
  if (noncurrent !== undefined) {
    const out: NoncurrentVersionExpiration = {
      noncurrentDays: readNoncurrentDays(noncurrent, 'NoncurrentVersionExpiration'),
    };
    const newer = text(noncurrent, 'NewerNoncurrentVersions');
    if (newer !== undefined) out.newerNoncurrentVersions = positive(newer, 'NewerNoncurrentVersions');
    rule.noncurrentVersionExpiration = out;
  }
  const abort = element(node, 'AbortIncompleteMultipartUpload');
  if (abort !== undefined) {
    const days = text(abort, 'DaysAfterInitiation');
    if (days === undefined)
      throw new InvalidArgument('AbortIncompleteMultipartUpload needs DaysAfterInitiation.');
    rule.abortIncompleteMultipartUploadDays = positive(days, 'DaysAfterInitiation');
  }
  if (
    rule.expiration === undefined &&
    rule.noncurrentVersionExpiration === undefined &&
    rule.transitions.length === 0 &&
    rule.noncurrentVersionTransitions.length === 0 &&
    rule.abortIncompleteMultipartUploadDays === undefined
  ) {
    throw new InvalidArgument('A lifecycle rule needs at least one action.');
  }
  if (rule.expiration?.expiredObjectDeleteMarker === true && rule.filter.tags.length > 0) {
    throw new InvalidArgument('ExpiredObjectDeleteMarker cannot be combined with a tag filter.');
  }
  return rule;
}

/** Parse and validate a `<LifecycleConfiguration>` document; see the module comment for errors. */
export function parseLifecycleConfiguration(xml: string): LifecycleConfiguration {
  const root = rootElement(xml, 'LifecycleConfiguration');
  const rules = elements(root, 'Rule').map(readRule);
  if (rules.length === 0) throw new InvalidArgument('A lifecycle configuration needs at least one rule.');
  if (rules.length > MAX_LIFECYCLE_RULES) {
    throw new InvalidArgument(`A lifecycle configuration has at most ${MAX_LIFECYCLE_RULES} rules.`);
  }
  const ids = new Set<string>();
  for (const rule of rules) {
    if (rule.id === '') continue;
    if (ids.has(rule.id)) throw new InvalidArgument(`Rule ID '${rule.id}' is used by more than one rule.`);
    ids.add(rule.id);
  }
  return { rules };
}

/** What a rule's filter is matched against. */
export interface LifecycleObject {
  key: string;
  size: number;
  tags: readonly Tag[];
}

/** The enabled rules whose filter the object passes, in document order. */
export function lifecycleRulesFor(config: LifecycleConfiguration, object: LifecycleObject): LifecycleRule[] {
  return config.rules.filter((rule) => {
    if (rule.status !== 'Enabled') return false;
    const f = rule.filter;
    if (!object.key.startsWith(f.prefix)) return false;
    if (f.objectSizeGreaterThan !== undefined && !(object.size > f.objectSizeGreaterThan)) return false;
    if (f.objectSizeLessThan !== undefined && !(object.size < f.objectSizeLessThan)) return false;
    return f.tags.every((t) => object.tags.some((o) => o.key === t.key && o.value === t.value));
  });
}
