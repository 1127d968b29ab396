/**
 * One page of an S3 listing, with full control of the paging parameters: ListObjectsV2
 * (continuation token, start-after) and ListObjectVersions (key and version-id markers), with
 * `encoding-type=url` (so any key survives XML) and MinIO's `metadata=true` extension (user
 * metadata, content type and tags per entry, wire doc §5.2). minio-js signs and sends the request
 * (`makeRequestAsync`); its own listing helpers page forever, escape markers inconsistently and
 * drop the metadata extension, so the query and the XML are handled here.
 */
import type { Client } from 'minio';
import { XMLParser } from 'fast-xml-parser';
import { uriEncode } from '@coffer/protocol';

export interface ListedEntry {
  kind: 'object' | 'prefix' | 'version' | 'deleteMarker';
  key: string;
  size?: number;
  lastModified?: string;
  etag?: string;
  versionId?: string;
  isLatest?: boolean;
  contentType?: string;
  userMetadata?: Record<string, string>;
  tags?: Record<string, string>;
}

export interface ListPage {
  entries: ListedEntry[];
  truncated: boolean;
  /** ListObjectsV2: where the next page starts. */
  nextContinuationToken?: string;
  /** ListObjectVersions: where the next page starts. */
  nextKeyMarker?: string;
  nextVersionIdMarker?: string;
}

const ARRAY_ELEMENTS = new Set(['Contents', 'CommonPrefixes', 'Version', 'DeleteMarker']);

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  // Keys may begin or end with spaces; never trim element text.
  trimValues: false,
  isArray: (name) => ARRAY_ELEMENTS.has(name),
});

type XmlNode = Record<string, unknown>;

