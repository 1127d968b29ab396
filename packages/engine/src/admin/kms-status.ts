/**
 * KMS status (wire doc §3.13): `POST /minio/admin/v3/kms/status` (action `admin:KMSKeyStatus`) and
 * `GET /minio/kms/v1/status` (`kms:Status`, what madmin asks): `{"name","default-key-id","endpoints",
 * "state"}`. Without a KMS, 501 NotImplemented "… KMS is not configured".
 */
import type { RequestContext } from '../http/context.js';
import { sendAdminJson } from './admin-json.js';

export async function kmsStatus(ctx: RequestContext): Promise<void> {
  const status = await ctx.engine.kms.status();
  sendAdminJson(ctx, {
    name: status.name,
    'default-key-id': status.defaultKeyId,
    endpoints: status.endpoints,
    // The built-in KMS is in-process: always reachable, no latency worth reporting.
    state: {},
  });
}
