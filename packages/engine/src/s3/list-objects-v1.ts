/**
 * ListObjects V1 (`GET /<bucket>`): prefix, delimiter, marker, max-keys, encoding-type. NextMarker
 * is returned whenever the listing is truncated (AWS only promises it with a delimiter; clients
 * that page without one fall back to the last key, which is the same value).
 */
import type { RequestContext } from '../http/context.js';
import { sendXml } from '../http/xml.js';
import { contentsEntry, nameEncoder, optionalParam, parseMaxKeys } from './list-params.js';

export async function listObjectsV1(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  const { encodingType, encode } = nameEncoder(ctx);
  const prefix = optionalParam(ctx, 'prefix');
  const delimiter = optionalParam(ctx, 'delimiter');
  const marker = optionalParam(ctx, 'marker');
  const maxKeys = parseMaxKeys(ctx.query.get('max-keys'));
  const layer = ctx.engine.objectLayer;
  const result =
    maxKeys === 0
      ? (await layer.getBucketInfo(bucket), { objects: [], commonPrefixes: [], isTruncated: false })
      : await layer.listObjects(bucket, { prefix, delimiter, after: marker, maxKeys });
  sendXml(ctx, 200, 'ListBucketResult', {
    Name: bucket,
    Prefix: encode(prefix) ?? '',
    Marker: encode(marker) ?? '',
    NextMarker: result.isTruncated ? encode(result.nextAfter) : undefined,
    MaxKeys: maxKeys,
    Delimiter: encode(delimiter),
    IsTruncated: result.isTruncated,
    Contents: result.objects.map((o) => contentsEntry(o, encode, { owner: true, metadata: false })),
    CommonPrefixes: result.commonPrefixes.map((p) => ({ Prefix: encode(p) })),
    EncodingType: encodingType,
  });
}