function text(node: XmlNode, name: string): string | undefined {
  const v = node[name];
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/** `encoding-type=url` names: percent-decoding (a `+` is a literal plus, sent as %2B). */
function decodeName(value: string | undefined, encoded: boolean): string {
  if (value === undefined) return '';
  if (!encoded) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function stripQuotes(etag: string | undefined): string | undefined {
  return etag?.replace(/^"+|"+$/g, '');
}

function parseTags(encoded: string | undefined): Record<string, string> | undefined {
  if (!encoded) return undefined;
  return Object.fromEntries(new URLSearchParams(encoded));
}

function metadataOf(node: XmlNode): Pick<ListedEntry, 'userMetadata' | 'contentType' | 'tags'> {
  const out: Pick<ListedEntry, 'userMetadata' | 'contentType' | 'tags'> = {};
  const meta = node.UserMetadata;
  if (meta && typeof meta === 'object') {
    const userMetadata: Record<string, string> = {};
    for (const [name, value] of Object.entries(meta as XmlNode)) {
      if (typeof value !== 'string') continue;
      if (name.toLowerCase() === 'content-type') out.contentType = value;
      else userMetadata[name] = value;
    }
    out.userMetadata = userMetadata;
  }
  const tags = parseTags(text(node, 'UserTags'));
  if (tags) out.tags = tags;
  return out;
}

function entryOf(kind: ListedEntry['kind'], node: XmlNode, encoded: boolean): ListedEntry {
  const size = text(node, 'Size');
  const isLatest = text(node, 'IsLatest');
  const entry: ListedEntry = { kind, key: decodeName(text(node, 'Key'), encoded) };
  if (size !== undefined) entry.size = Number(size);
  const lastModified = text(node, 'LastModified');
  if (lastModified !== undefined) entry.lastModified = lastModified;
  const etag = stripQuotes(text(node, 'ETag'));
  if (etag !== undefined) entry.etag = etag;
  const versionId = text(node, 'VersionId');
  if (versionId !== undefined) entry.versionId = versionId;
  if (isLatest !== undefined) entry.isLatest = isLatest === 'true';
  return { ...entry, ...metadataOf(node) };
}

function prefixesOf(root: XmlNode, encoded: boolean): ListedEntry[] {
  const list = (root.CommonPrefixes as XmlNode[] | undefined) ?? [];
  return list.map((p) => ({ kind: 'prefix' as const, key: decodeName(text(p, 'Prefix'), encoded) }));
}

/** Query string as SigV4 wants it: RFC 3986 escaping, so minio-js signs exactly what is sent. */
function buildQuery(params: Record<string, string | undefined>): string {
  return Object.entries(params)
    .filter((e): e is [string, string] => e[1] !== undefined)
    .map(([k, v]) => (v === '' && k === 'versions' ? k : `${uriEncode(k, true)}=${uriEncode(v, true)}`))
    .join('&');
}

async function getXml(s3: Client, bucket: string, query: string): Promise<XmlNode> {
  const res = await s3.makeRequestAsync({ method: 'GET', bucketName: bucket, query }, '', [200]);
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return parser.parse(Buffer.concat(chunks).toString('utf8')) as XmlNode;
}

export interface ListObjectsOptions {
  prefix: string;
  /** '' lists the whole subtree. */
  delimiter: string;
  maxKeys: number;
  continuationToken?: string;
  startAfter?: string;
  metadata?: boolean;
}

/** One ListObjectsV2 page; folders (common prefixes) come after the objects of the page. */
export async function listObjectsPage(s3: Client, bucket: string, o: ListObjectsOptions): Promise<ListPage> {
  const doc = await getXml(
    s3,
    bucket,
    buildQuery({
      'list-type': '2',
      prefix: o.prefix,
      delimiter: o.delimiter === '' ? undefined : o.delimiter,
      'max-keys': String(o.maxKeys),
      'continuation-token': o.continuationToken,
      'start-after': o.startAfter,
      'encoding-type': 'url',
      metadata: o.metadata ? 'true' : undefined,
    }),
  );
  const root = (doc.ListBucketResult ?? {}) as XmlNode;
  const encoded = text(root, 'EncodingType') === 'url';
  const contents = ((root.Contents as XmlNode[] | undefined) ?? []).map((c) => entryOf('object', c, encoded));
  const page: ListPage = {
    entries: [...contents, ...prefixesOf(root, encoded)],
    truncated: text(root, 'IsTruncated') === 'true',
  };
  const next = text(root, 'NextContinuationToken');
  if (next) page.nextContinuationToken = next;
  return page;
}

export interface ListVersionsOptions {
  prefix: string;
  delimiter: string;
  maxKeys: number;
  keyMarker?: string;
  versionIdMarker?: string;
  metadata?: boolean;
}

/**
 * One ListObjectVersions page. Versions and delete markers arrive as two element lists; they are
 * merged back into S3's order: by key, newest first within a key.
 */
export async function listVersionsPage(
  s3: Client,
  bucket: string,
  o: ListVersionsOptions,
): Promise<ListPage> {
  const doc = await getXml(
    s3,
    bucket,
    buildQuery({
      versions: '',
      prefix: o.prefix,
      delimiter: o.delimiter === '' ? undefined : o.delimiter,
      'max-keys': String(o.maxKeys),
      'key-marker': o.keyMarker,
      'version-id-marker': o.versionIdMarker,
      'encoding-type': 'url',
      metadata: o.metadata ? 'true' : undefined,
    }),
  );
  const root = (doc.ListVersionsResult ?? {}) as XmlNode;
  const encoded = text(root, 'EncodingType') === 'url';
  const versions = [
    ...((root.Version as XmlNode[] | undefined) ?? []).map((v) => entryOf('version', v, encoded)),
    ...((root.DeleteMarker as XmlNode[] | undefined) ?? []).map((v) => entryOf('deleteMarker', v, encoded)),
  ];
  versions.sort((a, b) => {
    if (a.key !== b.key) return a.key < b.key ? -1 : 1;
    if (a.isLatest !== b.isLatest) return a.isLatest ? -1 : 1;
    return (b.lastModified ?? '').localeCompare(a.lastModified ?? '');
  });
  const page: ListPage = {
    entries: [...versions, ...prefixesOf(root, encoded)],
    truncated: text(root, 'IsTruncated') === 'true',
  };
  const nextKey = text(root, 'NextKeyMarker');
  if (nextKey !== undefined) page.nextKeyMarker = decodeName(nextKey, encoded);
  const nextVersion = text(root, 'NextVersionIdMarker');
  if (nextVersion !== undefined) page.nextVersionIdMarker = nextVersion;
  return page;
}
