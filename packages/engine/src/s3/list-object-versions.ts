/**
 * ListObjectVersions (`GET /<bucket>?versions`): every version and delete marker, by key and newest
 * first, with Version and DeleteMarker elements interleaved in that order (clients rebuild the
 * history from the order). Paging by key-marker + version-id-marker; `metadata=true` adds MinIO's
 * listing extras to Version entries (wire doc §5.2).
 */
import type { RequestContext } from '../http/context.js';
import type { ObjectInfo } from '../object-layer/types.js';
import type { XmlObject } from '../http/xml.js';
import { sendXml } from '../http/xml.js';
import { InvalidArgument } from '../common/errors.js';
import { metadataExtras, nameEncoder, optionalParam, parseMaxKeys, quotedEtag } from './list-params.js';
import { ownerXml } from './owner.js';
import { listingChecksumFields } from './checksum-type.js';

function versionEntry(
  info: ObjectInfo,
  encode: (s: string | undefined) => string | undefined,
  metadata: boolean,
): XmlObject {
  if (info.deleteMarker) {
    return {
      DeleteMarker: {
        Key: encode(info.key),
        VersionId: info.versionId,
        IsLatest: info.isLatest,
        LastModified: info.lastModified,
        Owner: ownerXml(),
      },
    };
  }
  return {
    Version: {
      Key: encode(info.key),
      VersionId: info.versionId,
      IsLatest: info.isLatest,
      LastModified: info.lastModified,
      ETag: quotedEtag(info.etag),
      ...listingChecksumFields(info.checksums),
      Size: info.size,
      Owner: ownerXml(),
      StorageClass: info.storageClass === '' ? 'STANDARD' : info.storageClass,
      ...(metadata ? metadataExtras(info) : {}),
    },
  };
}

export async function listObjectVersions(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  const { encodingType, encode } = nameEncoder(ctx);
  const prefix = optionalParam(ctx, 'prefix');
  const delimiter = optionalParam(ctx, 'delimiter');
  const keyMarker = optionalParam(ctx, 'key-marker');
  const versionIdMarker = optionalParam(ctx, 'version-id-marker');
  const metadata = ctx.query.get('metadata') === 'true';
  const maxKeys = parseMaxKeys(ctx.query.get('max-keys'));
  if (versionIdMarker !== undefined && keyMarker === undefined) {
    throw new InvalidArgument('A version-id marker cannot be specified without a key marker.');
  }
  const layer = ctx.engine.objectLayer;
  const result =
    maxKeys === 0
      ? (await layer.getBucketInfo(bucket),
        {
          versions: [],
          commonPrefixes: [],
          isTruncated: false,
          nextKeyMarker: undefined,
          nextVersionIdMarker: undefined,
        })
      : await layer.listObjectVersions(bucket, { prefix, delimiter, keyMarker, versionIdMarker, maxKeys });
  sendXml(ctx, 200, 'ListVersionsResult', {
    Name: bucket,
    Prefix: encode(prefix) ?? '',
    KeyMarker: encode(keyMarker) ?? '',
    VersionIdMarker: versionIdMarker ?? '',
    NextKeyMarker: result.isTruncated ? encode(result.nextKeyMarker) : undefined,
    NextVersionIdMarker: result.isTruncated ? result.nextVersionIdMarker : undefined,
    MaxKeys: maxKeys,
    Delimiter: encode(delimiter),
    IsTruncated: result.isTruncated,
    '#entries': result.versions.map((v) => versionEntry(v, encode, metadata)),
    CommonPrefixes: result.commonPrefixes.map((p) => ({ Prefix: encode(p) })),
    EncodingType: encodingType,
  });
}
