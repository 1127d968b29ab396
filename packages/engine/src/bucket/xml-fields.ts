/**
 * Small readers over `parseXml` output for the bucket configuration parsers: the document's root
 * element, child elements that may repeat, and leaf texts. A shape that is not what the schema
 * allows is MalformedXML, like a document that is not XML at all.
 */
import { MalformedXML } from '../common/errors.js';
import { asArray, parseXml } from '../common/xml.js';

/** A parsed element with children. */
export type XmlElement = Record<string, unknown>;

export function isElement(v: unknown): v is XmlElement {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Parse `xml` and return its root element named `root` (an empty root is an element without children). */
export function rootElement(xml: string, root: string): XmlElement {
  const node = parseXml(xml)[root];
  if (node === '') return {};
  if (!isElement(node)) throw new MalformedXML();
  return node;
}

/** The child elements named `name` (none, one or several); an empty element counts as one without children. */
export function elements(parent: XmlElement, name: string): XmlElement[] {
  return asArray(parent[name]).map((v) => {
    if (v === '') return {};
    if (!isElement(v)) throw new MalformedXML();
    return v;
  });
}

/** The one child element named `name`, or undefined; several are MalformedXML. */
export function element(parent: XmlElement, name: string): XmlElement | undefined {
  const all = elements(parent, name);
  if (all.length > 1) throw new MalformedXML();
  return all[0];
}

/** The text of the one leaf child named `name` (trimmed when `trim`), or undefined. */
export function text(parent: XmlElement, name: string, trim = true): string | undefined {
  const all = texts(parent, name, trim);
  if (all.length > 1) throw new MalformedXML();
  return all[0];
}

/** The texts of the leaf children named `name`. */
export function texts(parent: XmlElement, name: string, trim = true): string[] {
  return asArray(parent[name]).map((v) => {
    if (typeof v !== 'string') throw new MalformedXML();
    return trim ? v.trim() : v;
  });
}
