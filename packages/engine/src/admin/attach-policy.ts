/** Admin `POST /idp/builtin/policy/attach`: see ./policy-association.ts. */
import type { RequestContext } from '../http/context.js';
import { changePolicyAssociation } from './policy-association.js';

export function attachPolicy(ctx: RequestContext): Promise<void> {
  return changePolicyAssociation(ctx, true);
}
