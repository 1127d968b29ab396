/**
 * A bucket's access as the console names it (spec 1 §3: PRIVATE, PUBLIC, CUSTOM) and the bucket
 * policy behind each name, both ways:
 *
 * - PRIVATE is no bucket policy at all.
 * - PUBLIC is MinIO's canned read-write policy for the whole bucket: everyone (`*`) may locate and
 *   list the bucket and its multipart uploads, and get, put and delete its objects and manage their
 *   multipart uploads.
 * - CUSTOM is any other policy, stored as the user wrote it.
 *
 * Reading back, a stored policy counts as PUBLIC only when it grants exactly the canned read-write
 * set to everyone without conditions (statements may be split, merged or reordered, and action
 * names differ in case); anything else — a narrower or wider grant, a Deny, a condition, a named
 * principal — is CUSTOM, so the console never claims a policy is the canned one when it is not.
 */
import type { BucketAccess } from '@coffer/contract';

const BUCKET_ACTIONS = ['s3:GetBucketLocation', 's3:ListBucket', 's3:ListBucketMultipartUploads'];
const OBJECT_ACTIONS = [
  's3:AbortMultipartUpload',
  's3:DeleteObject',
  's3:GetObject',
  's3:ListMultipartUploadParts',
  's3:PutObject',
];

const arn = (resource: string): string => `arn:aws:s3:::${resource}`;

/** The canned read-write bucket policy PUBLIC stores for `bucket` (JSON text). */
export function publicPolicy(bucket: string): string {
  return JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', Principal: { AWS: ['*'] }, Action: BUCKET_ACTIONS, Resource: [arn(bucket)] },
      { Effect: 'Allow', Principal: { AWS: ['*'] }, Action: OBJECT_ACTIONS, Resource: [arn(`${bucket}/*`)] },
    ],
  });
}

/** The (action, resource) pairs of the canned policy, lower-cased actions. */
function publicGrants(bucket: string): Set<string> {
  const grants = new Set<string>();
  for (const action of BUCKET_ACTIONS) grants.add(`${action.toLowerCase()} ${arn(bucket)}`);
  for (const action of OBJECT_ACTIONS) grants.add(`${action.toLowerCase()} ${arn(`${bucket}/*`)}`);
  return grants;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A string or a list of strings as a list; undefined when it is neither. */
function stringList(value: unknown): string[] | undefined {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value as string[];
  return undefined;
}

function isEveryone(principal: unknown): boolean {
  if (principal === '*') return true;
  if (!isRecord(principal) || Object.keys(principal).length !== 1) return false;
  const aws = stringList(principal.AWS);
  return aws !== undefined && aws.length > 0 && aws.every((p) => p === '*');
}

/**
 * The (action, resource) pairs a statement grants to everyone unconditionally, or undefined when
 * the statement is anything else (Deny, conditions, Not* elements, named principals).
 */
function unconditionalPublicGrants(statement: unknown): string[] | undefined {
  if (!isRecord(statement)) return undefined;
  const allowed = new Set(['Sid', 'Effect', 'Principal', 'Action', 'Resource']);
  if (Object.keys(statement).some((key) => !allowed.has(key))) return undefined;
  if (statement.Effect !== 'Allow' || !isEveryone(statement.Principal)) return undefined;
  const actions = stringList(statement.Action);
  const resources = stringList(statement.Resource);
  if (actions === undefined || resources === undefined) return undefined;
  return actions.flatMap((action) => resources.map((resource) => `${action.toLowerCase()} ${resource}`));
}

/** What a stored bucket policy (empty or absent: none) means for `bucket`. */
export function accessOf(policy: string | undefined, bucket: string): BucketAccess {
  if (policy === undefined || policy.trim() === '') return 'PRIVATE';
  let document: unknown;
  try {
    document = JSON.parse(policy);
  } catch {
    return 'CUSTOM';
  }
  if (!isRecord(document)) return 'CUSTOM';
  const statements = Array.isArray(document.Statement)
    ? (document.Statement as unknown[])
    : [document.Statement];
  const granted = new Set<string>();
  for (const statement of statements) {
    const grants = unconditionalPublicGrants(statement);
    if (grants === undefined) return 'CUSTOM';
    for (const grant of grants) granted.add(grant);
  }
  const expected = publicGrants(bucket);
  const same = granted.size === expected.size && [...granted].every((grant) => expected.has(grant));
  return same ? 'PUBLIC' : 'CUSTOM';
}
