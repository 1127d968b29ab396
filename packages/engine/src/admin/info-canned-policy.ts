/**
 * Admin `GET /info-canned-policy?name=[&v=2]` (wire doc §3.4): the policy document (indented
 * JSON), or with `v=2` `{"PolicyName","Policy","CreateDate"?,"UpdateDate"?}` (dates only for the
 * administrator's policies). A comma in the name → XMinioAdminInvalidRequest. Action
 * admin:GetPolicy.
 */
import type { RequestContext } from '../http/context.js';
import { AdminInvalidRequest } from './errors.js';
import { iamOf, requireAdminAction } from './admin-auth.js';
import { queryParam } from './admin-body.js';
import { goTime } from './admin-json.js';

function sendJsonText(ctx: RequestContext, text: string): void {
  const body = Buffer.from(text, 'utf8');
  ctx.res.statusCode = 200;
  ctx.res.setHeader('Content-Type', 'application/json');
  ctx.res.setHeader('Content-Length', body.length);
  ctx.res.end(body);
}

export async function infoCannedPolicy(ctx: RequestContext): Promise<void> {
  requireAdminAction(ctx, 'admin:GetPolicy');
  const name = queryParam(ctx, 'name');
  if (name.includes(',')) throw new AdminInvalidRequest('only one policy name may be given');
  const version = ctx.query.get('v') ?? '';
  if (version !== '' && version !== '2') {
    throw new AdminInvalidRequest("invalid version parameter 'v' supplied");
  }
  const view = iamOf(ctx).policyInfo(name);
  if (version === '2') {
    const info: Record<string, unknown> = { PolicyName: view.name, Policy: view.document };
    if (view.createDate) info.CreateDate = goTime(view.createDate);
    if (view.updateDate) info.UpdateDate = goTime(view.updateDate);
    sendJsonText(ctx, JSON.stringify(info, null, ' '));
  } else {
    sendJsonText(ctx, JSON.stringify(view.document, null, ' '));
  }
  return Promise.resolve();
}
