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
}

export interface CredentialProvider {
  /** The credential with this access key, or undefined when none exists (or it has expired). */
  lookup(accessKey: string): Promise<Credential | undefined>;
}
