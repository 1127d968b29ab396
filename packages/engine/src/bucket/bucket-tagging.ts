/** The bucket tag set (`<Tagging><TagSet><Tag>…`): at most 50 tags, S3's key and value limits. */
import { MalformedXML } from '../common/errors.js';
import { readTags, validateTagSet, type Tag } from './tags.js';
import { element, rootElement } from './xml-fields.js';

export interface BucketTagging {
  tags: Tag[];
}

/** S3's limit on tags per bucket. */
export const MAX_BUCKET_TAGS = 50;

/** Parse and validate a bucket Tagging document (MalformedXML for the shape, InvalidTag for limits). */
export function parseBucketTagging(xml: string): BucketTagging {
  const tagSet = element(rootElement(xml, 'Tagging'), 'TagSet');
  if (tagSet === undefined) throw new MalformedXML();
  const tags = readTags(tagSet);
  validateTagSet(tags, MAX_BUCKET_TAGS);
  return { tags };
}
