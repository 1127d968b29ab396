/**
 * XML for the S3 wire: a small serialiser for response documents and a guarded parser for the
 * configuration documents clients send (VersioningConfiguration, Delete, CompleteMultipartUpload,
 * Tagging, …).
 *
 * The serialiser is driven by plain objects: keys become child elements in insertion order (S3
 * clients such as s3cmd and the Go SDK read elements by name, but the AWS docs' order is kept
 * anyway by building objects in that order), arrays become repeated elements of one name, and
 * `null`/`undefined` drop the element. The parser is fast-xml-parser with attributes ignored and
 * values kept as strings; DOCTYPE declarations are refused outright and only the five predefined
 * XML entities plus numeric character references are decoded, so no entity expansion attack is
 * possible.
 *
 * No request in sight: the bucket subsystems parse stored documents with it too. Writing a
 * response is `http/xml.ts`.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { MalformedXML } from './errors.js';

export type XmlValue = string | number | boolean | Date | null | undefined | XmlObject | XmlValue[];
export interface XmlObject {
  [element: string]: XmlValue;
}

/** The S3 namespace every S3 response root carries. */
export const S3_XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** Escape text for element content (and attribute values: quotes are escaped too). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"'\r]/g, (c) => {
    switch (c) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      case "'":
        return '&apos;';
      default:
        // A raw CR would be normalised to LF by any XML reader; keys may contain one.
        return '&#13;';
    }
  });
}

/** Date as S3 writes it in XML bodies: ISO 8601 with milliseconds, UTC. */
function formatDate(d: Date): string {
  return d.toISOString();
}

function serialiseValue(name: string, value: XmlValue, out: string[]): void {
  if (value === null || value === undefined) return;
  if (name.startsWith('#')) {
    serialiseTransparent(name, value, out);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) serialiseValue(name, item, out);
    return;
  }
  if (value instanceof Date) {
    out.push(`<${name}>${formatDate(value)}</${name}>`);
    return;
  }
  if (typeof value === 'object') {
    out.push(`<${name}>`);
    serialiseChildren(value, out);
    out.push(`</${name}>`);
    return;
  }
  const text = typeof value === 'string' ? escapeXml(value) : String(value);
  out.push(`<${name}>${text}</${name}>`);
}

/**
 * Keys starting with `#` write no element of their own: `#text` is the parent's text content, and
 * any other `#name` holds objects whose children are written in place. The latter is how elements
 * of different names are interleaved in one order (ListObjectVersions mixes Version and
 * DeleteMarker by key): `{ '#entries': [{ Version: {…} }, { DeleteMarker: {…} }] }`.
 */
function serialiseTransparent(name: string, value: XmlValue, out: string[]): void {
  if (value === null || value === undefined) return;
  if (name === '#text') {
    if (value instanceof Date) out.push(formatDate(value));
    else if (typeof value === 'string') out.push(escapeXml(value));
    else if (typeof value === 'number' || typeof value === 'boolean') out.push(String(value));
    return;
  }
  const items = Array.isArray(value) ? value : [value];
  for (const item of items) {
    if (item !== null && typeof item === 'object' && !Array.isArray(item) && !(item instanceof Date)) {
      serialiseChildren(item, out);
    }
  }
}

function serialiseChildren(obj: XmlObject, out: string[]): void {
  for (const [name, value] of Object.entries(obj)) serialiseValue(name, value, out);
}

/**
 * Serialise: objects → child elements in insertion order; arrays → repeated elements of the same
 * name; Date → ISO 8601 with milliseconds (2006-01-02T15:04:05.000Z); null/undefined → element
 * omitted; strings escaped. Starts with the XML declaration. The root gets the S3 namespace unless
 * `options.xmlns === false` or a string overrides it. Keys starting with `#` are transparent:
 * `#text` is text content, other `#…` keys hold objects written in place (interleaving).
 */
export function toXml(root: string, value: XmlObject, options?: { xmlns?: string | false }): string {
  const xmlns = options?.xmlns === undefined ? S3_XMLNS : options.xmlns;
  const out: string[] = [XML_DECLARATION];
  out.push(xmlns === false ? `<${root}>` : `<${root} xmlns="${escapeXml(xmlns)}">`);
  serialiseChildren(value, out);
  out.push(`</${root}>`);
  return out.join('');
}

const ENTITY = /&(?:(lt|gt|amp|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));|&/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decode the predefined XML entities and character references in one pass; anything else is malformed. */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(
    ENTITY,
    (whole, named: string | undefined, dec: string | undefined, hex: string | undefined) => {
      if (named !== undefined) return NAMED[named] ?? whole;
      const code =
        dec !== undefined ? Number.parseInt(dec, 10) : hex !== undefined ? Number.parseInt(hex, 16) : NaN;
      if (!Number.isFinite(code) || code > 0x10ffff || code === 0) throw new MalformedXML();
      return String.fromCodePoint(code);
    },
  );
}

/** Drop whitespace-only text that sits between child elements (indentation), keep leaf text as is. */
function dropIndentation(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(dropIndentation);
  if (node !== null && typeof node === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === '#text' && typeof v === 'string' && v.trim() === '') continue;
      out[k] = dropIndentation(v);
    }
    return out;
  }
  return node;
}

/**
 * Parse a small XML document into nested plain objects: element name → string (leaf), object, or
 * array where an element repeats (callers normalise with `asArray`). Attributes and namespace
 * declarations are ignored; leaf values are kept exactly (no trimming: object keys may start or end
 * with spaces). Throws MalformedXML for anything not well-formed, a DOCTYPE, or an unknown entity.
 */
export function parseXml(text: string): Record<string, unknown> {
  // S3 documents never carry a DTD; refusing it removes custom entities entirely.
  if (/<!DOCTYPE/i.test(text) || /<!ENTITY/i.test(text)) throw new MalformedXML();
  if (text.trim() === '' || XMLValidator.validate(text) !== true) throw new MalformedXML();
  const parser = new XMLParser({
    ignoreAttributes: true,
    parseTagValue: false,
    trimValues: false,
    processEntities: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    removeNSPrefix: true,
    tagValueProcessor: (_name: string, value: string) => decodeEntities(value),
  });
  let parsed: unknown;
  try {
    parsed = parser.parse(text);
  } catch (err) {
    if (err instanceof MalformedXML) throw err;
    throw new MalformedXML();
  }
  const result = dropIndentation(parsed);
  if (result === null || typeof result !== 'object' || Array.isArray(result)) throw new MalformedXML();
  return result as Record<string, unknown>;
}

/** Normalise a parsed element that may appear once, several times or not at all. */
export function asArray<T>(v: T | T[] | undefined): T[] {
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}
