/**
 * PutBucketVersioning (`PUT /<bucket>?versioning`): Enabled or Suspended. Suspending a bucket with
 * object lock, or excluding prefixes or folders from its versioning, is refused (409
 * InvalidBucketState, AWS's message), as S3 and MinIO do; so is suspending a bucket that has a
 * replication configuration (MinIO's 409 InvalidBucketState). The document is kept when it
 * carries MinIO's ExcludedPrefixes / ExcludeFolders so GET can return them.
 */
import type { RequestContext } from '../http/context.js';
import { readBody } from '../http/body.js';
import { checkVersioningChange, parseVersioningConfiguration } from '../bucket/versioning.js';
import { EntityTooLarge, MalformedXML } from '../common/errors.js';
import { BUCKET_CONFIG } from '../bucket/configs.js';
import { InvalidBucketState } from '../object-layer/errors.js';

const MAX_CONFIG_BYTES = 64 * 1024;

export async function putBucketVersioning(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  const layer = ctx.engine.objectLayer;
  // Existence first: a missing bucket is NoSuchBucket whatever the body says.
  await layer.getBucketInfo(bucket);
  let body: Buffer;
  try {
    body = await readBody(ctx, MAX_CONFIG_BYTES);
  } catch (err) {
    if (err instanceof EntityTooLarge) throw new MalformedXML();
    throw err;
  }
  const raw = body.toString('utf8');
  const config = parseVersioningConfiguration(raw);
  await ctx.engine.bucketMetadata.put(bucket, 'versioning', raw, {
    // Checked against the stored metadata as the change is persisted.
    check: (meta) => {
      checkVersioningChange(config, meta.objectLockEnabled, bucket);
      if (config.status === 'Suspended' && (meta.configs[BUCKET_CONFIG.replication] ?? '') !== '') {
        throw new InvalidBucketState(
          'A replication configuration is present on this bucket, bucket wide versioning cannot be suspended.',
          { bucket },
        );
      }
    },
  });
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Length', 0);
  ctx.res.end();
}
