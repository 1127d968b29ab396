/**
 * ListObjects V2 (`GET /<bucket>?list-type=2`): prefix, delimiter, max-keys, continuation-token,
 * start-after, fetch-owner, encoding-type, and MinIO's `metadata=true` extension (wire doc §5.2).
 * The continuation token is opaque to clients: base64url of the last key or common prefix
 * returned; a token that does not decode is InvalidArgument, as in MinIO.
 */
import type { RequestContext } from '../http/context.js';
import { sendXml } from '../http/xml.js';
import { InvalidArgument } from '../common/errors.js';
import { contentsEntry, nameEncoder, optionalParam, parseMaxKeys } from './list-params.js';

const TOKEN_PREFIX = 'c1:';

/** Opaque continuation token for a position in the listing. */
export function encodeContinuationToken(after: string): string {
  return Buffer.from(TOKEN_PREFIX + after, 'utf8').toString('base64url');
}

/** The position a continuation token stands for; InvalidArgument when it is not one of ours. */
export function decodeContinuationToken(token: string): string {
  const text = Buffer.from(token, 'base64url').toString('utf8');
  if (!text.startsWith(TOKEN_PREFIX) || encodeContinuationToken(text.slice(TOKEN_PREFIX.length)) !== token) {
    throw new InvalidArgument('The continuation token provided is incorrect');
  }
  return text.slice(TOKEN_PREFIX.length);
}

export async function listObjectsV2(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  const { encodingType, encode } = nameEncoder(ctx);
  const prefix = optionalParam(ctx, 'prefix');
  const delimiter = optionalParam(ctx, 'delimiter');
  const startAfter = optionalParam(ctx, 'start-after');
  const token = optionalParam(ctx, 'continuation-token');
  const fetchOwner = ctx.query.get('fetch-owner') === 'true';
  const metadata = ctx.query.get('metadata') === 'true';
  const maxKeys = parseMaxKeys(ctx.query.get('max-keys'));
  // The token, when given, is where the previous page stopped; start-after only seeds page one.
  const after = token !== undefined ? decodeContinuationToken(token) : startAfter;
  const layer = ctx.engine.objectLayer;
  const result =
    maxKeys === 0
      ? (await layer.getBucketInfo(bucket),
        { objects: [], commonPrefixes: [], isTruncated: false, nextAfter: undefined })
      : await layer.listObjects(bucket, { prefix, delimiter, after, maxKeys });
  const next =
    result.isTruncated && result.nextAfter !== undefined
      ? encodeContinuationToken(result.nextAfter)
      : undefined;
  sendXml(ctx, 200, 'ListBucketResult', {
    Name: bucket,
    Prefix: encode(prefix) ?? '',
    StartAfter: encode(startAfter),
    ContinuationToken: token,
    NextContinuationToken: next,
    KeyCount: result.objects.length + result.commonPrefixes.length,
    MaxKeys: maxKeys,
    Delimiter: encode(delimiter),
    IsTruncated: result.isTruncated,
    Contents: result.objects.map((o) => contentsEntry(o, encode, { owner: fetchOwner, metadata })),
    CommonPrefixes: result.commonPrefixes.map((p) => ({ Prefix: encode(p) })),
    EncodingType: encodingType,
  });
}
