/**
 * `Content-Disposition: attachment` for a download (RFC 6266) with the object's base name: a
 * plain-ASCII `filename` fallback (quotes, backslashes and non-printables replaced) plus the exact
 * UTF-8 name as `filename*` (RFC 5987 percent-encoding). Never contains CR/LF.
 */

/** The last path segment of a key (`a/b/c.txt` → `c.txt`; a folder key keeps its name). */
export function baseName(key: string): string {
  const parts = key.split('/').filter((p) => p !== '');
  return parts.at(-1) ?? 'download';
}

/** RFC 5987 `attr-char` percent-encoding. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function contentDisposition(key: string): string {
  const name = baseName(key);
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
