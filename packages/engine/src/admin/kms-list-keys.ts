/**
 * KMS key list (wire doc §3.13): `GET /minio/kms/v1/key/list?pattern=` (action `kms:ListKeys`):
 * `[{"createdAt","createdBy","name"}]` of the keys whose name matches the glob (`*` or empty: all),
 * the default key included. Times are Go `time.Time` JSON (RFC 3339; the zero time when unknown).
 */
import type { RequestContext } from '../http/context.js';
import { goTime, sendAdminJson } from './admin-json.js';
import { queryParam } from './admin-body.js';

export async function kmsListKeys(ctx: RequestContext): Promise<void> {
  const keys = await ctx.engine.kms.listKeys(queryParam(ctx, 'pattern') || '*');
  sendAdminJson(
    ctx,
    keys.map((key) => ({ createdAt: goTime(key.createdAt), createdBy: key.createdBy, name: key.name })),
  );
}
