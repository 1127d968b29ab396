/**
 * How the two policy sources of a request add up — IAM (identity policies, a session policy) and
 * the bucket policy — as AWS combines them within one account, and MinIO for its users:
 *
 * - root (and credentials acting for root) is never limited by a bucket policy; a session policy
 *   still narrows root's derived credentials;
 * - an explicit Deny in any of them wins;
 * - an anonymous request is allowed only by the bucket policy (a statement for Principal `*`);
 * - an account is allowed when its IAM policies or the bucket policy (a statement whose Principal
 *   names it or `*`) allow, and, for a credential with a session policy, the session policy allows
 *   too (a session policy narrows whatever grants the access).
 */
import type { AccessVerdict } from '../iam/iam-system.js';

export interface AccessInputs {
  /** 'root': root or acting for root; 'anonymous': no credential; 'account': a user's credential. */
  caller: 'root' | 'anonymous' | 'account';
  /** The account's IAM verdict (ignored for anonymous callers). */
  iam: AccessVerdict;
  /** The session policy's verdict, for derived credentials that carry one. */
  session?: AccessVerdict;
  /** The bucket policy's verdict for this caller ('none' without a bucket or a policy). */
  bucket: AccessVerdict;
}

/** The decision: is the request allowed? */
export function combineAccess(inputs: AccessInputs): boolean {
  const sessionAllows = inputs.session === undefined || inputs.session === 'allow';
  if (inputs.caller === 'root') return sessionAllows;
  if (inputs.caller === 'anonymous') return inputs.bucket === 'allow';
  if (inputs.iam === 'deny' || inputs.bucket === 'deny') return false;
  return (inputs.iam === 'allow' || inputs.bucket === 'allow') && sessionAllows;
}
