/**
 * The object tag set on the wire: parsing the `<Tagging><TagSet><Tag><Key/><Value/></Tag>…`
 * document of PutObjectTagging (and of a POST form's `tagging` field), and the version-id header
 * the three tagging operations answer with.
 */
import type { RequestContext } from '../http/context.js';
import { asArray, parseXml } from '../http/xml.js';
import { MalformedXML } from '../common/errors.js';
import { InvalidTag } from '../bucket/errors.js';
import type { ObjectInfo } from '../object-layer/types.js';
import { validateTags, type Tag } from './object-headers.js';
import type { ObjectTarget } from './object-request.js';

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Parse and validate a Tagging document (InvalidTag for S3's limits, MalformedXML for the shape). */
export function parseTaggingXml(xml: string, where?: Partial<ObjectTarget>): Tag[] {
  const doc = parseXml(xml);
  const root = doc['Tagging'];
  if (!isRecord(root)) throw new MalformedXML(undefined, where);
  const tagSet = root['TagSet'];
  // `<TagSet/>` (no tags) parses as an empty string.
  if (tagSet === undefined || tagSet === '') return [];
  if (!isRecord(tagSet)) throw new MalformedXML(undefined, where);
  const tags: Tag[] = [];
  for (const entry of asArray(tagSet['Tag'])) {
    if (!isRecord(entry)) throw new MalformedXML(undefined, where);
    const key = entry['Key'];
    const value = entry['Value'] ?? '';
    if (typeof key !== 'string') throw new InvalidTag('The TagKey you have provided is invalid', where);
    if (typeof value !== 'string') throw new MalformedXML(undefined, where);
    tags.push({ key, value });
  }
  validateTags(tags, where);
  return tags;
}

/** x-amz-version-id on tagging answers: shown for real versions, or when the client named one. */
export function setTaggingVersionHeader(
  ctx: RequestContext,
  info: ObjectInfo,
  requested: string | undefined,
): void {
  if (info.versionId !== 'null' || requested !== undefined)
    ctx.res.setHeader('x-amz-version-id', info.versionId);
}
