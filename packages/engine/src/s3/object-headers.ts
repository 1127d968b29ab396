/**
 * Object metadata on the wire, both directions:
 * - in: the headers of PutObject / CreateMultipartUpload / CopyObject (REPLACE) become an
 *   `ObjectMetadataInput` — Content-Type, the standard representation headers S3 stores
 *   (Cache-Control, Content-Disposition, Content-Encoding without the transport-only `aws-chunked`
 *   token, Content-Language, Expires), `x-amz-meta-*` with lower-cased names, `x-amz-tagging`, and
 *   `x-amz-storage-class`;
 * - out: an `ObjectInfo` becomes the response headers of GET/HEAD (ETag quoted, Last-Modified in
 *   RFC 7231 form, metadata, version, tag count, storage class, parts count, object lock,
 *   checksums), with the `response-*` query overrides of signed GETs.
 * Object tags are kept as S3 shows them in x-amz-tagging: a URL-encoded query string.
 */
import { isTransitioned, restoreHeader } from '../tier/index.js';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { ObjectInfo, ObjectMetadataInput } from '../object-layer/types.js';
import { InvalidArgument } from '../common/errors.js';
import { InvalidStorageClass, MetadataTooLarge } from './errors.js';
import { InvalidTag } from '../bucket/errors.js';
import { lockResponseHeaders } from '../bucket/object-lock.js';
import { replicationStatusOf } from '../bucket/replication-status.js';
import { checksumResponseHeaders } from './checksums.js';
import type { ObjectTarget } from './object-request.js';

/** MinIO's default when a client sends no Content-Type (AWS says binary/octet-stream). */
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** Representation headers S3 stores with an object and returns on GET/HEAD. */
export const STORED_HEADERS = [
  'cache-control',
  'content-disposition',
  'content-encoding',
  'content-language',
  'expires',
  'x-amz-website-redirect-location',
] as const;

/** Storage classes of MinIO's erasure sets (both are served from the same drives here). */
export const STORAGE_CLASSES = ['STANDARD', 'REDUCED_REDUNDANCY'] as const;

/** S3 limits user-defined metadata to 2 KiB (names plus values, UTF-8). */
export const MAX_USER_METADATA_BYTES = 2048;

/** S3 object tag limits. */
export const MAX_OBJECT_TAGS = 10;
export const MAX_TAG_KEY_LENGTH = 128;
export const MAX_TAG_VALUE_LENGTH = 256;

export interface Tag {
  key: string;
  value: string;
}

function single(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v.join(',') : v;
}

/** Remove the `aws-chunked` coding, which describes the transfer and is not part of the object. */
export function stripAwsChunked(contentEncoding: string): string | undefined {
  const kept = contentEncoding
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '' && t.toLowerCase() !== 'aws-chunked');
  return kept.length > 0 ? kept.join(',') : undefined;
}

/** Validate tags against S3's limits (InvalidTag with S3's messages). */
export function validateTags(tags: Tag[], where?: Partial<ObjectTarget>): void {
  if (tags.length > MAX_OBJECT_TAGS) throw new InvalidTag('Object tags cannot be greater than 10', where);
  const seen = new Set<string>();
  for (const { key, value } of tags) {
    if (key.length === 0 || [...key].length > MAX_TAG_KEY_LENGTH)
      throw new InvalidTag('The TagKey you have provided is invalid', where);
    if ([...value].length > MAX_TAG_VALUE_LENGTH)
      throw new InvalidTag('The TagValue you have provided is invalid', where);
    if (seen.has(key)) throw new InvalidTag('Cannot provide multiple Tags with the same key', where);
    seen.add(key);
  }
}

/** Parse the URL-encoded tag form (`k1=v1&k2=v2`) of x-amz-tagging and of stored tags. */
export function parseTagString(encoded: string | undefined): Tag[] {
  if (encoded === undefined || encoded === '') return [];
  const tags: Tag[] = [];
  for (const [key, value] of new URLSearchParams(encoded)) tags.push({ key, value });
  return tags;
}

/** The stored (URL-encoded) form of a tag set; undefined for no tags. */
export function formatTagString(tags: Tag[]): string | undefined {
  if (tags.length === 0) return undefined;
  return new URLSearchParams(tags.map((t): [string, string] => [t.key, t.value])).toString();
}

/** x-amz-storage-class: undefined when absent, InvalidStorageClass for a class we do not serve. */
export function parseStorageClass(
  value: string | undefined,
  where?: Partial<ObjectTarget>,
): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const v = value.trim();
  if (!(STORAGE_CLASSES as readonly string[]).includes(v)) {
    throw new InvalidStorageClass('The storage class you specified is not valid', where);
  }
  return v;
}

