/**
 * GetObjectLockConfiguration (`GET /<bucket>?object-lock`): the stored document (with default
 * retention) when set; `<ObjectLockEnabled>Enabled</ObjectLockEnabled>` alone for a lock-enabled
 * bucket without one; 404 ObjectLockConfigurationNotFoundError for a bucket without lock.
 */
import type { RequestContext } from '../http/context.js';
import { sendRawXml, sendXml } from '../http/xml.js';
import { BUCKET_CONFIG } from '../bucket/configs.js';
import { ObjectLockConfigurationNotFoundError } from '../bucket/errors.js';

export async function getObjectLockConfiguration(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  const meta = await ctx.engine.objectLayer.getBucketMetadata(bucket);
  const stored = meta.configs[BUCKET_CONFIG.objectLock];
  if (stored !== undefined) {
    sendRawXml(ctx, 200, stored);
    return;
  }
  if (!meta.objectLockEnabled) throw new ObjectLockConfigurationNotFoundError(undefined, { bucket });
  sendXml(ctx, 200, 'ObjectLockConfiguration', { ObjectLockEnabled: 'Enabled' });
}
