/**
 * Credentials as the request-authentication layer sees them. The IAM subsystem (`iam/`) owns
 * where they come from (root from the environment or the data dir, temporary credentials from STS,
 * later users and service accounts); `http/auth.ts` only asks `lookup` for a secret to check a
 * signature against.
 */

export type CredentialKind = 'root' | 'user' | 'temporary' | 'service-account';

export interface Credential {
  accessKey: string;
  secretKey: string;
  kind: CredentialKind;
  /** For temporary credentials and service accounts: the long-term user they act for. */
  parentUser?: string;
  /** Temporary credentials: the session token the request must carry (X-Amz-Security-Token). */
  sessionToken?: string;
  /** Temporary credentials: when they stop working. */
  expiration?: Date;
  /** False for a disabled user or service account. */
  enabled: boolean;
  /**
   * Temporary credentials and service accounts: the session policy (JSON text) given when they
   * were issued (STS `Policy`), which narrows the parent's permissions (enforced with issue 4).
   */
  sessionPolicy?: string;
  /** Temporary credentials from an identity provider (OpenID, LDAP): where their policies come from. */
  federation?: FederatedIdentity;
}

/**
 * Who an identity provider said a temporary credential's holder is (STS AssumeRoleWith…). Its
 * `parentUser` is then no local user: OpenID credentials act by the policies the token claimed (or
 * its role's), LDAP credentials by the policies attached to the user's DN and its groups' DNs
 * (looked up on every request, so attaching a policy later takes effect at once, as in MinIO).
 */
export interface FederatedIdentity {
  provider: 'openid' | 'ldap';
  /** OpenID: the claimed (or role) policy names that exist. */
  policies?: string[];
  /** LDAP: the group DNs found at sign-in. */
  groups?: string[];
  /** OpenID `sub` or LDAP username, for display. */
  subject?: string;
}

export interface CredentialProvider {
  /** The credential with this access key, or undefined when none exists (or it has expired). */
  lookup(accessKey: string): Promise<Credential | undefined>;
}