/** Check the 2 KiB user-metadata limit. */
export function checkUserMetadataSize(meta: Record<string, string>, where?: Partial<ObjectTarget>): void {
  let size = 0;
  for (const [k, v] of Object.entries(meta)) size += Buffer.byteLength(k) + Buffer.byteLength(v);
  if (size > MAX_USER_METADATA_BYTES) {
    throw new MetadataTooLarge('Your metadata headers exceed the maximum allowed metadata size.', where);
  }
}

/** Metadata a write request sets through its headers (PutObject, CreateMultipartUpload, CopyObject REPLACE). */
export function metadataFromHeaders(headers: IncomingHttpHeaders, where?: ObjectTarget): ObjectMetadataInput {
  const meta: ObjectMetadataInput = {};
  const contentType = single(headers, 'content-type');
  meta.contentType =
    contentType !== undefined && contentType.trim() !== '' ? contentType : DEFAULT_CONTENT_TYPE;
  const stored: Record<string, string> = {};
  for (const name of STORED_HEADERS) {
    const value = single(headers, name);
    if (value === undefined) continue;
    if (name === 'content-encoding') {
      const kept = stripAwsChunked(value);
      if (kept !== undefined) stored[name] = kept;
    } else {
      stored[name] = value;
    }
  }
  meta.headers = stored;
  const user: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    // Node lower-cases header names, so the stored names are lower-case as MinIO shows them.
    if (!name.startsWith('x-amz-meta-') || value === undefined) continue;
    const suffix = name.slice('x-amz-meta-'.length);
    if (suffix === '') continue;
    user[suffix] = Array.isArray(value) ? value.join(',') : value;
  }
  checkUserMetadataSize(user, where);
  meta.userMetadata = user;
  const tagging = single(headers, 'x-amz-tagging');
  if (tagging !== undefined && tagging !== '') {
    const tags = parseTagString(tagging);
    validateTags(tags, where);
    const normalised = formatTagString(tags);
    if (normalised !== undefined) meta.tagging = normalised;
  }
  const storageClass = parseStorageClass(single(headers, 'x-amz-storage-class'), where);
  if (storageClass !== undefined) meta.storageClass = storageClass;
  return meta;
}

/** The metadata of an existing version, as input for a copy that keeps it (directive COPY). */
export function metadataFromInfo(info: ObjectInfo): ObjectMetadataInput {
  const meta: ObjectMetadataInput = {
    contentType: info.contentType,
    headers: { ...info.headers },
    userMetadata: { ...info.userMetadata },
    // A transitioned version shows its tier as storage class; its copy is written locally.
    storageClass: isTransitioned(info) ? 'STANDARD' : info.storageClass,
  };
  if (info.tagging !== undefined) meta.tagging = info.tagging;
  return meta;
}

/** `"<etag>"` as S3 sends ETags in headers and XML. */
export function quoteEtag(etag: string): string {
  return `"${etag}"`;
}

/**
 * Recently formatted HTTP-dates by whole second: formatting one costs more than the rest of a
 * small GET's headers, and objects written together share their second. Cleared when full.
 */
const HTTP_DATES = new Map<number, string>();
const HTTP_DATES_LIMIT = 1024;

/** HTTP-date (RFC 7231 IMF-fixdate), e.g. `Tue, 15 Nov 1994 08:12:31 GMT`. */
export function httpDate(d: Date): string {
  const second = Math.floor(d.getTime() / 1000);
  let text = HTTP_DATES.get(second);
  if (text === undefined) {
    text = d.toUTCString();
    if (HTTP_DATES.size >= HTTP_DATES_LIMIT) HTTP_DATES.clear();
    if (!Number.isNaN(second)) HTTP_DATES.set(second, text);
  }
  return text;
}

/**
 * Make a stored value safe for a response header. Request headers arrive as latin1 strings (one
 * char per byte) and round-trip unchanged; a stray character above U+00FF, which Node refuses in
 * headers, is sent as its UTF-8 bytes; control characters other than TAB become spaces.
 */
export function headerSafe(value: string): string {
  // Printable ASCII (and TAB), what nearly every value is, goes out as it is.
  let plain = true;
  for (let i = 0; i < value.length && plain; i++) {
    const c = value.charCodeAt(i);
    plain = (c >= 0x20 && c < 0x7f) || c === 0x09;
  }
  if (plain) return value;
  let out = '';
  let wide = false;
  for (const ch of value) {
    const c = ch.codePointAt(0) ?? 0;
    // Node refuses control characters other than TAB in header values.
    if ((c < 0x20 && c !== 0x09) || c === 0x7f) {
      out += ' ';
      continue;
    }
    if (c > 0xff) wide = true;
    out += ch;
  }
  return wide ? Buffer.from(out, 'utf8').toString('latin1') : out;
}

