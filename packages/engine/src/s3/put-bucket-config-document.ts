/**
 * PutBucketTagging (`PUT /<bucket>?tagging`) and PutBucketCors (`PUT /<bucket>?cors`): the
 * document, verified against Content-MD5 or an x-amz-checksum-* header (S3 requires one of them
 * for both: 400 MissingContentMD5), is checked and stored by the bucket metadata service
 * (`bucket/bucket-tagging.ts`: at most 50 tags, S3's key and value limits; `bucket/cors.ts`:
 * origins and methods required, at most 100 rules). 200 with no body. GET and DELETE are
 * `get-bucket-tagging.ts`, `get-bucket-cors.ts` and their delete handlers; the rules of a stored
 * CORS document act in `http/bucket-cors.ts`.
 */
import type { RequestContext } from '../http/context.js';
import type { BucketConfigKind } from '../bucket/bucket-metadata.js';
import { EntityTooLarge, MalformedXML } from '../common/errors.js';
import { readVerifiedBody } from './checksums.js';

/** Both documents are small (50 tags; 100 CORS rules); MinIO reads configuration bodies up to 1 MiB. */
const MAX_DOCUMENT_BYTES = 1 << 20;

async function putDocument(ctx: RequestContext, kind: BucketConfigKind): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  // A missing bucket is NoSuchBucket whatever the body says.
  await ctx.engine.objectLayer.getBucketInfo(bucket);
  let body: Buffer;
  try {
    body = await readVerifiedBody(ctx, MAX_DOCUMENT_BYTES, true);
  } catch (err) {
    if (err instanceof EntityTooLarge) throw new MalformedXML(undefined, { bucket });
    throw err;
  }
  await ctx.engine.bucketMetadata.put(bucket, kind, body.toString('utf8'));
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}

export const putBucketTagging = (ctx: RequestContext): Promise<void> => putDocument(ctx, 'tagging');
export const putBucketCors = (ctx: RequestContext): Promise<void> => putDocument(ctx, 'cors');
