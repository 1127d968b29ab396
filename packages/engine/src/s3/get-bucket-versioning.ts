/**
 * GetBucketVersioning (`GET /<bucket>?versioning`): `<VersioningConfiguration/>` for a bucket that
 * was never configured, else its Status (and MinIO's exclusions when set).
 */
import type { RequestContext } from '../http/context.js';
import { sendXml } from '../http/xml.js';
import { versioningDocument } from '../bucket/versioning.js';

export async function getBucketVersioning(ctx: RequestContext): Promise<void> {
  const config = await ctx.engine.bucketMetadata.get(ctx.target.bucket ?? '', 'versioning');
  sendXml(ctx, 200, 'VersioningConfiguration', versioningDocument(config));
}