/** The number of parts of a multipart object (from its `-N` ETag or its part list), else 0. */
export function partsCount(info: ObjectInfo): number {
  const m = /-(\d+)$/.exec(info.etag);
  if (m?.[1] !== undefined) return Number(m[1]);
  return 0;
}

export interface ObjectHeaderOptions {
  /** Send x-amz-version-id (also for the null version when the client asked for a version). */
  versionHeader: boolean;
  /** x-amz-checksum-mode: ENABLED and a whole-object (or whole-part) response. */
  checksums?: boolean;
}

/** Write the GET/HEAD response headers of an object version (not Content-Length / Content-Range). */
export function writeObjectHeaders(
  res: ServerResponse,
  info: ObjectInfo,
  options: ObjectHeaderOptions,
): void {
  res.setHeader('Last-Modified', httpDate(info.lastModified));
  res.setHeader('ETag', quoteEtag(info.etag));
  res.setHeader('Content-Type', headerSafe(info.contentType || DEFAULT_CONTENT_TYPE));
  res.setHeader('Accept-Ranges', 'bytes');
  for (const [name, value] of Object.entries(info.headers)) {
    if ((STORED_HEADERS as readonly string[]).includes(name)) res.setHeader(name, headerSafe(value));
  }
  for (const [name, value] of Object.entries(info.userMetadata)) {
    res.setHeader(`x-amz-meta-${name}`, headerSafe(value));
  }
  if (options.versionHeader || info.versionId !== 'null') res.setHeader('x-amz-version-id', info.versionId);
  const tagCount = parseTagString(info.tagging).length;
  if (tagCount > 0) res.setHeader('x-amz-tagging-count', String(tagCount));
  // S3 omits the header for STANDARD.
  if (info.storageClass !== '' && info.storageClass !== 'STANDARD')
    res.setHeader('x-amz-storage-class', info.storageClass);
  // A transitioned version restored from its tier (MinIO's x-amz-restore).
  const restore = restoreHeader(info);
  if (restore !== undefined) res.setHeader('x-amz-restore', restore);
  const parts = partsCount(info);
  if (parts > 0) res.setHeader('x-amz-mp-parts-count', String(parts));
  // Object lock: x-amz-object-lock-mode / -retain-until-date / -legal-hold of the version.
  for (const [name, value] of Object.entries(lockResponseHeaders(info.internal))) res.setHeader(name, value);
  // Bucket replication: PENDING / COMPLETED / FAILED on a source, REPLICA on a target.
  const replication = replicationStatusOf(info.internal);
  if (replication !== undefined) res.setHeader('x-amz-replication-status', replication);
  if (options.checksums === true) {
    for (const [name, value] of Object.entries(checksumResponseHeaders(info.checksums)))
      res.setHeader(name, value);
    const composite = Object.values(info.checksums).some((v) => v !== undefined && /-\d+$/.test(v));
    if (Object.keys(info.checksums).length > 0)
      res.setHeader('x-amz-checksum-type', composite ? 'COMPOSITE' : 'FULL_OBJECT');
  }
}

/** `response-*` query parameters of GetObject and the header each overrides. */
export const RESPONSE_OVERRIDES: Record<string, string> = {
  'response-content-type': 'Content-Type',
  'response-content-language': 'Content-Language',
  'response-expires': 'Expires',
  'response-cache-control': 'Cache-Control',
  'response-content-disposition': 'Content-Disposition',
  'response-content-encoding': 'Content-Encoding',
};

const RESPONSE_OVERRIDE_ENTRIES = Object.entries(RESPONSE_OVERRIDES);

/** Which response-* overrides a request carries (name → value). */
export function responseOverrides(query: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  // Most requests have no query at all.
  if (query.size === 0) return out;
  for (const [param, headerName] of RESPONSE_OVERRIDE_ENTRIES) {
    const v = query.get(param);
    if (v !== null) out[headerName] = v;
  }
  return out;
}

/**
 * Text that is real Unicode (a decoded query parameter, a form field) in the form header values
 * take in Node: one char per byte of its UTF-8 encoding. Values read from request headers already
 * have that form and are stored as they came, so both kinds go out as the same bytes.
 */
export function toHeaderBytes(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

/** Apply response-* overrides after the stored headers. */
export function applyResponseOverrides(res: ServerResponse, overrides: Record<string, string>): void {
  for (const [name, value] of Object.entries(overrides))
    res.setHeader(name, headerSafe(toHeaderBytes(value)));
}

/** Parse a copy/metadata directive header (COPY default). */
export function parseDirective(
  value: string | undefined,
  name: string,
  where?: ObjectTarget,
): 'COPY' | 'REPLACE' {
  if (value === undefined || value === '') return 'COPY';
  const v = value.trim().toUpperCase();
  if (v === 'COPY' || v === 'REPLACE') return v;
  throw new InvalidArgument(`Unknown ${name}`, where);
}
