/**
 * GetBucketVersioning (`GET /<bucket>?versioning`): `<VersioningConfiguration/>` for a bucket that
 * was never configured, else its Status (and MinIO's exclusions when set).
 */
import type { RequestContext } from '../http/context.js';
import { sendXml } from '../http/xml.js';
import { BUCKET_CONFIG } from '../bucket/configs.js';
import { versioningDocument } from '../bucket/versioning.js';

export async function getBucketVersioning(ctx: RequestContext): Promise<void> {
  const meta = await ctx.engine.objectLayer.getBucketMetadata(ctx.target.bucket ?? '');
  sendXml(
    ctx,
    200,
    'VersioningConfiguration',
    versioningDocument(meta, meta.configs[BUCKET_CONFIG.versioning]),
  );
}
