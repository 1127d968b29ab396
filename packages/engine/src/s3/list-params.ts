/**
 * Query parameters and element shapes shared by the listing operations (ListObjects V1/V2,
 * ListObjectVersions, ListMultipartUploads).
 *
 * `encoding-type=url`: S3 then URL-encodes Key, Prefix, Delimiter, StartAfter, Marker/NextMarker,
 * KeyMarker/NextKeyMarker in the reply. We percent-encode everything except unreserved characters
 * and `/` (space → `%20`, `+` → `%2B`), which decodes the same with `unquote_plus` (botocore),
 * `decodeURIComponent` (AWS SDK v3, minio-js) and Go's `url.QueryUnescape` (minio-go).
 */
import { replicationStatusOf } from '../bucket/replication-status.js';
import type { RequestContext } from '../http/context.js';
import type { ObjectInfo } from '../object-layer/types.js';
import type { XmlObject } from '../http/xml.js';
import { InvalidArgument } from '../common/errors.js';
import { ownerXml } from './owner.js';
import { listingChecksumFields } from './checksum-type.js';

/** S3's cap (and default) for max-keys / max-uploads. */
export const MAX_LIST_KEYS = 1000;

/** Parse max-keys (or max-uploads): integer ≥ 0, capped at 1000; default 1000. */
export function parseMaxKeys(value: string | null, name = 'maxKeys'): number {
  if (value === null || value === '') return MAX_LIST_KEYS;
  if (!/^-?\d+$/.test(value.trim())) {
    throw new InvalidArgument(`Argument ${name} must be an integer between 0 and 2147483647`);
  }
  const n = Number.parseInt(value, 10);
  if (n < 0 || n > 2147483647) {
    throw new InvalidArgument(`Argument ${name} must be an integer between 0 and 2147483647`);
  }
  return Math.min(n, MAX_LIST_KEYS);
}

/** The encoder for names in a listing reply: identity, or URL encoding with `encoding-type=url`. */
export function nameEncoder(ctx: RequestContext): {
  encodingType: string | undefined;
  encode: (s: string | undefined) => string | undefined;
} {
  const type = ctx.query.get('encoding-type');
  if (type === null || type === '') return { encodingType: undefined, encode: (s) => s };
  if (type.toLowerCase() !== 'url') throw new InvalidArgument('Invalid Encoding Method specified in Request');
  return { encodingType: 'url', encode: (s) => (s === undefined ? undefined : urlEncodeName(s)) };
}

/** Percent-encode a key for `encoding-type=url` (keeps unreserved characters and `/`). */
export function urlEncodeName(s: string): string {
  return encodeURIComponent(s)
    .replace(/%2F/g, '/')
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** An optional query parameter ('' counts as absent, as S3 treats `prefix=`). */
export function optionalParam(ctx: RequestContext, name: string): string | undefined {
  const v = ctx.query.get(name);
  return v === null || v === '' ? undefined : v;
}

/** ETag as S3 shows it in XML: quoted. */
export function quotedEtag(etag: string): string {
  return etag.startsWith('"') ? etag : `"${etag}"`;
}

/** Canonical MIME-style header case (`x-amz-meta-foo` → `X-Amz-Meta-Foo`), as Go prints it. */
function canonicalHeaderKey(name: string): string {
  return name
    .split('-')
    .map((part) => (part === '' ? part : part[0]?.toUpperCase() + part.slice(1).toLowerCase()))
    .join('-');
}

const XML_NAME = /^[A-Za-z_][A-Za-z0-9._-]*$/;

/**
 * MinIO's `metadata=true` listing extras (wire doc §5.2): UserMetadata with one element per
 * metadata header (plus content-type), and UserTags as the URL-encoded tag set.
 */
export function metadataExtras(info: ObjectInfo): XmlObject {
  const meta: XmlObject = {};
  if (info.contentType !== '') meta['content-type'] = info.contentType;
  for (const [name, value] of Object.entries(info.headers)) {
    if (XML_NAME.test(name)) meta[name] = value;
  }
  for (const [name, value] of Object.entries(info.userMetadata)) {
    const element = canonicalHeaderKey(`x-amz-meta-${name}`);
    if (XML_NAME.test(element)) meta[element] = value;
  }
  // MinIO lists the replication status among the metadata (it keeps it there).
  const replication = replicationStatusOf(info.internal);
  if (replication !== undefined) meta['X-Amz-Replication-Status'] = replication;
  return {
    UserMetadata: meta,
    UserTags: info.tagging === undefined || info.tagging === '' ? undefined : info.tagging,
  };
}

/** One `<Contents>` entry of ListObjects V1/V2. */
export function contentsEntry(
  info: ObjectInfo,
  encode: (s: string | undefined) => string | undefined,
  options: { owner: boolean; metadata: boolean },
): XmlObject {
  return {
    Key: encode(info.key),
    LastModified: info.lastModified,
    ETag: quotedEtag(info.etag),
    ...listingChecksumFields(info.checksums),
    Size: info.size,
    Owner: options.owner ? ownerXml() : undefined,
    StorageClass: info.storageClass === '' ? 'STANDARD' : info.storageClass,
    ...(options.metadata ? metadataExtras(info) : {}),
  };
}
