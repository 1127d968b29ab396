/**
 * GetObjectLockConfiguration (`GET /<bucket>?object-lock`): the stored document (with default
 * retention) when set; `<ObjectLockEnabled>Enabled</ObjectLockEnabled>` alone for a lock-enabled
 * bucket without one; 404 ObjectLockConfigurationNotFoundError for a bucket without lock.
 */
import type { RequestContext } from '../http/context.js';
import { sendRawXml, sendXml } from '../http/xml.js';
import { objectLockConfigurationXml } from '../bucket/object-lock.js';
import { ObjectLockConfigurationNotFoundError } from '../bucket/errors.js';

export async function getObjectLockConfiguration(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  const service = ctx.engine.bucketMetadata;
  const meta = await service.metadata(bucket);
  const config = service.fromMetadata(meta, 'objectLock');
  if (config !== undefined) {
    sendRawXml(ctx, 200, objectLockConfigurationXml(config));
    return;
  }
  if (!meta.objectLockEnabled) throw new ObjectLockConfigurationNotFoundError(undefined, { bucket });
  sendXml(ctx, 200, 'ObjectLockConfiguration', { ObjectLockEnabled: 'Enabled' });
}
