/**
 * The AWS/MinIO IAM policy language as data: a document holds statements, each with an effect,
 * the actions (or everything but some actions) and resources (or everything but some resources) it
 * covers, and optional conditions. Parsed documents are normalised: every string-or-list field is a
 * list, so evaluation never has to ask which form it got.
 */

/** Policy language version MinIO and AWS accept (minio/pkg `DefaultVersion`). */
export const POLICY_VERSION = '2012-10-17';

export type Effect = 'Allow' | 'Deny';

/**
 * Conditions of a statement: operator (e.g. `StringEquals`) → condition key (e.g.
 * `aws:username`) → the values to compare with. Keys are kept as written; evaluation compares
 * them case-insensitively, as AWS does.
 */
export type ConditionBlock = Record<string, Record<string, string[]>>;

export interface Statement {
  Sid?: string;
  Effect: Effect;
  /** Exactly one of Action / NotAction is set. */
  Action?: string[];
  NotAction?: string[];
  /** At most one of Resource / NotResource is set; neither means "every resource". */
  Resource?: string[];
  NotResource?: string[];
  Condition?: ConditionBlock;
}

export interface Policy {
  Version: string;
  Id?: string;
  Statement: Statement[];
}

/** What is being asked: may `action` be done on `resource`, given the request's condition values? */
export interface PolicyRequest {
  /** e.g. `s3:GetObject`, `admin:ListUsers`. */
  action: string;
  /**
   * The ARN acted on: `arn:aws:s3:::bucket` (bucket-level), `arn:aws:s3:::bucket/key`
   * (object-level); absent for account-level actions such as `s3:ListAllMyBuckets` and for
   * `admin:`/`kms:` actions.
   */
  resource?: string;
  /**
   * Condition keys of the request (e.g. `aws:username`, `s3:prefix`) → values. Used by condition
   * operators and to substitute policy variables (`${aws:username}`) in resources.
   */
  conditions?: Record<string, string[]>;
}
