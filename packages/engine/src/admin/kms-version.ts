/** KMS version (`GET /minio/kms/v1/version`, action `kms:Version`): `{"version"}`, the engine's. */
import type { RequestContext } from '../http/context.js';
import { sendAdminJson } from './admin-json.js';
import { KmsNotConfigured } from '../kms/errors.js';

export function kmsVersion(ctx: RequestContext): Promise<void> {
  if (!ctx.engine.kms.configured) {
    throw new KmsNotConfigured('Server side encryption specified but KMS is not configured');
  }
  sendAdminJson(ctx, { version: `coffer-builtin-${ctx.engine.version}` });
  return Promise.resolve();
}
