/**
 * ListMultipartUploads (`GET /<bucket>?uploads`): uploads in progress by key then initiation,
 * with prefix, delimiter, key-marker, upload-id-marker, max-uploads and encoding-type.
 */
import type { RequestContext } from '../http/context.js';
import { sendXml } from '../http/xml.js';
import { InvalidArgument } from '../common/errors.js';
import { nameEncoder, optionalParam, parseMaxKeys } from './list-params.js';
import { ownerXml } from './owner.js';

export async function listMultipartUploads(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  const { encodingType, encode } = nameEncoder(ctx);
  const prefix = optionalParam(ctx, 'prefix');
  const delimiter = optionalParam(ctx, 'delimiter');
  const keyMarker = optionalParam(ctx, 'key-marker');
  const uploadIdMarker = optionalParam(ctx, 'upload-id-marker');
  const maxUploads = parseMaxKeys(ctx.query.get('max-uploads'), 'max-uploads');
  if (uploadIdMarker !== undefined && keyMarker === undefined) {
    throw new InvalidArgument('An upload-id marker cannot be specified without a key marker.');
  }
  const layer = ctx.engine.objectLayer;
  const result =
    maxUploads === 0
      ? (await layer.getBucketInfo(bucket),
        {
          uploads: [],
          commonPrefixes: [],
          isTruncated: false,
          nextKeyMarker: undefined,
          nextUploadIdMarker: undefined,
        })
      : await layer.listMultipartUploads(bucket, {
          prefix,
          delimiter,
          keyMarker,
          uploadIdMarker,
          maxUploads,
        });
  sendXml(ctx, 200, 'ListMultipartUploadsResult', {
    Bucket: bucket,
    KeyMarker: encode(keyMarker) ?? '',
    UploadIdMarker: uploadIdMarker ?? '',
    NextKeyMarker: result.isTruncated ? encode(result.nextKeyMarker) : '',
    NextUploadIdMarker: result.isTruncated ? result.nextUploadIdMarker : '',
    Delimiter: encode(delimiter),
    Prefix: encode(prefix) ?? '',
    MaxUploads: maxUploads,
    IsTruncated: result.isTruncated,
    Upload: result.uploads.map((u) => ({
      Key: encode(u.key),
      UploadId: u.uploadId,
      Initiator: ownerXml(),
      Owner: ownerXml(),
      StorageClass: u.metadata.storageClass ?? 'STANDARD',
      Initiated: u.initiated,
    })),
    CommonPrefixes: result.commonPrefixes.map((p) => ({ Prefix: encode(p) })),
    EncodingType: encodingType,
  });
}
