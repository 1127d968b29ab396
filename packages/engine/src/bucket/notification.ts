/**
 * The bucket notification configuration (`<NotificationConfiguration>` with Queue, Topic and
 * CloudFunction configurations): per target its ARN, the event names it wants (`s3:ObjectCreated:*`
 * …) and a key prefix / suffix filter. An absent document means no notifications.
 */
import { InvalidArgument } from '../common/errors.js';
import { element, elements, rootElement, text, texts, type XmlElement } from './xml-fields.js';

export interface NotificationTarget {
  id: string;
  kind: 'queue' | 'topic' | 'lambda';
  arn: string;
  events: string[];
  prefix: string;
  suffix: string;
}

export interface NotificationConfiguration {
  targets: NotificationTarget[];
}

const KINDS = [
  ['QueueConfiguration', 'Queue', 'queue'],
  ['TopicConfiguration', 'Topic', 'topic'],
  ['CloudFunctionConfiguration', 'CloudFunction', 'lambda'],
] as const;

/** MinIO's bound on a filter value (`ErrFilterValueInvalid`). */
const MAX_FILTER_VALUE_BYTES = 1024;

function readFilter(node: XmlElement): { prefix: string; suffix: string } {
  const out = { prefix: '', suffix: '' };
  const seen = new Set<string>();
  const key = element(element(node, 'Filter') ?? {}, 'S3Key');
  for (const rule of key === undefined ? [] : elements(key, 'FilterRule')) {
    const name = text(rule, 'Name')?.toLowerCase();
    const value = text(rule, 'Value', false) ?? '';
    // MinIO's messages (ErrFilterNameInvalid, ErrFilterNamePrefix/Suffix, ErrFilterValueInvalid).
    if (name !== 'prefix' && name !== 'suffix')
      throw new InvalidArgument('filter rule name must be either prefix or suffix');
    if (seen.has(name)) throw new InvalidArgument(`Cannot specify more than one ${name} rule in a filter.`);
    if (Buffer.byteLength(value) > MAX_FILTER_VALUE_BYTES)
      throw new InvalidArgument('Size of filter rule value cannot exceed 1024 bytes in UTF-8 representation');
    seen.add(name);
    out[name] = value;
  }
  return out;
}

/** Parse and validate a NotificationConfiguration document (an empty one has no targets). */
export function parseNotificationConfiguration(xml: string): NotificationConfiguration {
  const root = rootElement(xml, 'NotificationConfiguration');
  const targets: NotificationTarget[] = [];
  for (const [element_, arnName, kind] of KINDS) {
    for (const node of elements(root, element_)) {
      const arn = text(node, arnName) ?? '';
      if (!arn.startsWith('arn:')) throw new InvalidArgument(`A ${element_} needs an ARN.`);
      const events = texts(node, 'Event');
      if (events.length === 0 || events.some((e) => !e.startsWith('s3:'))) {
        throw new InvalidArgument('A notification needs one or more s3: event names.');
      }
      targets.push({ id: text(node, 'Id') ?? '', kind, arn, events, ...readFilter(node) });
    }
  }
  return { targets };
}
