/**
 * Admin `GET /list-canned-policies` (wire doc §3.4): `{"<name>": <policy document>, …}` with the
 * built-ins (consoleAdmin, diagnostics, readonly, readwrite, writeonly) and the administrator's
 * policies; with `bucket=`, only those reaching that bucket. Action admin:ListUserPolicies.
 */
import { parsePolicy } from '@coffer/protocol';
import type { RequestContext } from '../http/context.js';
import { iamOf, requireAdminAction } from './admin-auth.js';
import { sendAdminJson } from './admin-json.js';
import { policyReachesBucket } from './bucket-access.js';

export async function listCannedPolicies(ctx: RequestContext): Promise<void> {
  requireAdminAction(ctx, 'admin:ListUserPolicies');
  const bucket = ctx.query.get('bucket') ?? '';
  const out: Record<string, unknown> = {};
  for (const view of iamOf(ctx).listPolicies()) {
    if (bucket !== '' && !policyReachesBucket(parsePolicy(view.document), bucket)) continue;
    out[view.name] = view.document;
  }
  sendAdminJson(ctx, out);
  return Promise.resolve();
}
