/**
 * Just enough XML reading for STS answers and XML error bodies: the text of the first element
 * with a given local name (namespace prefixes ignored), with the five predefined entities and
 * numeric character references decoded. These documents are flat and small; a full parser would
 * be a dependency for nothing.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (whole, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    return ENTITIES[ref] ?? whole;
  });
}

/** Text content of the first `<name>` (or `<ns:name>`) element, or undefined when absent. */
export function xmlElementText(xml: string, name: string): string | undefined {
  const re = new RegExp(
    `<(?:[A-Za-z_][\\w.-]*:)?${name}(?:\\s[^>]*)?(?:/>|>([\\s\\S]*?)</(?:[A-Za-z_][\\w.-]*:)?${name}\\s*>)`,
  );
  const m = re.exec(xml);
  if (!m) return undefined;
  const inner = m[1] ?? '';
  const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(inner.trim());
  return cdata ? (cdata[1] ?? '') : decodeXmlText(inner);
}
