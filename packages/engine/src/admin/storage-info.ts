/**
 * Admin `GET /minio/admin/v3/storageinfo` → madmin.StorageInfo `{"Disks":[…],"Backend":{…}}`
 * (capitalised keys: the Go struct has no json tags; wire doc §3.1).
 */
import type { RequestContext } from '../http/context.js';
import { sendAdminJson } from './admin-json.js';
import { backendInfoJson, diskJson } from './presenters.js';

export async function storageInfo(ctx: RequestContext): Promise<void> {
  const info = await ctx.engine.objectLayer.storageInfo();
  sendAdminJson(ctx, {
    Disks: info.drives.map(diskJson),
    Backend: backendInfoJson(info, ctx.engine.endpoint()),
  });
}
