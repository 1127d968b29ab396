/** Admin `POST /idp/builtin/policy/detach`: see ./policy-association.ts. */
import type { RequestContext } from '../http/context.js';
import { changePolicyAssociation } from './policy-association.js';

export function detachPolicy(ctx: RequestContext): Promise<void> {
  return changePolicyAssociation(ctx, false);
}
