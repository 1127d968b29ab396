/**
 * The bucket's public access block (`<PublicAccessBlockConfiguration>` with BlockPublicAcls,
 * IgnorePublicAcls, BlockPublicPolicy, RestrictPublicBuckets; each optional, `true`/`false`), as
 * AWS defines it. What each switch does in this engine:
 *
 * - BlockPublicPolicy: PutBucketPolicy of a public policy (`isPublicPolicy`) is refused, 403;
 * - RestrictPublicBuckets: while the stored policy is public, its grants reach only the owner's
 *   account — every user of the engine is in it, so anonymous requests lose what the policy gave
 *   them (`combineAccess`), and GetBucketPolicyStatus reports the bucket not public;
 * - BlockPublicAcls: a public canned ACL (`public-read`, `public-read-write`,
 *   `authenticated-read`) or a grant to the AllUsers / AuthenticatedUsers groups on PutBucketAcl,
 *   PutObjectAcl, PutObject, CopyObject, CreateMultipartUpload or a POST form upload (its `acl`
 *   field) is refused, 403;
 * - IgnorePublicAcls: stored and answered, nothing more — the engine grants nothing by ACL (every
 *   bucket and object has the owner-only ACL), so there is no public ACL to ignore.
 *
 * Enabling a switch does not change stored policies (AWS: "doesn't affect existing policies").
 */
import type { IncomingHttpHeaders } from 'node:http';
import { MalformedXML } from '../common/errors.js';
import { rootElement, text } from './xml-fields.js';

export interface PublicAccessBlock {
  blockPublicAcls: boolean;
  ignorePublicAcls: boolean;
  blockPublicPolicy: boolean;
  restrictPublicBuckets: boolean;
}

const FIELDS = [
  ['BlockPublicAcls', 'blockPublicAcls'],
  ['IgnorePublicAcls', 'ignorePublicAcls'],
  ['BlockPublicPolicy', 'blockPublicPolicy'],
  ['RestrictPublicBuckets', 'restrictPublicBuckets'],
] as const;

/** Parse a PublicAccessBlockConfiguration (absent switches are false; other values MalformedXML). */
export function parsePublicAccessBlock(xml: string): PublicAccessBlock {
  const root = rootElement(xml, 'PublicAccessBlockConfiguration');
  const config: PublicAccessBlock = {
    blockPublicAcls: false,
    ignorePublicAcls: false,
    blockPublicPolicy: false,
    restrictPublicBuckets: false,
  };
  for (const [element, field] of FIELDS) {
    const value = text(root, element)?.toLowerCase();
    if (value === undefined) continue;
    if (value !== 'true' && value !== 'false') {
      throw new MalformedXML(`${element} must be true or false.`);
    }
    config[field] = value === 'true';
  }
  return config;
}

/** The stored (canonical) document: every switch spelled out, as GetPublicAccessBlock answers. */
export function publicAccessBlockXml(config: PublicAccessBlock): string {
  const fields = FIELDS.map(([element, field]) => `<${element}>${String(config[field])}</${element}>`);
  return (
    '<PublicAccessBlockConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `${fields.join('')}</PublicAccessBlockConfiguration>`
  );
}

/** Canned ACLs that grant AllUsers or AuthenticatedUsers something (AWS's "public" ACLs). */
const PUBLIC_CANNED_ACLS = new Set(['public-read', 'public-read-write', 'authenticated-read']);

/** The predefined groups whose grants make an ACL public. */
const PUBLIC_GROUPS = /acs\.amazonaws\.com\/groups\/global\/(AllUsers|AuthenticatedUsers)/i;

/** Is a canned ACL name one of the public ones? */
export function isPublicCannedAcl(canned: string): boolean {
  return PUBLIC_CANNED_ACLS.has(canned.trim().toLowerCase());
}

/**
 * Does the request ask for a public ACL: a public `x-amz-acl`, an `x-amz-grant-*` header naming a
 * public group, or (for ?acl bodies, `aclBody`) an AccessControlPolicy granting one?
 */
export function requestsPublicAcl(headers: IncomingHttpHeaders, aclBody?: string): boolean {
  const canned = headers['x-amz-acl'];
  if (canned !== undefined && isPublicCannedAcl(String(canned))) return true;
  for (const [name, value] of Object.entries(headers)) {
    if (name.startsWith('x-amz-grant-') && PUBLIC_GROUPS.test(String(value))) return true;
  }
  return aclBody !== undefined && PUBLIC_GROUPS.test(aclBody);
}
