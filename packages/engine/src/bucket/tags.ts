/**
 * Tag sets of bucket configuration documents (`<TagSet><Tag><Key/><Value/></Tag>…` of bucket
 * tagging, `<Tag>` of lifecycle and replication filters), validated against S3's limits.
 */
import { MalformedXML } from '../common/errors.js';
import { InvalidTag } from './errors.js';
import { elements, text, type XmlElement } from './xml-fields.js';

export interface Tag {
  key: string;
  value: string;
}

const MAX_KEY_LENGTH = 128;
const MAX_VALUE_LENGTH = 256;

/** Read `<Tag>` children of `parent` (keys and values kept exactly, not trimmed). */
export function readTags(parent: XmlElement): Tag[] {
  return elements(parent, 'Tag').map((tag) => {
    const key = text(tag, 'Key', false);
    if (key === undefined) throw new MalformedXML();
    return { key, value: text(tag, 'Value', false) ?? '' };
  });
}

/** InvalidTag when there are more than `max` tags, a key or value too long, or a key twice. */
export function validateTagSet(tags: readonly Tag[], max: number): void {
  if (tags.length > max) throw new InvalidTag(`Cannot have more than ${max} tags.`);
  const seen = new Set<string>();
  for (const { key, value } of tags) {
    if (key.length === 0 || [...key].length > MAX_KEY_LENGTH) {
      throw new InvalidTag('The TagKey you have provided is invalid');
    }
    if ([...value].length > MAX_VALUE_LENGTH)
      throw new InvalidTag('The TagValue you have provided is invalid');
    if (seen.has(key)) throw new InvalidTag('Cannot provide multiple Tags with the same key');
    seen.add(key);
  }
}
