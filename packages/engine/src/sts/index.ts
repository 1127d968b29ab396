/**
 * Entry for STS requests (`POST /` with a form body, or `?Action=AssumeRoleWith…`), called by the
 * router with `ctx.api = 'sts'`. Routing per wire doc §4.1: a form POST with an empty query string
 * signed with AWS4-HMAC-SHA256 is AssumeRole; anything else goes to the identity-provider
 * variants. Handlers throw EngineErrors (AccessDenied, MissingParameter, InvalidParameterValue,
 * …); the router's `writeStsError` (`http/errors.ts`) writes them in the STS XML shape (§4.4),
 * folding authentication failures into 403 AccessDenied as MinIO does.
 */
import type { RequestContext } from '../http/context.js';
import { assumeRole } from './assume-role.js';
import { assumeRoleWithSso } from './assume-role-with-sso.js';
import { isFormRequest } from './sts-form.js';

export { STS_XMLNS } from './sts-form.js';

export async function handleStsRequest(ctx: RequestContext): Promise<void> {
  const authorization = ctx.req.headers.authorization ?? '';
  if (
    isFormRequest(ctx) &&
    [...ctx.query.keys()].length === 0 &&
    authorization.startsWith('AWS4-HMAC-SHA256')
  ) {
    ctx.operation ??= 'AssumeRole';
    await assumeRole(ctx);
    return;
  }
  // The audit entry and metrics name the variant the client asked for.
  ctx.operation ??= ctx.query.get('Action') ?? 'AssumeRoleWithSSO';
  await assumeRoleWithSso(ctx);
}
