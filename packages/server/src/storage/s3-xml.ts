/**
 * Small XML helpers for the bucket configuration documents the console reads and writes over S3
 * (notification, replication, lifecycle): escaping and element text for writing, the rules of a
 * document as their own XML text (so a read-modify-write keeps every element of the rules it does
 * not change, also ones this console does not know), a body reader, and a PUT with Content-MD5
 * (S3 requires it on lifecycle and replication configurations).
 */
import { createHash } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import type { Client } from 'minio';

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** `<name>value</name>`, the value escaped. */
export const el = (name: string, value: string): string => `<${name}>${escapeXml(value)}</${name}>`;

/** Each `<Rule>…</Rule>` of a configuration document, as written (rules never nest). */
export function ruleElements(xml: string): string[] {
  return xml.match(/<Rule>[\s\S]*?<\/Rule>/g) ?? [];
}

/** key=value pairs joined with & (the spec's tag text) → pairs; blanks dropped. */
export function parseTagText(tags: string): { key: string; value: string }[] {
  return tags
    .split('&')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '')
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0 ? { key: pair, value: '' } : { key: pair.slice(0, at), value: pair.slice(at + 1) };
    });
}

/** A rule's `<Filter>`: a prefix, one tag, or an And of them (and of size limits, when given). */
export function filterXml(
  prefix: string,
  tags: readonly { key: string; value: string }[],
  extraAnd = '',
): string {
  const tagXml = tags.map((t) => `<Tag>${el('Key', t.key)}${el('Value', t.value)}</Tag>`).join('');
  const parts = (prefix !== '' ? 1 : 0) + tags.length + (extraAnd !== '' ? 1 : 0);
  if (parts > 1) {
    return `<Filter><And>${prefix !== '' ? el('Prefix', prefix) : ''}${tagXml}${extraAnd}</And></Filter>`;
  }
  if (tags.length === 1) return `<Filter>${tagXml}</Filter>`;
  if (extraAnd !== '') return `<Filter><And>${extraAnd}</And></Filter>`;
  return `<Filter>${el('Prefix', prefix)}</Filter>`;
}

export async function readBody(res: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** GET `/<bucket>?<query>`'s body. */
export async function getBucketSubresource(s3: Client, bucket: string, query: string): Promise<string> {
  const res = await s3.makeRequestAsync({ method: 'GET', bucketName: bucket, query }, '', [200]);
  return readBody(res);
}

/** PUT `/<bucket>?<query>` with an XML body and its Content-MD5. */
export async function putBucketSubresource(
  s3: Client,
  bucket: string,
  query: string,
  xml: string,
): Promise<void> {
  const res = await s3.makeRequestAsync(
    {
      method: 'PUT',
      bucketName: bucket,
      query,
      headers: {
        'Content-Type': 'application/xml',
        'Content-MD5': createHash('md5').update(xml, 'utf8').digest('base64'),
      },
    },
    xml,
    [200, 204],
  );
  await readBody(res);
}

/** DELETE `/<bucket>?<query>`. */
export async function deleteBucketSubresource(s3: Client, bucket: string, query: string): Promise<void> {
  const res = await s3.makeRequestAsync({ method: 'DELETE', bucketName: bucket, query }, '', [200, 204]);
  await readBody(res);
}

export type XmlNode = Record<string, unknown>;

/** An element as an object ({} when absent or not an element). */
export function node(value: unknown): XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as XmlNode) : {};
}

/** A child element's text ('' when absent). */
export function text(parent: XmlNode, name: string): string {
  const value = parent[name];
  return typeof value === 'string' ? value : '';
}

/** The children of one name (the parser makes `Rule` and `Tag` lists). */
export function nodes(parent: XmlNode, name: string): XmlNode[] {
  const value = parent[name];
  return Array.isArray(value) ? value.map(node) : [];
}

/** Values kept as text: fast-xml-parser would turn an ID like '007' into 7. */
export const configParser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => name === 'Rule' || name === 'Tag',
});

/** One rule's XML text as an element. */
export function ruleNode(ruleXml: string): XmlNode {
  return nodes(node(configParser.parse(ruleXml)), 'Rule')[0] ?? {};
}
